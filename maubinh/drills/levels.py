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

>>> players = reference_players()
>>> players["random"].chi_lost > players["strongest_back_first"].chi_lost > players["solver"].chi_lost
True
>>> [level.id for level in levels()]
['engine', 'strong', 'solid', 'improving', 'new']
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from maubinh.arrangement import hand_values, is_foul
from maubinh.drills.answers import chi_lost
from maubinh.drills.arrange import ArrangeQuestion, assess, make_arrange_question
from maubinh.drills.better import BetterQuestion, make_better_question
from maubinh.drills.sets import Level
from maubinh.rules import Position, RuleSet, load_rule_set

__all__ = ["DATA_FILE", "PLAYERS", "ErrorLevel", "Reference", "level_of", "levels", "measure", "reference_players"]

DATA_FILE = Path(__file__).resolve().parent / "data" / "levels.toml"
PLAYERS = ("random", "strongest_back_first", "solver")


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


@cache
def reference_players() -> dict[str, Reference]:
    """The measured reference players (from :data:`DATA_FILE`), by id."""
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    return {pid: Reference(pid, float(v["chi_lost"]), float(v["stderr"]), int(v["decisions"]))
            for pid, v in data["players"].items()}


def reference_note() -> dict[str, str]:
    """Where the figures come from: the rule set, level, questions and date of the measurement."""
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    return {k: str(v) for k, v in data["measured"].items()}


def levels() -> list[ErrorLevel]:
    """The error-rate levels, best first, with thresholds between the reference players' figures:
    engine-like (a quarter of the way from the solver to strongest-back-first), strong (halfway), solid (as
    strongest-back-first), improving (halfway to random), and new."""
    ref = reference_players()
    solver, simple, rand = (ref[p].chi_lost for p in ("solver", "strongest_back_first", "random"))
    return [
        ErrorLevel("engine", solver + 0.25 * (simple - solver)),
        ErrorLevel("strong", solver + 0.5 * (simple - solver)),
        ErrorLevel("solid", simple),
        ErrorLevel("improving", simple + 0.5 * (rand - simple)),
        ErrorLevel("new", None),
    ]


def level_of(error_rate: float) -> ErrorLevel:
    """The level of a mean chi lost per decision."""
    for level in levels():
        if level.up_to is None or error_rate <= level.up_to:
            return level
    raise AssertionError("the last level has no bound")


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


def measure(rule_set_id: str = "chi-at", questions: int = 40, seed: int = 16) -> dict[str, Reference]:
    """Each reference player's mean chi lost over ``questions`` questions of each kind graded by expected chi."""
    rule_set = load_rule_set(rule_set_id)
    rng = random.Random(seed)
    lost: dict[str, list[float]] = {p: [] for p in PLAYERS}
    for n in range(questions):
        for make, choose in ((make_better_question, _better_choices), (make_arrange_question, _arrange_choices)):
            q = make(seed * 100_000 + n, rule_set, Level.INTERMEDIATE)
            for player, value in choose(q, rule_set, rng).items():  # type: ignore[arg-type]
                lost[player].append(value)
    found = {}
    for player, values in lost.items():
        mean = sum(values) / len(values)
        var = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
        found[player] = Reference(player, mean, math.sqrt(var / len(values)), len(values))
    return found


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
    for player in PLAYERS:
        ref = found[player]
        lines += [f"[players.{player}]", f"chi_lost = {ref.chi_lost:.4f}", f"stderr = {ref.stderr:.4f}",
                  f"decisions = {ref.decisions}", ""]
        print(f"{player}: {ref.chi_lost:.3f} ± {ref.stderr:.3f} chi per decision over {ref.decisions}")
    DATA_FILE.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
