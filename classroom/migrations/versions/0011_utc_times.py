"""Times in UTC on SQLite, and the projector's own link (issue 31, items 4 and 5).

Deadlines: SQLite has no time type, and before :class:`classroom.models.UTCDateTime` an aware time was written as
its wall time with the offset dropped. Every time the app made itself was UTC already (``utcnow``), so those rows
are right; a deadline was the teacher's wall time in the teacher's browser zone (06/12 21:00 typed at UTC+7 was
read back as 21:00 UTC, shown as 07/12 04:00). The zone was not stored, so it is taken, per class, from:

1. ``MAUBINH_OLD_DEADLINE_ZONE`` (an IANA name such as ``Asia/Ho_Chi_Minh``), when the operator knows it;
2. else the time zone most of the class's learners' daily goals were set in (their browsers');
3. else ``Asia/Ho_Chi_Minh`` for a class taught in Vietnamese;
4. else the deadline is left as it is (read as UTC, as before).

PostgreSQL's ``timestamptz`` kept the instant: nothing to fix there. ``classes.projector_hash``: the hash of the
projector link's secret (``NULL`` until the teacher's page first shows that link).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import sqlalchemy as sa
from alembic import op

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

ZONE_ENV = "MAUBINH_OLD_DEADLINE_ZONE"
"""Environment variable: the zone every old SQLite deadline was typed in (overrides what is guessed per class)."""
_LANGUAGE_ZONES = {"vi": "Asia/Ho_Chi_Minh"}
_FORMAT = "%Y-%m-%d %H:%M:%S.%f"
"""How SQLAlchemy writes a time on SQLite."""


def _zone(name: str | None) -> ZoneInfo | None:
    try:
        return ZoneInfo(name) if name else None
    except (KeyError, ValueError):
        return None


def class_zone(connection: sa.Connection, class_id: str, language: str) -> ZoneInfo | None:
    """The zone a class's old deadlines were typed in (see the module's list), or ``None`` when unknown."""
    chosen = _zone(os.environ.get(ZONE_ENV))
    if chosen is not None:
        return chosen
    goals = connection.execute(sa.text(
        "SELECT g.timezone, COUNT(DISTINCT g.learner_id) AS n FROM daily_goals g JOIN learners l ON l.id = g.learner_id "
        "WHERE l.class_id = :class_id GROUP BY g.timezone ORDER BY n DESC, g.timezone"), {"class_id": class_id})
    for name, _count in goals:
        found = _zone(name)
        if found is not None:
            return found
    return _zone(_LANGUAGE_ZONES.get(language))


def _move_deadlines(forward: bool) -> None:
    """Forward: each stored wall time read in its class's zone and written as UTC; back: the other way."""
    connection = op.get_bind()
    if connection.dialect.name != "sqlite":
        return
    rows = connection.execute(sa.text(
        "SELECT a.id, a.deadline, a.class_id, c.language FROM assignments a JOIN classes c ON c.id = a.class_id "
        "WHERE a.deadline IS NOT NULL")).all()
    zones: dict[str, ZoneInfo | None] = {}
    for assignment_id, stored, class_id, language in rows:
        if class_id not in zones:
            zones[class_id] = class_zone(connection, class_id, language)
        zone = zones[class_id]
        if zone is None:
            continue
        wall = stored if isinstance(stored, datetime) else datetime.fromisoformat(str(stored))
        wall = wall.replace(tzinfo=None)
        moved = (wall.replace(tzinfo=zone).astimezone(UTC) if forward
                 else wall.replace(tzinfo=UTC).astimezone(zone)).replace(tzinfo=None)
        connection.execute(sa.text("UPDATE assignments SET deadline = :deadline WHERE id = :id"),
                           {"deadline": moved.strftime(_FORMAT), "id": assignment_id})


def upgrade() -> None:
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.add_column(sa.Column('projector_hash', sa.String(length=64), nullable=True))
    _move_deadlines(forward=True)


def downgrade() -> None:
    _move_deadlines(forward=False)
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.drop_column('projector_hash')
