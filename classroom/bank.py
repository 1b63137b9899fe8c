"""The question bank in the classroom database (issue 23): questions made and graded ahead, dealt at once.

A banked question is an ordinary question whose seed comes from its cell (rule set, level, kind), the rule
set's data version and its ordinal in the cell (:mod:`maubinh.drills.versions`); it is made and graded by the
same code as a question made live (:func:`maubinh.drills.make_from_ref`), packed as an assignment's questions
are (:mod:`classroom.snapshot`) and stored under its ordinary key, so its Glicko-2 rating
(``question_ratings``) is shared by everyone who answers it.

- :class:`QuestionBank` adds questions (idempotent, one transaction), loads the starter file shipped with the
  project (:data:`STARTER`, :meth:`QuestionBank.load_file`: only the questions missing are written, all of them
  or none), deals ordinals a learner has not seen (:meth:`QuestionBank.deal`) and reads a question back
  (:meth:`QuestionBank.question`). Only questions of the rule set's current data version are dealt or read:
  when a rule set's data changes, its old questions stay in the table (an assignment keeps its own copies)
  but are never dealt again.
- "The question this reference names", from the bank when it holds it, else made live, is the app's
  (:class:`background.questions.QuestionSource`): this module only stores.
- :func:`read_file` / :func:`write_file`: the starter file, an xz-compressed JSON line per question, the question
  as plain data (:mod:`maubinh.drills.codec`).
"""

from __future__ import annotations

import hashlib
import json
import logging
import lzma
import math
import random
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from classroom.models import BankFile, BankQuestion, utcnow
from classroom.service import ClassroomStore
from classroom.snapshot import SnapshotError, pack, pack_data, record, unpack
from maubinh.drills import Kind, Level, Question, QuestionRef
from maubinh.drills.codec import FORMAT
from maubinh.drills.path import Facts, facts
from maubinh.drills.versions import PICK_LIMIT, bank_seed, data_version
from maubinh.rules import RULE_SET_IDS

__all__ = ["STARTER", "Banked", "QuestionBank", "banked", "deal_picks", "read_file", "write_file"]

STARTER = Path(__file__).resolve().parent.parent / "maubinh" / "drills" / "data" / "bank.jsonl.xz"
"""The starter bank shipped with the project (loaded at start; ``python -m background.bank build`` adds to
the database, ``... export`` writes this file)."""
_INDEX_SECONDS = 30.0
"""How long a :class:`QuestionBank` trusts its in-memory list of the stored questions (dealing reads no table)."""
log = logging.getLogger(__name__)
_ADD_BATCH = 200
"""Rows inserted per statement when loading a file."""


@dataclass(frozen=True)
class Banked:
    """One bank question as stored: its key, cell, data version, ordinal, seed, themes, record and packed bytes."""

    key: str
    rule_set_id: str
    level: str
    kind: str
    version: str
    ordinal: int
    seed: int
    themes: tuple[str, ...]
    record: dict[str, Any] = field(compare=False)
    blob: bytes = field(compare=False, repr=False)

    def row(self) -> dict[str, Any]:
        """The values of its ``bank_questions`` row."""
        return {"key": self.key, "rule_set_id": self.rule_set_id, "level": self.level, "kind": self.kind,
                "version": self.version, "ordinal": self.ordinal, "seed": self.seed, "themes": list(self.themes),
                "record": self.record, "blob": self.blob, "made_at": utcnow()}


def _ref(rule_set_id: str, level: str, kind: str, ordinal: int) -> QuestionRef:
    return QuestionRef(Kind(kind), Level(level), rule_set_id, bank_seed(rule_set_id, level, kind, ordinal))


def banked(question: Question, rule_set_id: str, ordinal: int) -> Banked:
    """``question`` (the bank's question ``ordinal`` of its cell under ``rule_set_id``) as stored; its ``themes``
    column holds the question's own themes (:attr:`maubinh.drills.Question.themes`, by value), read by the pickers
    that filter by theme without unpacking each question.

    Raises:
        ValueError: when the question's seed is not that ordinal's (:func:`maubinh.drills.versions.bank_seed`).
    """
    kind, level = question.kind.value, question.level.value
    ref = _ref(rule_set_id, level, kind, ordinal)
    if question.seed != ref.seed:
        raise ValueError(f"question seed {question.seed} is not bank ordinal {ordinal}'s ({ref.seed})")
    return Banked(ref.key, rule_set_id, level, kind, data_version(rule_set_id, kind), ordinal, ref.seed,
                  tuple(theme.value for theme in question.themes), record(question), pack(question, compact=True))


