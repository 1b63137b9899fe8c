"""Drill sets as data: the kinds, the levels, the lesson steps, and a set of questions.

A :class:`DrillSet` (kinds, level, rule set, seed, number of questions) fully determines its
questions: the same set gives every learner the same questions in the same order, so a set can be
shared as a link (:meth:`DrillSet.params`).

>>> s = DrillSet((Kind.CHI, Kind.FOUL), Level.EXPERT, "tinh-chi", seed=7, count=3)
>>> [s.kind_at(i).value for i in range(3)]
['chi', 'foul', 'chi']
>>> s.params()
{'kinds': 'chi,foul', 'level': 'expert', 'rules': 'tinh-chi', 'seed': '7', 'n': '3'}
>>> parse_kinds("chi, foul,chi")
(<Kind.CHI: 'chi'>, <Kind.FOUL: 'foul'>)
>>> parse_kinds("chi,poker")
Traceback (most recent call last):
...
ValueError: unknown drill kind 'poker'; known: better, arrange, chi, foul, settle, natural, declare, rules
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from maubinh.drills.versions import PICK_LIMIT, bank_seed
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set

__all__ = [
    "DEFAULT_COUNT",
    "DEFAULT_KINDS",
    "KINDS",
    "LESSON_STEPS",
    "MAX_QUESTIONS",
    "MAX_SEED",
    "DrillSet",
    "Kind",
    "Lesson",
    "Level",
    "QuestionList",
    "QuestionRef",
    "Unavailable",
    "UnavailableError",
    "parse_kinds",
    "parse_level",
    "rules_key",
]

MAX_QUESTIONS = 50
"""The most questions a set may hold."""
MAX_SEED = 10**9
"""The largest set seed (question seeds are ``seed * 1000 + index``)."""
DEFAULT_COUNT = 10
"""Questions in a set when the link does not say."""


class Kind(str, Enum):
    """The kinds of drill question; the values are the ids used in links (``?kinds=chi,foul``)."""

    BETTER = "better"
    """Which of two or three arrangements of one hand wins more chi on average."""
    ARRANGE = "arrange"
    """Set the 13 cards yourself; graded against the solver's arrangement."""
    CHI = "chi"
    """Which of two hands wins a chi (traps: kickers, the wheel, a 3-card front against a 5-card hand)."""
    FOUL = "foul"
    """Is this arrangement binh lủng (foul), and why."""
    SETTLE = "settle"
    """How many chi seat A collects from seat B, as a number."""
    NATURAL = "natural"
    """Which instant win (mậu binh), if any, 13 cards hold."""
    DECLARE = "declare"
    """Báo hay đánh? 13 cards holding an instant win: declare it, or play the best split out (graded in chi)."""
    RULES = "rules"
    """For which rule set is this split the best play (the payout table changes the right play, issue 14)."""


KINDS: tuple[Kind, ...] = tuple(Kind)
"""Every kind, in the order shown to learners."""
DEFAULT_KINDS: tuple[Kind, ...] = (Kind.BETTER, Kind.ARRANGE, Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL)
"""The kinds of a set when the link does not say (the six of the first release; the others are chosen)."""


class Level(str, Enum):
    """Difficulty: the traps asked about and the size of the gaps (see each kind's module)."""

    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    EXPERT = "expert"
    MASTER = "master"
    """Close calls (issue 14): "which is better" between splits 0.1-0.5 chi apart, "set it yourself"
    within 0.1 chi of the best, "báo hay đánh?" 0.4-1.5 chi apart; the other kinds ask their expert questions."""


class Unavailable(str, Enum):
    """Why a kind is not asked at a level under a rule set (:func:`maubinh.drills.available`).

    The UI words each one (``drill.unavailable.<value>`` in both languages); a set asking for such a
    combination is refused with :class:`UnavailableError`.
    """

    NO_INSTANT_WINS = "no_instant_wins"
    """The rule set lists no instant win (mậu binh) to spot or to declare (house rules may drop them all;
    rồng cuốn alone leaves nothing to weigh against playing out)."""
    NO_CLOSE_CALL = "no_close_call"
    """"Báo hay đánh?": the rule set's instant wins are all worth so much more (or less) than the hands holding
    them played out that no hand comes within the level's gap (guide-2026 at expert and master: its smallest
    instant win, 18 chi, is over 3 chi more than the hands holding one make played out)."""


class UnavailableError(ValueError):
    """A question asked of a kind that is not asked at its level under its rule set.

    Attributes:
        kind, level: the combination asked for.
        rule_set_id: the rule set's id.
        reason: why it is not asked.
    """

    def __init__(self, kind: Kind, level: Level, rule_set_id: str, reason: Unavailable) -> None:
        super().__init__(f"{kind.value!r} is not asked at {level.value!r} under {rule_set_id!r}: {reason.value}")
        self.kind = kind
        self.level = level
        self.rule_set_id = rule_set_id
        self.reason = reason


