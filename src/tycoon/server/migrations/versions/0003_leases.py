"""Room ownership for several server instances on one database: a lease per room (its
owner, the owner's address, a fencing epoch and the expiry), and the epoch each action of
the log was committed under.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("url", sa.String(300), nullable=False),
        sa.Column("epoch", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("leases_owner", "leases", ["owner"])
    op.create_index("leases_expiry", "leases", ["expires_at"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("epoch", sa.BigInteger, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("epoch")
    op.drop_table("leases")