def write_file(path: Path, entries: Iterable[Banked]) -> int:
    """Write ``entries`` to ``path`` (xz-compressed JSON lines, sorted by cell and ordinal); returns how many.

    Each line holds the question's cell, ordinal, seed, themes and record, and the question itself as plain data
    (``"question"``: :func:`maubinh.drills.codec.to_data`, the compact form; a question stored whole before is
    written compactly), not compressed one by one: xz compresses across questions.

    Raises:
        classroom.snapshot.SnapshotError: for a stored question that cannot be read back.
    """
    rows = sorted(entries, key=lambda e: (e.rule_set_id, e.level, e.kind, e.version, e.ordinal))
    lines = [json.dumps({"key": e.key, "rule_set_id": e.rule_set_id, "level": e.level, "kind": e.kind,
                         "version": e.version, "ordinal": e.ordinal, "seed": e.seed, "themes": list(e.themes),
                         "record": e.record, "question": _question_data(e.blob)},
                        ensure_ascii=False, separators=(",", ":")) for e in rows]
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(path.suffix + ".part")
    temporary.write_bytes(lzma.compress(("\n".join(lines) + "\n").encode("utf-8"), preset=9))
    temporary.replace(path)  # a reader never sees half a file
    return len(rows)


def _question_data(blob: bytes) -> dict[str, Any]:
    """The plain data of a stored question, in the compact form (packed again when it was stored whole)."""
    data: dict[str, Any] = json.loads(zlib.decompress(pack(unpack(blob), compact=True)))
    return data


