"""The Learn page's category examples, read from ``content/examples.toml`` (data, no Streamlit).

The file holds example chi per category (5-card and 3-card), the straights whose order depends on
the rule set's wheel, and front-against-middle pairs. :func:`load_examples` reads and validates it
once per process; the page draws what it returns, and ``tests/unit/ui/test_examples.py`` checks
that every hand is what its label says, and that every comparison a note states (``versus``,
``outcome``) is the engine's. The notes' texts are in ``content/lessons/common/<lang>.toml``.

>>> examples = load_examples()
>>> [str(c) for c in examples.of(Category.SANH, 5)[0].cards]
['As', 'Kd', 'Qc', 'Jh', 'Ts']
>>> from maubinh.hands import WheelRank
>>> [c[0].rank.label for c in ranked_straights(examples.straights, WheelRank.SECOND)]
['A', '5', 'K', '6']
>>> [c[0].rank.label for c in ranked_straights(examples.straights, WheelRank.LOWEST)]
['A', 'K', '6', '5']
>>> parse_examples('[[hand]]\\ncategory = "PAIR"\\ncards = "As Ad Kc"')
Traceback (most recent call last):
...
ui.examples.ExamplesError: hand[0].category: expected one of MAU_THAU, ..., THUNG_PHA_SANH, got 'PAIR'
>>> parse_examples('[[hand]]\\ncategory = "DOI"\\ncards = "As Ad Kc"\\nversus = "Ks Kd Ac"\\noutcome = "beats"')
Traceback (most recent call last):
...
ui.examples.ExamplesError: hand[0].outcome: expected wins, loses or ties with versus, got 'beats'
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from maubinh.cards import Card, CardParseError, parse_cards
from maubinh.hands import Category, WheelRank, evaluate

__all__ = [
    "EXAMPLES_FILE",
    "Example",
    "Examples",
    "ExamplesError",
    "FrontVsMiddle",
    "load_examples",
    "parse_examples",
    "ranked_straights",
]

EXAMPLES_FILE = Path(__file__).resolve().parent.parent / "content" / "examples.toml"


@dataclass(frozen=True)
class Example:
    """One example chi.

    Attributes:
        category: the category it is labelled with.
        cards: its 3 or 5 cards, in the order written (strongest first).
        note: id of a short remark shown under it (``[note]`` in the lesson texts), or ``None``.
        wheels: the wheel orders under which it must evaluate to ``category``.
        versus: another chi its note compares it with, or ``None``.
        outcome: how it fares against ``versus``: ``"wins"``, ``"loses"`` or ``"ties"``.
    """

    category: Category
    cards: tuple[Card, ...]
    note: str | None
    wheels: tuple[WheelRank, ...]
    versus: tuple[Card, ...] | None = None
    outcome: str | None = None

    @property
    def size(self) -> int:
        """3 (front) or 5 (back / middle)."""
        return len(self.cards)


@dataclass(frozen=True)
class FrontVsMiddle:
    """A 3-card front against a 5-card middle; ``front_wins``: the front is the stronger chi."""

    front: tuple[Card, ...]
    middle: tuple[Card, ...]
    front_wins: bool


@dataclass(frozen=True)
class Examples:
    """Everything in ``content/examples.toml``."""

    hands: tuple[Example, ...]
    straights: tuple[tuple[Card, ...], ...]
    front_vs_middle: tuple[FrontVsMiddle, ...]

    def of(self, category: Category, size: int) -> tuple[Example, ...]:
        """The examples of ``category`` with ``size`` cards, in file order."""
        return tuple(h for h in self.hands if h.category is category and h.size == size)


class ExamplesError(ValueError):
    """The examples file is invalid; ``problems`` lists ``(key, message)`` for every wrong value."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{key}: {message}" for key, message in problems))



def read_cards(value: Any, path: str, sizes: tuple[int, ...], problems: list[tuple[str, str]]) -> tuple[Card, ...]:
    """Cards written as text in a data file; a problem ``(path, why)`` is added instead when they do not read."""
    if not isinstance(value, str):
        problems.append((path, f"expected cards as text, got {value!r}"))
        return ()
    try:
        return parse_cards(value, count=sizes)
    except CardParseError as exc:
        problems.append((path, str(exc)))
        return ()

