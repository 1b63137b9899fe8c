"""A rule set prepared once for the strategy layer, and the one choice of backend (compiled kernel or numpy).

A rule set takes several forms on its way from the page to the kernel: the straight order's hand values
(:class:`~maubinh.strategy.rule_arrays.SubsetTables`), the solver's learned tables
(:class:`~maubinh.strategy.tables.Tables`) and their arrays (:class:`~maubinh.strategy.rule_arrays.SolverArrays`),
and settlement's arrays (:class:`~maubinh.strategy.rule_arrays.SettleArrays`). :func:`prepare` derives them all
once per rule set and table size (cached) into one :class:`Prepared` that the solver, the field and the
simulation are handed, instead of each deriving its own.

:func:`backend` is the one place the strategy layer asks whether the compiled kernel is ready
(:func:`maubinh.strategy.kernel.ready`): each entry point asks once and passes the answer down.

>>> from maubinh.rules import load_rule_set
>>> ready = prepare(load_rule_set("chi-at"), 4)
>>> ready.seats, ready.tables is prepare(load_rule_set("chi-at"), 4).tables, int(ready.settle.factors[3, 3])
(4, True, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from maubinh.rules import RuleSet
from maubinh.strategy import kernel
from maubinh.strategy.rule_arrays import (
    SettleArrays,
    SolverArrays,
    SubsetTables,
    settle_arrays,
    solver_arrays,
    subset_tables,
)
from maubinh.strategy.tables import TABLES_CACHED, Tables, load_tables

__all__ = ["PREPARED_CACHED", "Prepared", "backend", "prepare"]


@dataclass(frozen=True, eq=False)
class Prepared:
    """Every form of one rule set the strategy layer uses, for one table size (see :func:`prepare`).

    Attributes:
        rule_set: the rules (a source or house rules).
        seats: players at the table (2-4): which trained tables the solver scores with.
        tables: the solver's tables (:func:`~maubinh.strategy.tables.load_tables`).
        subsets: hand values of the rule set's straight order, for the kernel.
        solver: ``tables`` as the kernel's arrays.
        settle: settlement's arrays (digest §2.3-2.7).
    """

    rule_set: RuleSet
    seats: int
    tables: Tables
    subsets: SubsetTables
    solver: SolverArrays
    settle: SettleArrays


PREPARED_CACHED = 2 * TABLES_CACHED
"""Rule sets and table sizes kept prepared (least recently used dropped first; any other is prepared again when
asked, a few ms for house rules)."""


@lru_cache(maxsize=PREPARED_CACHED)
def prepare(rule_set: RuleSet, seats: int = 2) -> Prepared:
    """``rule_set`` prepared for a table of ``seats`` players (2-4), made once and cached (keyed by the whole rule
    set, as :func:`~maubinh.strategy.tables.load_tables`)."""
    tables = load_tables(rule_set, seats)
    return Prepared(rule_set, seats, tables, subset_tables(rule_set.wheel), solver_arrays(tables),
                    settle_arrays(rule_set))


def backend(compiled: bool | None = None, *, wait: bool | None = None) -> bool:
    """Whether to take the compiled kernel (``True``) or the numpy path (``False``): ``compiled`` when given,
    else whether the kernel is ready (:func:`maubinh.strategy.kernel.ready`, with its ``wait``). Both paths give
    the same splits and numbers (tests check); the answer only says which is faster now."""
    if compiled is not None:
        return compiled
    return kernel.ready() if wait is None else kernel.ready(wait=wait)
