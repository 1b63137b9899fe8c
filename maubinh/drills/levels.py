"""Reference players on the drills graded by expected chi, measured: what "good" means in chi lost.

A learner's error rate is the mean chi lost per decision against the engine's best answer
(:func:`maubinh.drills.answers.chi_lost`). To name levels by it, three reference players answer the same
questions ("which arrangement is better" and "set it yourself", at the intermediate level):

- ``random``: a random option; for "set it yourself", a random split that is not binh lủng;
- ``strongest_back_first``: the option with the strongest back; the simple arranger (strongest back, then
  the strongest middle of the rest);
- ``solver``: the option the solver sets; the solver's own split.

``python -m maubinh.drills.levels [--questions 40] [--rules chi-at]`` measures them and writes
``maubinh/drills/data/levels.toml``; :func:`reference_players` reads it and :func:`levels` names the
error-rate levels between the figures, each with the figure it stands on.

Levels are per kind (issue 20, item 10): an easy two-choice "which is better" loses far less than a
"set it yourself" split, so one average over both says little. Each kind has its own reference figures
and thresholds, and a learner's level in a kind is named only from :data:`MIN_DECISIONS` decisions of it
(:func:`kind_level`); until then they are at the starting level, "new" (mới học), and the count says how far.

>>> players = reference_players()
>>> players["random"].chi_lost > players["strongest_back_first"].chi_lost > players["solver"].chi_lost
True
>>> [level.id for level in levels()]
['engine', 'strong', 'solid', 'improving', 'new']
>>> kind_level(Kind.ARRANGE, [0.70, 0.87]).level.id, kind_level(Kind.ARRANGE, [0.70, 0.87]).enough
('new', False)
>>> kind_level(Kind.BETTER, [0.0] * MIN_DECISIONS).level.id
'engine'
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from maubinh.arrangement import hand_values, is_foul
from maubinh.drills.answers import chi_lost
from maubinh.drills.arrange import ArrangeQuestion, assess, make_arrange_question
from maubinh.drills.better import BetterQuestion, make_better_question
from maubinh.drills.sets import Kind, Level
from maubinh.rules import Position, RuleSet, load_rule_set

__all__ = [
    "DATA_FILE",
    "MEASURED_KINDS",
    "MIN_DECISIONS",
    "PLAYERS",
    "ErrorLevel",
    "KindLevel",
    "Reference",
    "kind_level",
    "level_of",
    "levels",
    "measure",
    "reference_players",
]

DATA_FILE = Path(__file__).resolve().parent / "data" / "levels.toml"
PLAYERS = ("random", "strongest_back_first", "solver")
MEASURED_KINDS: tuple[Kind, ...] = (Kind.BETTER, Kind.ARRANGE)
"""The kinds graded by expected chi whose reference players are measured (each has its own levels)."""
MIN_DECISIONS = 10
"""Decisions of a kind before a level in it is named (fewer: the first level, "new", with the count)."""


@dataclass(frozen=True)
class Reference:
    """A reference player's measured error rate: mean chi lost per decision, its standard error, how many."""

    player: str
    chi_lost: float
    stderr: float
    decisions: int


@dataclass(frozen=True)
class ErrorLevel:
    """A named level: error rates up to ``up_to`` chi per decision (``None``: no upper bound)."""

    id: str
    up_to: float | None


@dataclass(frozen=True)
class KindLevel:
    """A learner's level in one kind.

    Attributes:
        kind: the kind.
        decisions: decisions of that kind graded in chi.
        error_rate: their mean chi lost per decision.
        level: the level named from them ("new" while fewer than :data:`MIN_DECISIONS`).
        enough: whether there were :data:`MIN_DECISIONS` decisions or more.
    """

    kind: Kind
    decisions: int
    error_rate: float
    level: ErrorLevel
    enough: bool


@cache
def reference_players(kind: Kind | None = None) -> dict[str, Reference]:
    """The measured reference players (from :data:`DATA_FILE`), by id: over one of :data:`MEASURED_KINDS`,
    or (``None``) over all of them together.

    Raises:
        KeyError: for a kind not measured.
    """
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    section = data["players"] if kind is None else data["kinds"][kind.value]
    return {pid: Reference(pid, float(v["chi_lost"]), float(v["stderr"]), int(v["decisions"]))
            for pid, v in section.items()}


def reference_note() -> dict[str, str]:
    """Where the figures come from: the rule set, level, questions and date of the measurement."""
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    return {k: str(v) for k, v in data["measured"].items()}


def levels(kind: Kind | None = None) -> list[ErrorLevel]:
    """The error-rate levels of a kind (``None``: all measured kinds together), best first, with thresholds
    between its reference players' figures. Of the two plain players, *near* is the one losing less and *far*
    the other (strongest-back-first and random for "set it yourself"; the other way round for "which is
    better", whose questions set the strongest back as a trap): engine-like (a quarter of the way from the
    solver to near), strong (halfway), solid (as near), improving (halfway from near to far), and new.

    Raises:
        KeyError: for a kind not measured (see :data:`MEASURED_KINDS`).
    """
    ref = reference_players(kind)
    solver = ref["solver"].chi_lost
    near, far = sorted((ref["strongest_back_first"].chi_lost, ref["random"].chi_lost))
    return [
        ErrorLevel("engine", solver + 0.25 * (near - solver)),
        ErrorLevel("strong", solver + 0.5 * (near - solver)),
        ErrorLevel("solid", near),
        ErrorLevel("improving", near + 0.5 * (far - near)),
        ErrorLevel("new", None),
    ]


