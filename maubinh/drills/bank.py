"""The question bank's cells (issue 23): what the bank holds, and what its question ``n`` of a cell is.

Every kind x level x source rule set that :func:`maubinh.drills.available` asks is a *cell*
(:func:`cells`); the bank's question ``n`` of a cell is the ordinary question whose seed is
:func:`maubinh.drills.versions.bank_seed` of the cell, the rule set's data version and ``n``, made and graded
by the same code as any question (:func:`maubinh.drills.make_from_ref` of :meth:`Cell.ref`). The engine stops
there: storing, dealing and the starter file are :mod:`classroom.bank`; the command that builds, loads and exports
the bank (``python -m background.bank ...``) and the server's idle top-up are the app's (:mod:`background.bank`,
:mod:`background.topup`).

>>> len(cells()) > 100, all(available(c.kind, c.level, c.rule_set) is None for c in cells())
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from maubinh.drills import KINDS, Kind, Level, QuestionRef, available
from maubinh.drills.versions import bank_seed
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set

__all__ = ["Cell", "cells"]


@dataclass(frozen=True)
class Cell:
    """A kind asked at a level under a source's rule set: one compartment of the bank."""

    kind: Kind
    level: Level
    rule_set_id: str

    @property
    def rule_set(self) -> RuleSet:
        return load_rule_set(self.rule_set_id)

    def ref(self, ordinal: int) -> QuestionRef:
        """The bank's question ``ordinal`` of this cell (under the rule set's current data version)."""
        seed = bank_seed(self.rule_set_id, self.level.value, self.kind.value, ordinal)
        return QuestionRef(self.kind, self.level, self.rule_set_id, seed)


def cells(kinds: Sequence[Kind] = KINDS, levels: Sequence[Level] = tuple(Level),
          rule_set_ids: Sequence[str] = RULE_SET_IDS) -> list[Cell]:
    """Every cell the engine asks (:func:`maubinh.drills.available`), by rule set, level, kind."""
    return [Cell(kind, level, rules) for rules in rule_set_ids for level in levels for kind in kinds
            if available(kind, level, load_rule_set(rules)) is None]
