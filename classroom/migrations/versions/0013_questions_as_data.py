"""Questions stored as plain data, not pickles (issue 33 §4): every stored question (``bank_questions.blob``, the
bank's compact form; ``assigned_questions.blob``, an assignment's whole question) is read with the old restricted
unpickler (:mod:`classroom.legacy_pickle`, used here only) and written again as its plain data
(:func:`classroom.snapshot.pack`: :mod:`maubinh.drills.codec`'s JSON, zlib-compressed). The columns stay as they are.

- A row already in the new form is left as it is (a second run changes nothing).
- A bank row that cannot be read (made under rules data that changed since, so never dealt again, or damaged) is
  deleted: the bank is questions made ahead, made again live or by the build when wanted.
- An assignment's row that cannot be read is left as it is: the reader refuses it as before ("cannot be read
  back", shown to the learner), and nothing else is lost.

The downgrade writes every row readable as plain data back as a pickle (a row it cannot read is left).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-05
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None

log = logging.getLogger("alembic.runtime.migration")
_BATCH = 200
"""Rows read and written at a time."""

_BANK = sa.table("bank_questions", sa.column("key", sa.String), sa.column("blob", sa.LargeBinary))
_ASSIGNED = sa.table("assigned_questions", sa.column("assignment_id", sa.Integer), sa.column("number", sa.Integer),
                     sa.column("blob", sa.LargeBinary))


def _is_data(blob: bytes) -> bool:
    """Whether ``blob`` is a question stored as plain data already (zlib-compressed JSON: it starts with ``{``)."""
    try:
        return zlib.decompressobj().decompress(blob, 1) == b"{"
    except zlib.error:
        return False


def _convert(table: sa.TableClause, keys: tuple[str, ...], change: Callable[[bytes], bytes | None],
             delete_unreadable: bool) -> tuple[int, int]:
    """Rewrite each row's blob with ``change`` (``None``: leave it); rows ``change`` cannot read are deleted with
    ``delete_unreadable``, else left. Returns ``(rewritten, unreadable)``."""
    from classroom.legacy_pickle import LegacyPickleError
    from classroom.snapshot import SnapshotError

    connection = op.get_bind()
    columns = [table.c[key] for key in keys]
    ids = [tuple(row) for row in connection.execute(sa.select(*columns).order_by(*columns))]
    rewritten = unreadable = 0
    for start in range(0, len(ids), _BATCH):
        chunk = ids[start:start + _BATCH]
        where = sa.tuple_(*columns).in_(chunk) if len(keys) > 1 else columns[0].in_([i[0] for i in chunk])
        for row in connection.execute(sa.select(*columns, table.c.blob).where(where)).all():
            match = sa.and_(*(column == value for column, value in zip(columns, row[:-1])))
            try:
                blob = change(row[-1])
            except (LegacyPickleError, SnapshotError, TypeError) as exc:
                unreadable += 1
                log.warning("%s %s cannot be read: %s", table.name, tuple(row[:-1]), str(exc)[:200])
                if delete_unreadable:
                    connection.execute(sa.delete(table).where(match))
                continue
            if blob is not None:
                connection.execute(sa.update(table).where(match).values(blob=blob))
                rewritten += 1
    return rewritten, unreadable


def upgrade() -> None:
    from classroom.legacy_pickle import legacy_unpack
    from classroom.snapshot import pack

    def to_data(compact: bool) -> Callable[[bytes], bytes | None]:
        return lambda blob: None if _is_data(blob) else pack(legacy_unpack(blob), compact=compact)

    for table, keys, compact in ((_BANK, ("key",), True), (_ASSIGNED, ("assignment_id", "number"), False)):
        rewritten, unreadable = _convert(table, keys, to_data(compact), delete_unreadable=table is _BANK)
        log.info("%s: %d questions stored as plain data, %d unreadable (%s)", table.name, rewritten, unreadable,
                 "deleted" if table is _BANK else "left as they were")


def downgrade() -> None:
    from classroom.legacy_pickle import legacy_pack
    from classroom.snapshot import unpack

    def to_pickle(compact: bool) -> Callable[[bytes], bytes | None]:
        return lambda blob: legacy_pack(unpack(blob), compact=compact) if _is_data(blob) else None

    for table, keys, compact in ((_BANK, ("key",), True), (_ASSIGNED, ("assignment_id", "number"), False)):
        _convert(table, keys, to_pickle(compact), delete_unreadable=False)