def ranked_straights(straights: Sequence[Sequence[Card]], wheel: WheelRank) -> list[tuple[Card, ...]]:
    """``straights`` strongest first, valued by the engine with the rule set's ``wheel`` order."""
    return sorted((tuple(s) for s in straights), key=lambda s: evaluate(s, wheel), reverse=True)


@cache
def load_examples(path: Path = EXAMPLES_FILE) -> Examples:
    """Read and validate the examples file (once per process; the result is immutable)."""
    return parse_examples(path.read_text(encoding="utf-8"))


def parse_examples(text: str) -> Examples:
    """Build :class:`Examples` from TOML text; :class:`ExamplesError` lists every problem found."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ExamplesError([("toml", str(exc))]) from exc
    problems: list[tuple[str, str]] = []

    def cards(value: Any, path: str, sizes: tuple[int, ...]) -> tuple[Card, ...]:
        return read_cards(value, path, sizes, problems)

    hands: list[Example] = []
    for i, entry in enumerate(_tables(data, "hand", problems)):
        path = f"hand[{i}]"
        name = entry.get("category")
        category = Category.__members__.get(name) if isinstance(name, str) else None
        if category is None:
            allowed = ", ".join(Category.__members__)
            problems.append((f"{path}.category", f"expected one of {allowed}, got {name!r}"))
        hand = cards(entry.get("cards"), f"{path}.cards", (3, 5))
        note = entry.get("note")
        if note is not None and not (isinstance(note, str) and note.isidentifier()):
            problems.append((f"{path}.note", f"expected a note id, got {note!r}"))
            note = None
        wheels = _wheels(entry.get("wheel"), f"{path}.wheel", problems)
        versus = cards(entry["versus"], f"{path}.versus", (3, 5)) if "versus" in entry else None
        outcome = entry.get("outcome")
        if (outcome is None) != (versus is None) or outcome not in (None, "wins", "loses", "ties"):
            problems.append((f"{path}.outcome", f"expected wins, loses or ties with versus, got {outcome!r}"))
        if category is not None and hand:
            hands.append(Example(category, hand, note, wheels, versus or None, outcome))

    straights_table = data.get("straights", {})
    raw_straights = straights_table.get("hands", []) if isinstance(straights_table, dict) else None
    if not isinstance(raw_straights, list):
        problems.append(("straights.hands", "expected a list of 5-card hands"))
        raw_straights = []
    straights = [cards(s, f"straights.hands[{i}]", (5,)) for i, s in enumerate(raw_straights)]

    pairs: list[FrontVsMiddle] = []
    for i, entry in enumerate(_tables(data, "front_vs_middle", problems)):
        path = f"front_vs_middle[{i}]"
        front = cards(entry.get("front"), f"{path}.front", (3,))
        middle = cards(entry.get("middle"), f"{path}.middle", (5,))
        front_wins = entry.get("front_wins")
        if not isinstance(front_wins, bool):
            problems.append((f"{path}.front_wins", f"expected true or false, got {front_wins!r}"))
        elif front and middle:
            pairs.append(FrontVsMiddle(front, middle, front_wins))

    if problems:
        raise ExamplesError(problems)
    return Examples(tuple(hands), tuple(s for s in straights if s), tuple(pairs))


def _tables(data: dict[str, Any], key: str, problems: list[tuple[str, str]]) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(entry, dict) for entry in value):
        problems.append((key, f"expected a list of [[{key}]] tables"))
        return []
    return value


def _wheels(value: Any, path: str, problems: list[tuple[str, str]]) -> tuple[WheelRank, ...]:
    if value is None:
        return tuple(WheelRank)
    allowed = {w.value: w for w in WheelRank}
    if not (isinstance(value, list) and value and all(v in allowed for v in value)):
        problems.append((path, f"expected a list of {', '.join(allowed)}, got {value!r}"))
        return tuple(WheelRank)
    return tuple(allowed[v] for v in value)