def _blob(data: object) -> bytes:
    """A bank file's ``"question"`` as stored in the database (:func:`classroom.snapshot.pack`'s bytes; read back and
    checked when dealt, :meth:`QuestionBank.question`)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"\"question\" is not a question in the plain-data form {FORMAT}")
    return pack_data(data)


_LONGEST_LINE = 4 * 1024 * 1024
"""Longest line of a bank file read (characters)."""


def read_file(path: Path = STARTER) -> list[Banked]:
    """The questions of a bank file (:func:`write_file`); ``[]`` when there is no file.

    Raises:
        ValueError: for a damaged file, or one written before questions were stored as data (its lines hold
            ``"pickle"``), naming the line.
    """
    if not path.exists():
        return []
    found = []
    for number, line in enumerate(lzma.decompress(path.read_bytes()).decode("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            if len(line) > _LONGEST_LINE:
                raise ValueError("line too long")
            data = json.loads(line)
            if "question" not in data and ("pickle" in data or "blob" in data):
                raise ValueError("a pickled question (a bank file written before questions were stored as data)")
            found.append(Banked(str(data["key"]), str(data["rule_set_id"]), str(data["level"]), str(data["kind"]),
                                str(data["version"]), int(data["ordinal"]), int(data["seed"]),
                                tuple(str(t) for t in data["themes"]), dict(data["record"]), _blob(data["question"])))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"{path.name} line {number}: {exc}") from exc
    return found


class QuestionBank:
    """The bank on a :class:`~classroom.service.ClassroomStore`'s database (thread-safe, no Streamlit)."""

    def __init__(self, store: ClassroomStore, fresh_for: float = _INDEX_SECONDS) -> None:
        self.store = store
        self._fresh_for = fresh_for
        self._lock = threading.Lock()
        self._index: dict[tuple[str, str, str], dict[int, str]] = {}
        self._indexed_at = -math.inf
        self._facts: dict[str, Facts | None] = {}

    def _cells(self) -> dict[tuple[str, str, str], dict[int, str]]:
        """Every cell's stored questions of the current data version (key by ordinal), read from the database at
        most every ``fresh_for`` seconds (another server's build shows up within that time; this one's at once)."""
        with self._lock:
            if time.monotonic() - self._indexed_at < self._fresh_for:
                return self._index
        index: dict[tuple[str, str, str], dict[int, str]] = {}
        table = BankQuestion.__table__.c
        with self.store.engine.connect() as connection:  # plain rows, no ORM loading: ~6x faster for 6,300 rows
            rows = connection.execute(select(table.rule_set_id, table.level, table.kind, table.version,
                                             table.ordinal, table.key)).all()
            for rules, level, kind, version, ordinal, key in rows:
                if _current(rules, kind, version):
                    index.setdefault((rules, level, kind), {})[int(ordinal)] = str(key)
        with self._lock:
            self._index, self._indexed_at = index, time.monotonic()
        return index

    def _forget(self) -> None:
        with self._lock:
            self._indexed_at = -math.inf

    def add(self, entries: Sequence[Banked], digest: str | None = None, replace: bool = False) -> int:
        """Store ``entries`` in one transaction (all or none); a question already stored is left as it is, or with
        ``replace`` written over when its stored bytes or themes differ (a bank file that repairs questions under
        the same key: the same seed and data version, made again). With ``digest`` (a bank file's SHA-256), note
        the file as loaded in the same transaction. Returns how many were new or replaced."""

        def work(session: Session) -> int:
            keys = [e.key for e in entries]
            have: dict[str, tuple[bytes, tuple[str, ...]]] = {}
            columns = (BankQuestion.key, BankQuestion.blob, BankQuestion.themes) if replace else (BankQuestion.key,)
            for start in range(0, len(keys), 500):
                for row in session.execute(select(*columns).where(BankQuestion.key.in_(keys[start:start + 500]))):
                    have[row.key] = (row.blob, tuple(row.themes or ())) if replace else (b"", ())
            new = [e.row() for e in entries if e.key not in have]
            changed = [{"key": e.key, "blob": e.blob, "themes": list(e.themes), "record": e.record}
                       for e in entries if replace and e.key in have and have[e.key] != (e.blob, e.themes)]
            added = len(changed)
            if changed:
                session.execute(update(BankQuestion), changed)  # by primary key, one statement per batch
            for start in range(0, len(new), _ADD_BATCH):  # counted as inserted: another loader may be first
                added += len(session.execute(self.store._insert(session, BankQuestion)
                                             .values(new[start:start + _ADD_BATCH])
                                             .on_conflict_do_nothing().returning(BankQuestion.key)).all())
            if digest is not None:
                session.execute(self.store._insert(session, BankFile).values(
                    digest=digest, questions=len(entries), loaded_at=utcnow()).on_conflict_do_nothing())
            return added

        try:
            return self.store.write(work)
        finally:
            self._forget()
            if replace:
                with self._lock:
                    self._facts.clear()  # a replaced question's facts are read again

    def keys(self) -> set[str]:
        """Every stored question's key (any version)."""
        with self.store._session() as session:
            return set(session.scalars(select(BankQuestion.key)))

    def load_file(self, path: Path = STARTER) -> int:
        """Load a bank file (the starter bank by default): the questions missing are stored, those stored under the
        same key with other bytes or themes are replaced by the file's (a repaired file), and the file noted as
        loaded (its SHA-256, ``bank_files``), in one transaction. A file loaded before is not even read again (the
        next start costs a hash and one query). Returns how many questions were new or replaced.

        Raises:
            ValueError: for a damaged file (nothing of it is stored).
        """
        if not path.exists():
            return 0
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        with self.store._session() as session:
            if session.get(BankFile, digest) is not None:
                return 0
        return self.add(read_file(path), digest=digest, replace=True)

    def entries(self, current: bool = True) -> list[Banked]:
        """Every stored question (only the current data version's with ``current``), for export."""
        with self.store._session() as session:
            rows = list(session.scalars(select(BankQuestion)))
        return [Banked(r.key, r.rule_set_id, r.level, r.kind, r.version, r.ordinal, r.seed, tuple(r.themes),
                       dict(r.record), r.blob)
                for r in rows if not current or _current(r.rule_set_id, r.kind, r.version)]

    def counts(self) -> dict[tuple[str, str, str], int]:
        """Questions of the current data version per cell ``(rule set, level, kind)``."""
        return {cell: len(found) for cell, found in self._cells().items()}

    def ordinals(self, rule_set_id: str, level: Level, kind: Kind) -> dict[int, str]:
        """The cell's stored questions of the current data version: key by ordinal."""
        return dict(self._cells().get((rule_set_id, level.value, kind.value), {}))

    def deal(self, rule_set_id: str, level: Level, kind: Kind, count: int, seen: Iterable[str] = (),
             rng: random.Random | None = None, fits: Callable[[Facts], bool] | None = None) -> list[int]:
        """Up to ``count`` ordinals of stored questions of the cell whose keys are not in ``seen``, in random order
        (fewer, possibly none, when the bank has no more the learner has not seen). With ``fits``, only questions
        whose :func:`maubinh.drills.path.facts` it accepts (a beginner's: :func:`maubinh.drills.path.suits`)."""
        rng = rng or random.Random()
        skip = set(seen)
        cell = self.ordinals(rule_set_id, level, kind)
        fresh = [ordinal for ordinal, key in cell.items() if key not in skip]
        rng.shuffle(fresh)
        if fits is None:
            return fresh[:count]
        known = self.facts([cell[ordinal] for ordinal in fresh])
        return [ordinal for ordinal in fresh if (found := known.get(cell[ordinal])) is not None and fits(found)][:count]

    def facts(self, keys: Sequence[str]) -> dict[str, Facts]:
        """The :func:`maubinh.drills.path.facts` of the stored questions ``keys``, read once per server (a question
        stored never changes under its key); a row that cannot be read back is left out."""
        missing = [key for key in keys if key not in self._facts]
        for start in range(0, len(missing), 500):
            with self.store._session() as session:
                rows = session.execute(select(BankQuestion.key, BankQuestion.blob).where(
                    BankQuestion.key.in_(missing[start:start + 500]))).all()
            for key, blob in rows:
                try:
                    found: Facts | None = facts(unpack(blob))
                except SnapshotError:
                    found = None
                with self._lock:
                    self._facts[key] = found
        return {key: found for key in keys if (found := self._facts.get(key)) is not None}

    def question(self, ref: QuestionRef) -> Question | None:
        """The stored question ``ref`` names, when the bank holds it under the rule set's current data version
        (else ``None``: house rules, a seed not banked, an old version, a row that cannot be read back)."""
        if ref.house is not None or ref.rule_set_id not in RULE_SET_IDS:
            return None
        with self.store._session() as session:
            row = session.execute(select(BankQuestion.blob, BankQuestion.version).where(
                BankQuestion.key == ref.key)).first()
        if row is None or row.version != data_version(ref.rule_set_id, ref.kind.value):
            return None
        try:
            return unpack(row.blob)
        except SnapshotError:
            return None


