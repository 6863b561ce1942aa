"""Alembic environment of the server's store: the engine comes from `Config.attributes`
(see `tycoon.server.store.migrate`)."""

from __future__ import annotations

from alembic import context

from tycoon.server.store import metadata

engine = context.config.attributes["engine"]
with engine.begin() as connection:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