class Lesson(str, Enum):
    """The Learn page's lesson steps (``pages/learn.py?step=<value>``) an answer links to.

    The values are the Learn page's own step ids, in the lesson path's order (:data:`LESSON_STEPS`).
    """

    DECK = "deck"
    CHI = "chi"
    FIVE = "five"
    """The nine 5-card categories."""
    FRONT = "front"
    """The 3-card chi on the same scale."""
    FOUL = "foul"
    SETTLE = "settle"
    BONUS = "bonus"
    NATURALS = "naturals"
    SCOOP = "scoop"
    ACES = "aces"
    SOURCES = "sources"
    """How the sources differ (and the payout table changing the right play)."""


LESSON_STEPS: tuple[str, ...] = tuple(lesson.value for lesson in Lesson)
"""The lesson path in order: the Learn page's steps (``ui.learn.content.STEP_IDS``) and Progress's lesson path."""

@dataclass(frozen=True)
class DrillSet:
    """A set of questions: which kinds (taken in turn), the level, the rule set, the seed, how many.

    Attributes:
        kinds: the kinds asked, in turn (question ``i`` is of kind ``kinds[i % len(kinds)]``).
        level: the :class:`Level`.
        rule_set_id: one of :data:`maubinh.rules.RULE_SET_IDS`, or the id of ``house``; every
            question is graded under it.
        seed: 0..:data:`MAX_SEED`; with the rest, it fixes every question.
        count: number of questions, 1..:data:`MAX_QUESTIONS`.
        house: house rules the set is graded under (their id is ``rule_set_id``), or ``None`` for a source.
        picks: for a set dealt from the question bank, each question's ordinal in its bank cell (one per
            question; the question's seed is :func:`maubinh.drills.versions.bank_seed`); empty for a set whose
            questions come from its seed (``seed * 1000 + index``), as every set made before the bank.

    Raises:
        ValueError: for no kinds, a kind listed twice, an unknown rule set, or a seed or count that is not
            a whole number (``1.5``, ``"2"``, ``True``) or is out of range, naming it; for picks under house
            rules, not one per question, or outside ``0..PICK_LIMIT - 1``.
    """

    kinds: tuple[Kind, ...]
    level: Level = Level.INTERMEDIATE
    rule_set_id: str = RULE_SET_IDS[0]
    seed: int = 1
    count: int = DEFAULT_COUNT
    house: RuleSet | None = None
    picks: tuple[int, ...] = ()

    @property
    def rule_set(self) -> RuleSet:
        """The rule set every question is graded under."""
        return self.house if self.house is not None else load_rule_set(self.rule_set_id)

    def __post_init__(self) -> None:
        if not self.kinds:
            raise ValueError("a drill set needs at least one kind")
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("a drill set lists each kind once")
        if self.house is not None and self.house.id != self.rule_set_id:
            raise ValueError(f"house rules {self.house.id!r} given for rule set {self.rule_set_id!r}")
        if self.house is None and self.rule_set_id not in RULE_SET_IDS:
            raise ValueError(f"unknown rule set {self.rule_set_id!r}; known: {', '.join(RULE_SET_IDS)}")
        for name, value, low, high in (("seed", self.seed, 0, MAX_SEED), ("count", self.count, 1, MAX_QUESTIONS)):
            if not isinstance(value, int) or isinstance(value, bool):
                # a ValueError like every other broken value, so one ``except ValueError`` catches them all
                raise ValueError(f"{name} {value!r:.40} is not a whole number ({low}..{high})")  # noqa: TRY004
            if not low <= value <= high:
                raise ValueError(f"{name} {value} is outside {low}..{high}")
        if self.picks:
            if self.house is not None:
                raise ValueError("house rules are never dealt from the question bank")
            if len(self.picks) != self.count:
                raise ValueError(f"{len(self.picks)} bank picks for {self.count} questions")
            if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p < PICK_LIMIT for p in self.picks):
                raise ValueError(f"bank picks must be whole numbers 0..{PICK_LIMIT - 1}")

    def kind_at(self, index: int) -> Kind:
        """The kind of question ``index`` (0-based); ``IndexError`` outside ``0..count - 1``."""
        if not 0 <= index < self.count:
            raise IndexError(f"question {index} is outside 0..{self.count - 1}")
        return self.kinds[index % len(self.kinds)]

    def question_seed(self, index: int) -> int:
        """The seed of question ``index``: ``seed * 1000 + index`` (sets never share a question seed), or for a
        bank set the seed of its pick (:func:`maubinh.drills.versions.bank_seed`)."""
        kind = self.kind_at(index)
        if self.picks:
            return bank_seed(self.rule_set_id, self.level.value, kind.value, self.picks[index])
        return self.seed * 1000 + index

    def ref(self, index: int) -> QuestionRef:
        """What fixes question ``index`` (its kind, level, rule set and seed)."""
        return QuestionRef(self.kind_at(index), self.level, self.rule_set_id, self.question_seed(index), self.house)

    def params(self) -> dict[str, str]:
        """The set as URL query parameters (``kinds``, ``level``, ``rules``, ``seed``, ``n``, and for a bank set
        ``bank``: the picks joined by dots, ``"3.17.0"``)."""
        params = {
            "kinds": ",".join(kind.value for kind in self.kinds),
            "level": self.level.value,
            "rules": self.rule_set_id,
            "seed": str(self.seed),
            "n": str(self.count),
        }
        if self.picks:
            params["bank"] = ".".join(str(pick) for pick in self.picks)
        return params