def level_of(error_rate: float, kind: Kind | None = None) -> ErrorLevel:
    """The level of a mean chi lost per decision in ``kind`` (``None``: the measured kinds together).

    Raises:
        KeyError: for a kind not measured.
    """
    for level in levels(kind):
        if level.up_to is None or error_rate <= level.up_to:
            return level
    raise AssertionError("the last level has no bound")


def kind_level(kind: Kind, lost: Sequence[float]) -> KindLevel:
    """A learner's level in ``kind`` from the chi lost in each of their decisions of it (chi, >= 0): named by
    :func:`level_of` from :data:`MIN_DECISIONS` decisions on, "new" before.

    Raises:
        KeyError: for a kind not measured.
        ValueError: for no decisions.
    """
    if not lost:
        raise ValueError("no decisions to name a level from")
    rate = sum(lost) / len(lost)
    enough = len(lost) >= MIN_DECISIONS
    level = level_of(rate, kind) if enough else levels(kind)[-1]
    return KindLevel(kind, len(lost), rate, level, enough)


def _better_choices(q: BetterQuestion, rule_set: RuleSet, rng: random.Random) -> dict[str, float]:
    from maubinh.strategy.solver import solve

    lost = [chi_lost(q, k) or 0.0 for k in range(len(q.options))]
    backs = [hand_values(option, rule_set.wheel) for option in q.options]
    simple = max(range(len(q.options)), key=lambda k: (not q.fouls[k], backs[k][Position.BACK]))
    best = solve(q.cards, rule_set)
    solver = next((k for k, o in enumerate(q.options) if set(o.back) == set(best.back)
                   and set(o.middle) == set(best.middle)), q.key)
    return {"random": sum(lost) / len(lost), "strongest_back_first": lost[simple], "solver": lost[solver]}


def _arrange_choices(q: ArrangeQuestion, rule_set: RuleSet, rng: random.Random) -> dict[str, float]:
    from maubinh.strategy.arrangers import arrange_simple, random_legal
    from maubinh.strategy.solver import solve

    found = {}
    for player, arrangement in (("random", random_legal(q.cards, rule_set, rng)),
                                ("strongest_back_first", arrange_simple(q.cards, rule_set)),
                                ("solver", solve(q.cards, rule_set))):
        assert not is_foul(arrangement, rule_set) or player == "random"
        found[player] = chi_lost(q, arrangement, assess(q, arrangement, rule_set)) or 0.0
    return found


def _references(lost: dict[str, list[float]]) -> dict[str, Reference]:
    found = {}
    for player, values in lost.items():
        mean = sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
        found[player] = Reference(player, mean, math.sqrt(var / len(values)), len(values))
    return found


def measure(rule_set_id: str = "chi-at", questions: int = 40, seed: int = 16) -> dict[Kind | None, dict[str, Reference]]:
    """Each reference player's mean chi lost over ``questions`` questions of each of :data:`MEASURED_KINDS`:
    per kind, and (key ``None``) over them together."""
    rule_set = load_rule_set(rule_set_id)
    rng = random.Random(seed)
    lost: dict[Kind, dict[str, list[float]]] = {kind: {p: [] for p in PLAYERS} for kind in MEASURED_KINDS}
    for n in range(questions):
        for kind, make, choose in ((Kind.BETTER, make_better_question, _better_choices),
                                   (Kind.ARRANGE, make_arrange_question, _arrange_choices)):
            q = make(seed * 100_000 + n, rule_set, Level.INTERMEDIATE)
            for player, value in choose(q, rule_set, rng).items():  # type: ignore[arg-type]
                lost[kind][player].append(value)
    found: dict[Kind | None, dict[str, Reference]] = {kind: _references(lost[kind]) for kind in MEASURED_KINDS}
    found[None] = _references({p: [v for kind in MEASURED_KINDS for v in lost[kind][p]] for p in PLAYERS})
    return found


def _section(name: str, references: dict[str, Reference]) -> list[str]:
    lines = []
    for player in PLAYERS:
        ref = references[player]
        lines += [f"[{name}.{player}]", f"chi_lost = {ref.chi_lost:.4f}", f"stderr = {ref.stderr:.4f}",
                  f"decisions = {ref.decisions}", ""]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m maubinh.drills.levels", description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=40, help="questions of each kind (default 40)")
    parser.add_argument("--rules", default="chi-at")
    args = parser.parse_args()
    found = measure(args.rules, args.questions)
    lines = [
        "# Reference players' error rates (mean chi lost per decision against the engine's best answer),",
        "# written by `python -m maubinh.drills.levels`; read by maubinh.drills.levels.",
        "",
        "[measured]",
        f'rule_set = "{args.rules}"',
        'level = "intermediate"',
        'kinds = "better, arrange"',
        f"questions_per_kind = {args.questions}",
        f'date = "{dt.date.today().isoformat()}"',
        "",
    ]
    lines += _section("players", found[None])
    for kind in MEASURED_KINDS:
        lines += _section(f"kinds.{kind.value}", found[kind])
    for measured, references in found.items():
        for player, ref in references.items():
            print(f"{measured.value if measured else 'together'}: {player}: {ref.chi_lost:.3f} ± {ref.stderr:.3f} chi per"
                  f" decision over {ref.decisions}")
    DATA_FILE.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