def _current(rule_set_id: str, kind: str, version: str) -> bool:
    return rule_set_id in RULE_SET_IDS and version == data_version(rule_set_id, kind)


def deal_picks(bank: QuestionBank, kinds: Sequence[Kind], level: Level, rule_set_id: str, count: int,
               seen: Iterable[str] = (), rng: random.Random | None = None,
               fits: Callable[[Facts], bool] | None = None) -> tuple[int, ...]:
    """Bank ordinals for a set of ``count`` questions of ``kinds`` in turn: stored questions not in ``seen``
    (and that ``fits`` accepts, :meth:`QuestionBank.deal`) first; with ``fits``, then stored ones seen before that
    it accepts (a question made live cannot be checked before it is made); when a cell has no more, ordinals the bank
    does not hold yet (those questions are made live, the same on every machine, and the build may store them later).

    Raises:
        ValueError: for a rule set that is not a source, or no kinds.
    """
    if rule_set_id not in RULE_SET_IDS or not kinds:
        raise ValueError("bank sets are dealt under a source's rule set, with at least one kind")
    rng = rng or random.Random()
    needed = {kind: sum(1 for i in range(count) if kinds[i % len(kinds)] is kind) for kind in kinds}
    pools: dict[Kind, list[int]] = {}
    for kind, wanted in needed.items():
        stored = bank.ordinals(rule_set_id, level, kind)
        pool = bank.deal(rule_set_id, level, kind, wanted, seen, rng, fits)
        if fits is not None and len(pool) < wanted:  # a question seen before that fits, rather than one made live
            again = bank.deal(rule_set_id, level, kind, wanted, (), rng, fits)  # whose facts are not known yet
            pool += [ordinal for ordinal in again if ordinal not in pool][:wanted - len(pool)]
        top = max(stored, default=-1) + 1
        while len(pool) < wanted:
            pick = rng.randrange(top, PICK_LIMIT)
            if pick not in pool:
                pool.append(pick)
        pools[kind] = pool
    return tuple(pools[kinds[i % len(kinds)]].pop(0) for i in range(count))
