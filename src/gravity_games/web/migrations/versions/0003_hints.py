"""Games remember whether their people may ask for hints (the creator decides).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Games stored before this revision allowed hints (the API had none, the CLI always did).
    # A plain ADD COLUMN, not a batch: on SQLite a batch rebuilds the table, and dropping the
    # old games table would cascade to the seats and actions that reference it.
    op.add_column("games", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("hints")
