"""Periodic snapshots (fast restarts) and the rooms' time of last change.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("updated_at", sa.Float, nullable=False, server_default="0"))
    op.create_table(
        "snapshots",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.room_id"), primary_key=True),
        sa.Column("version", sa.BigInteger, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("extra", sa.JSON, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("updated_at")
