"""The question bank's identities: a rule set's data version and the seed of each banked question.

A banked question is an ordinary question (:class:`maubinh.drills.QuestionRef`: kind, level, rule set, seed)
whose seed is not drawn at random but derived from its *cell* (rule set, level, kind), the rule set's
:func:`data_version` and its *ordinal* in the cell (0, 1, 2...): :func:`bank_seed`. So the bank's question
``n`` of a cell is the same question on every machine, its id is its ordinary key
(``"chi-at:expert:foul:<seed>"``, under which its Glicko-2 rating is kept), and a build that stopped
half-way makes exactly the questions still missing. When a rule set's data changes, its version changes,
so do the seeds: the old version's questions are no longer dealt, and the build makes the new ones.

>>> data_version("chi-at") == data_version("chi-at"), len(data_version("chi-at"))
(True, 12)
>>> data_version("chi-at") != data_version("luckywin")
True
>>> data_version("chi-at", "arrange") != data_version("chi-at", "foul")  # "set it yourself": the tables count
True
>>> data_version("chi-at", "settle") != data_version("chi-at", "foul")  # a kind's own format (KIND_FORMATS)
True
>>> bank_seed("chi-at", "expert", "foul", 3) == bank_seed("chi-at", "expert", "foul", 3)
True
>>> 0 <= bank_seed("chi-at", "expert", "foul", 3) < 10**12
True
"""

from __future__ import annotations

import hashlib
from functools import cache

from maubinh.rules import RULE_SET_IDS, load_rule_set

__all__ = ["BANK_FORMAT", "KIND_FORMATS", "PICK_LIMIT", "bank_seed", "data_version", "rules_digest", "tables_digest"]

BANK_FORMAT = 1
"""Bumped when the way questions are made or graded changes: every version changes with it."""
KIND_FORMATS: dict[str, int] = {"rules": 2, "settle": 2}
"""Bumped when the way one kind's questions are made or graded changes: only that kind's versions (and seeds)
change, so the other kinds' banked questions stay dealt. A kind not listed is at format 1, which adds nothing to
its version. ``rules`` 2 and ``settle`` 2 (issue 31): "which rule set" keys decided on independent deals, "how
many chi" saying which seat declares its instant win."""
PICK_LIMIT = 1_000_000
"""Ordinals in a cell run ``0..PICK_LIMIT - 1`` (far more than any bank holds)."""
_SEEDS = 10**12
"""Question seeds run ``0.._SEEDS - 1``, the range of a set's question seeds (``seed * 1000 + index``)."""


@cache
def rules_digest(rule_set_id: str) -> str:
    """64 hex digits of a SHA-256 of a source's rule set data (every value, written back canonically by
    :func:`maubinh.house.dump_rule_set`, so comments do not count; a table at the value a file without it reads
    as is left out, ``canonical``, so a value added to the format re-versions only the rule sets it changes).

    Raises:
        ValueError: for a rule set that is not a source (as :func:`maubinh.rules.load_rule_set`).
    """
    from maubinh.house import dump_rule_set  # house imports the rules core only; kept lazy for import speed

    return hashlib.sha256(dump_rule_set(load_rule_set(rule_set_id), canonical=True).encode("utf-8")).hexdigest()


@cache
def tables_digest(rule_set_id: str) -> str:
    """64 hex digits of a SHA-256 of the solver's heads-up tables file for a source (``""`` before training):
    "set it yourself" questions in the bank deal their opponents again from the seed, so the tables that set
    them are part of those questions' version."""
    from maubinh.strategy.tables import DATA_DIR  # the strategy layer is heavy; kept lazy for import speed

    path = DATA_DIR / f"solver-{rule_set_id}.npz"
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else ""


@cache
def data_version(rule_set_id: str, kind: str | None = None) -> str:
    """The data version of a source's rule set: 12 hex digits of a SHA-256 of its data (every value, written
    back canonically by :func:`maubinh.house.dump_rule_set`, so comments do not count), :data:`BANK_FORMAT` and
    the kind's own format where it has one (:data:`KIND_FORMATS`).
    For the kind ``"rules"`` ("which rule set", which compares every source), every source's data counts; for
    ``"arrange"`` ("set it yourself", whose opponents the bank deals again from the seed), the solver's tables
    (:func:`tables_digest`).

    Raises:
        ValueError: for a rule set that is not a source (house rules are never banked).
    """
    if rule_set_id not in RULE_SET_IDS:
        raise ValueError(f"{rule_set_id!r} is not a source's rule set; known: {', '.join(RULE_SET_IDS)}")
    parts = [f"bank-format {BANK_FORMAT}", rules_digest(rule_set_id)]
    if kind in KIND_FORMATS:
        parts.append(f"kind-format {KIND_FORMATS[kind]}")
    if kind == "rules":
        parts += [rules_digest(other) for other in RULE_SET_IDS]
    if kind == "arrange":
        parts.append(f"tables {tables_digest(rule_set_id)}")
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:12]


def bank_seed(rule_set_id: str, level: str, kind: str, ordinal: int) -> int:
    """The seed of the bank's question ``ordinal`` (0-based) in the cell (``rule_set_id``, ``level``, ``kind``)
    under the rule set's current :func:`data_version` (values are the enums' ids: ``"expert"``, ``"foul"``).

    Raises:
        ValueError: for an ordinal outside ``0..PICK_LIMIT - 1`` or a rule set that is not a source.
    """
    if not 0 <= ordinal < PICK_LIMIT:
        raise ValueError(f"bank ordinal {ordinal} is outside 0..{PICK_LIMIT - 1}")
    text = f"{rule_set_id}:{data_version(rule_set_id, kind)}:{level}:{kind}:{ordinal}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big") % _SEEDS
