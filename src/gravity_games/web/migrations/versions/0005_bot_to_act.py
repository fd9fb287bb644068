"""Games remember whether a bot is to act, so a restart resumes exactly those games.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

Before this column the server replayed every unfinished game before it listened (4.3 s for
2,000 games); now it loads in the background only the games a bot must move in, and every
other game on its first request.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (see 0003). Games stored before it are marked when unfinished with a bot
    # seat: the resumer loads them once and finds out (the safe side: no bot game is left waiting).
    op.add_column("games", sa.Column("bot_to_act", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.execute(
        "UPDATE games SET bot_to_act = TRUE WHERE finished = FALSE AND id IN "
        "(SELECT game_id FROM seats WHERE bot IS NOT NULL)"
    )
    op.create_index("ix_games_bot_to_act", "games", ["bot_to_act"])


def downgrade() -> None:
    op.drop_index("ix_games_bot_to_act", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("bot_to_act")
