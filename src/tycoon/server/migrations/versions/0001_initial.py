"""The first schema: rooms, games (the record head) and the action log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("room_id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.room_id"), primary_key=True),
        sa.Column("edition", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("nonce", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.room_id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("games")
    op.drop_table("rooms")