@dataclass(frozen=True)
class QuestionRef:
    """One question named by what fixes it: its kind, level, rule set and question seed.

    Every set's question ``i`` is ``QuestionRef(kind_at(i), level, rule set, question_seed(i))``, so the same
    question met in two sets (or again in review) has one :attr:`key`, which its rating is stored under.

    >>> ref = DrillSet((Kind.CHI, Kind.FOUL), Level.EXPERT, "tinh-chi", seed=7, count=3).ref(1)
    >>> ref.key
    'tinh-chi:expert:foul:7001'
    """

    kind: Kind
    level: Level
    rule_set_id: str
    seed: int
    house: RuleSet | None = None

    @property
    def rule_set(self) -> RuleSet:
        """The rule set the question is graded under."""
        return self.house if self.house is not None else load_rule_set(self.rule_set_id)

    @property
    def key(self) -> str:
        """``"<rule set>:<level>:<kind>:<seed>"``; house rules add a digest of their values to their id."""
        rules = self.rule_set_id if self.house is None else rules_key(self.house)
        return f"{rules}:{self.level.value}:{self.kind.value}:{self.seed}"


def rules_key(rule_set: RuleSet) -> str:
    """What tells rule sets apart in stored keys: a source's id; house rules (an id outside
    :data:`maubinh.rules.RULE_SET_IDS`) add ``~`` and a digest of their values (10 hex digits).

    >>> from maubinh.rules import load_rule_set
    >>> rules_key(load_rule_set("chi-at"))
    'chi-at'
    """
    if rule_set.id in RULE_SET_IDS:
        return rule_set.id
    import hashlib

    from maubinh.house import dump_rule_set

    return rule_set.id + "~" + hashlib.sha256(dump_rule_set(rule_set).encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True)
class QuestionList:
    """Questions named one by one (:class:`QuestionRef`) rather than by a set's seed: the review queue, or
    questions dealt near a learner's rating. It answers what a :class:`DrillSet` answers about its questions.

    Attributes:
        refs: the questions, in order (at least one).
        purpose: what the list is (``"review"``, ``"level"``), for the page's words.
    """

    refs: tuple[QuestionRef, ...]
    purpose: str = "review"

    def __post_init__(self) -> None:
        if not self.refs:
            raise ValueError("a question list needs at least one question")

    @property
    def count(self) -> int:
        return len(self.refs)

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """The kinds asked, each once, in the order first met."""
        return tuple(dict.fromkeys(ref.kind for ref in self.refs))

    @property
    def level(self) -> Level:
        """The first question's level (a list may mix levels)."""
        return self.refs[0].level

    @property
    def rule_set_id(self) -> str:
        return self.refs[0].rule_set_id

    @property
    def rule_set(self) -> RuleSet:
        """The first question's rule set (the review queue may mix rule sets: each question keeps its own)."""
        return self.refs[0].rule_set

    @property
    def seed(self) -> int:
        return self.refs[0].seed

    def ref(self, index: int) -> QuestionRef:
        """Question ``index``; ``IndexError`` outside the list."""
        if not 0 <= index < len(self.refs):
            raise IndexError(f"question {index} is outside 0..{len(self.refs) - 1}")
        return self.refs[index]

    def kind_at(self, index: int) -> Kind:
        return self.ref(index).kind


def parse_kinds(text: str) -> tuple[Kind, ...]:
    """Kinds from a comma-separated list of ids; repeats dropped, order kept.

    Raises:
        ValueError: naming the first unknown id and listing the known ones, or for an empty list.
    """
    kinds: list[Kind] = []
    for part in text.split(","):
        word = part.strip().lower()
        if not word:
            continue
        try:
            kind = Kind(word)
        except ValueError:
            raise ValueError(
                f"unknown drill kind {word!r}; known: {', '.join(k.value for k in KINDS)}"
            ) from None
        if kind not in kinds:
            kinds.append(kind)
    if not kinds:
        raise ValueError("no drill kind given")
    return tuple(kinds)


def parse_level(text: str) -> Level:
    """A level from its id (``"expert"``); ``ValueError`` naming the known ones.

    >>> parse_level(" Expert ")
    <Level.EXPERT: 'expert'>
    """
    try:
        return Level(text.strip().lower())
    except ValueError:
        raise ValueError(
            f"unknown level {text!r}; known: {', '.join(level.value for level in Level)}"
        ) from None
