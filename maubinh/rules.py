"""Rule sets as data: one TOML file per source in ``maubinh/rulesets/``.

A :class:`RuleSet` holds every number and choice that differs between the
sources (digest §2): the chi names, where the wheel ranks, the foul penalty,
the scoop multipliers, the bonus table, the instant wins and the ace rule.
Each value keeps its :class:`Provenance`: the place in the source it comes
from, the digest's reading where the text is unclear, and whether it is a
"house sets" default.

>>> rs = load_rule_set("tinh-chi")
>>> rs.position_name(Position.FRONT, "vi")
'Chi đầu'
>>> rs.scoop.multipliers
(2, 3, 4)
>>> load_rule_set("chi-ac")
Traceback (most recent call last):
...
maubinh.rules.UnknownRuleSetError: unknown rule set 'chi-ac'; known: chi-at, luckywin, tinh-chi, guide-2026
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from maubinh.hands import WheelRank

__all__ = [
    "AMOUNT_RANGES",
    "MAX_RULES_CHARS",
    "ORDER_PROVENANCE",
    "RULE_SET_IDS",
    "SEVERAL_PATTERNS_PROVENANCE",
    "TEXT_LIMITS",
    "AceRule",
    "Bonus",
    "BonusHand",
    "NaturalPattern",
    "NaturalRule",
    "NaturalsVersus",
    "Position",
    "Provenance",
    "RuleSet",
    "RuleSetError",
    "ScoopRule",
    "SeveralPatterns",
    "UnknownRuleSetError",
    "load_rule_set",
    "parse_rule_set",
    "read_toml",
    "rule_set_from_data",
]

RULESET_DIR = Path(__file__).parent / "rulesets"
RULE_SET_IDS: tuple[str, ...] = ("chi-at", "luckywin", "tinh-chi", "guide-2026")
"""The source rule sets, in the digest's order."""

LANGUAGES = ("vi", "en")

AMOUNT_RANGES: Mapping[str, tuple[int, int]] = MappingProxyType({
    "chi_win.value": (1, 10),
    "foul.penalty": (0, 100),
    "scoop.multipliers": (1, 10),
    "scoop.sweep_multiplier": (1, 10),
    "bonus_clash.multiplier": (1, 10),
    "bonus.chi": (1, 200),
    "natural.chi": (1, 500),
})
"""The range (lowest, highest) of every amount and multiplier a rule set holds, by key as the files
write it (``bonus.chi`` for every ``[[bonus]]`` entry's ``chi``, ``natural.chi`` for every ``[[natural]]``).

Real tables stay well inside them (the sources: 1 chi a chi won, a foul 3-6, scoops x2-x4, bonuses
up to 24, instant wins up to 78 = 26 x 3); the bounds keep every settlement, the solver's tables and a
simulation of many deals far inside 64-bit whole numbers (the largest pair total is below 10^7 chi)."""

TEXT_LIMITS: Mapping[str, int] = MappingProxyType({
    "id": 40,
    "name": 80,
    "summary": 300,
    "positions": 40,
    "source": 1000,
    "reading": 2000,
})
"""The longest text, in characters, of each kind a rule set holds (``positions``: a chi's name;
``source``, ``reading``: a value's provenance, per language)."""

MAX_RULES_CHARS = 65_536
"""The longest rule-set text read (a shipped file is 5-8 KB; a house file with every value changed
about 12 KB): longer ones are refused before they are parsed."""


class Position(str, Enum):
    """The three chi by position. Each rule set names them (digest §2.1)."""

    BACK = "back"
    """The strongest 5-card hand (chi 1 in most sources, chi cuối in ``tinh-chi``)."""
    MIDDLE = "middle"
    """The middle 5-card hand (chi 2 / chi giữa)."""
    FRONT = "front"
    """The 3-card hand (chi 3 in most sources, chi đầu in ``tinh-chi``)."""

    @property
    def size(self) -> int:
        """Number of cards in this chi: 5, 5 or 3."""
        return 3 if self is Position.FRONT else 5


POSITIONS: tuple[Position, ...] = (Position.BACK, Position.MIDDLE, Position.FRONT)


class BonusHand(str, Enum):
    """Special hands that earn a bonus when their chi wins (chi đặc biệt, digest §2.3).

    The more specific kinds come first in :data:`BONUS_FALLBACK` so that a rule
    set without a separate entry pays the general one.
    """

    THUNG_PHA_SANH_THUONG = "thung_pha_sanh_thuong"
    """Straight flush 10-J-Q-K-A (royal)."""
    THUNG_PHA_SANH_HA = "thung_pha_sanh_ha"
    """Straight flush A-2-3-4-5 (steel wheel)."""
    THUNG_PHA_SANH = "thung_pha_sanh"
    """Any straight flush."""
    TU_QUY_A = "tu_quy_a"
    """Four aces."""
    TU_QUY = "tu_quy"
    """Any four of a kind."""
    CU_LU = "cu_lu"
    """Full house."""
    SAM_CO_A = "sam_co_a"
    """Three aces (3-card front)."""
    SAM_CO = "sam_co"
    """Any three of a kind."""

    @property
    def family(self) -> BonusHand:
        """The general kind this belongs to (for chặt chồng: same kind of special chi)."""
        return _FAMILY[self]


_FAMILY = {
    BonusHand.THUNG_PHA_SANH_THUONG: BonusHand.THUNG_PHA_SANH,
    BonusHand.THUNG_PHA_SANH_HA: BonusHand.THUNG_PHA_SANH,
    BonusHand.THUNG_PHA_SANH: BonusHand.THUNG_PHA_SANH,
    BonusHand.TU_QUY_A: BonusHand.TU_QUY,
    BonusHand.TU_QUY: BonusHand.TU_QUY,
    BonusHand.CU_LU: BonusHand.CU_LU,
    BonusHand.SAM_CO_A: BonusHand.SAM_CO,
    BonusHand.SAM_CO: BonusHand.SAM_CO,
}


class NaturalPattern(str, Enum):
    """Instant wins, mậu binh / tới trắng (digest §2.4)."""

    RONG_CUON = "rong_cuon"
    """Rồng cuốn: 13 ranks 2..A in one suit (dragon flush)."""
    SANH_RONG = "sanh_rong"
    """Sảnh rồng: 13 ranks 2..A (dragon)."""
    BA_THUNG_PHA_SANH = "ba_thung_pha_sanh"
    """Three straight flushes, one in each chi."""
    DONG_MAU_13 = "dong_mau_13"
    """Đồng hoa / đồng màu 1: all 13 cards one colour."""
    DONG_MAU_12 = "dong_mau_12"
    """Đồng màu 2: 12 cards of one colour and 1 of the other."""
    NAM_DOI_SAM = "nam_doi_sam"
    """Five pairs and one trips."""
    LUC_PHE_BON = "luc_phe_bon"
    """Lục phé bôn: six pairs and one card."""
    BON_SAM = "bon_sam"
    """Four trips and one card."""
    BA_TU_QUY = "ba_tu_quy"
    """Three quads and one card."""
    BA_THUNG = "ba_thung"
    """Three flushes: each chi one suit (the front too)."""
    BA_SANH = "ba_sanh"
    """Three straights: each chi a straight (the front too)."""


class NaturalsVersus(str, Enum):
    """What two instant wins do against each other (digest §2.4)."""

    NONE = "none"
    """Not compared: 0 between them (``chi-at``)."""
    RANK = "rank"
    """The one earlier in the rule set's list wins its own amount; the same pattern ties."""
    TIEBREAK = "tiebreak"
    """As RANK, and the same pattern is decided by its tie-break (``luckywin``)."""


class SeveralPatterns(str, Enum):
    """Which one pattern a hand matching several instant-win patterns is (digest §2.4, reading December 2026).

    The pattern chosen is the hand's one pattern everywhere: it is paid, ranked against another player's
    instant win (with its own tie-break), named and shown.
    """

    HIGHEST_LISTED = "highest_listed"
    """The highest-listed pattern the hand matches, whatever it pays (``luckywin``, whose list is a rank order:
    three quads and a card, also six pairs, listed above it, is six pairs)."""
    PAID_MOST = "paid_most"
    """The pattern paid the most chi; on an equal amount, the one listed first (every other source)."""


class AceRule(str, Enum):
    """The ace rule, chi Át (digest §2.6)."""

    NONE = "none"
    """No ace rule."""
    PAIRWISE = "pairwise"
    """Per pair, the player with more aces wins 1 chi per extra ace (``chi-at``)."""
    PER_ACE = "per_ace"
    """Each ace wins 1 chi from every other player (``tinh-chi``)."""


def _frozen(mapping: Mapping[Any, Any] | None) -> tuple[tuple[Any, Any], ...] | None:
    """A mapping as a hashable tuple of its items, in key order (``None`` stays ``None``)."""
    if mapping is None:
        return None
    return tuple(sorted(mapping.items(), key=lambda item: str(item[0])))


@dataclass(frozen=True)
class Provenance:
    """Where a rule-set value comes from.

    Attributes:
        source: the place in the source text (section and a paraphrase).
        reading: the digest's reading of an unclear text per language (``{"vi": ..., "en": ...}``), or ``None``.
        house_default: True where the source leaves the value to the table
            and this is the project's editable default.
        other: where the digest names another reading of the same text, that reading in short per
            language (shown beside the value, e.g. ``{"vi": "13 chi (đọc theo chữ)", ...}``), or ``None``.
            TOML key ``other_reading``.
    """

    source: str
    reading: Mapping[str, str] | None = None
    house_default: bool = False
    other: Mapping[str, str] | None = field(default=None, hash=False)

    def __hash__(self) -> int:
        return hash((self.source, _frozen(self.reading), self.house_default))

    def reading_in(self, lang: str) -> str | None:
        """The reading in ``lang`` (``"vi"`` or ``"en"``), or ``None`` where there is none."""
        if self.reading is None:
            return None
        return self.reading.get(lang) or self.reading.get("vi")

    def other_in(self, lang: str) -> str | None:
        """The other reading in ``lang``, or ``None`` where the digest gives none."""
        if self.other is None:
            return None
        return self.other.get(lang) or self.other.get("vi")


ORDER_PROVENANCE = Provenance(
    "§1 (mọi nguồn): chi 1 lớn hơn chi 2, chi 2 lớn hơn chi 3; guide-2026: binh lủng là "
    "\"Chi 2 mạnh hơn Chi 1, hoặc Chi 3 mạnh hơn Chi 2\"",
    {
        "vi": "Cách đọc (sửa lại lần nữa): chi 1 và chi 2 bằng nhau hoàn toàn vẫn hợp lệ (chi 1 ≥ chi 2 ≥ chi 3). "
        "guide-2026 định nghĩa binh lủng là xếp chi yếu hơn lên trên chi mạnh hơn, và chi-at, tinh-chi trả 20 chi "
        "cho thùng phá sảnh thượng ở chi giữa, điều chỉ xảy ra được khi chi 1 cũng là một thùng phá sảnh thượng "
        "bằng nó. Thứ tự chặt (bằng nhau là binh lủng) là một luật nhà, mặc định tắt.",
        "en": "Reading (revised again): a back and a middle of exactly equal value are legal (back ≥ middle ≥ front). "
        "guide-2026 defines binh lủng as a weaker chi placed above a stronger one, and chi-at and tinh-chi pay "
        "20 chi for a royal flush in the middle, which can only happen with an equal royal flush in the back. "
        "The strict order (equal chi foul) is a house rule, off by default.",
    },
    other={
        "vi": "thứ tự chặt: chi 1 bằng chi 2 là binh lủng (luật nhà)",
        "en": "strict order: a back equal to the middle is binh lủng (a house rule)",
    },
)
"""The order rule's provenance (digest §1, reading revised again), for a rule-set file without an
``[order]`` table; the shipped files carry their own, citing their own source."""

SEVERAL_PATTERNS_PROVENANCE = Provenance(
    "§2.4: một bài khớp nhiều kiểu mậu binh được trả kiểu tốt nhất",
    {
        "vi": "Cách đọc (12/2026): bài khớp nhiều kiểu mậu binh chỉ là một kiểu, ở mọi chỗ (trả tiền, so với mậu binh "
        "nhà khác, gọi tên): kiểu được trả nhiều chi nhất; bằng chi thì kiểu đứng trước trong danh sách.",
        "en": "Reading (December 2026): a hand matching several instant-win patterns is one pattern everywhere (paid, "
        "ranked against another instant win, named): the one paid the most chi; on an equal amount, the one listed "
        "first.",
    },
)
"""The provenance of the rule for a hand matching several instant wins (digest §2.4, reading December 2026)
for a rule-set file without a ``[several_patterns]`` table (files saved before it existed: they were paid the
pattern worth most, :attr:`SeveralPatterns.PAID_MOST`); the shipped files carry their own, citing their source."""


@dataclass(frozen=True)
class Bonus:
    """One bonus-table entry: ``hand`` in ``position`` wins ``chi`` from each opponent when that chi wins."""

    hand: BonusHand
    position: Position
    chi: int
    provenance: Provenance


@dataclass(frozen=True)
class NaturalRule:
    """One instant win the rule set recognises: ``pattern`` wins ``chi`` from each opponent."""

    pattern: NaturalPattern
    chi: int
    provenance: Provenance


@dataclass(frozen=True)
class ScoopRule:
    """Scoop (sập) multipliers (digest §2.5).

    Attributes:
        multipliers: ``multipliers[k - 1]`` multiplies what a player takes from
            each opponent it scoops, when it scoops ``k`` opponents (k = 1..3).
            1 everywhere means no scoop rule.
        sweep_multiplier: extra factor, on top, when a player scoops every
            opponent and there are at least two (sập cả làng).
    """

    multipliers: tuple[int, int, int]
    sweep_multiplier: int
    provenance: Provenance

    @property
    def active(self) -> bool:
        """Whether winning all three chi changes anything under this rule set."""
        return any(m != 1 for m in self.multipliers) or self.sweep_multiplier != 1

    def factor(self, scooped: int, opponents: int) -> int:
        """The multiplier on one scooped opponent's chi when ``scooped`` of ``opponents`` were scooped."""
        if scooped <= 0:
            return 1
        factor = self.multipliers[min(scooped, 3) - 1]
        if opponents >= 2 and scooped == opponents:
            factor *= self.sweep_multiplier
        return factor


@dataclass(frozen=True)
class RuleSet:
    """Every rule that differs between the sources, as data.

    Immutable and hashable, so tables derived from a rule set can be cached by it: equality compares
    every field (values, names, summaries, chi names and provenance) and the hash covers every field
    too, so two rule sets that differ only in a name are different keys everywhere (in
    ``functools`` caches, which compare, and in caches keyed by the hash alone).

    Build one with :func:`load_rule_set` (a source id) or :func:`parse_rule_set`
    (a TOML text, e.g. house rules). Amounts are chi per opponent.

    Attributes:
        id: the rule-set id (``"chi-at"``...).
        source_file: the source text's file name in ``shared/sources``.
        names: display name per language.
        summaries: one-line summary per language.
        positions: chi display names: ``positions[position][language]``.
        wheel: where A-2-3-4-5 ranks.
        strict_order: the order rule (digest §1, reading revised again): ``False`` (every source, by
            default) lets a back equal its middle (back >= middle >= front); ``True``, a house option,
            makes an equal back and middle binh lủng (back > middle > front). TOML ``[order] strict``.
        chi_win: chi for a plain chi won (1 in every source).
        foul_penalty: chi a fouled hand pays each non-fouled opponent.
        scoop: the scoop multipliers.
        bonus_clash: chặt chồng factor when both hold the same kind of special chi (1 = none).
        bonuses: the bonus table.
        naturals: the instant wins in precedence order (first = highest).
        naturals_versus: what two instant wins do against each other.
        several_patterns: which one pattern a hand matching several is (digest §2.4, reading December 2026):
            TOML ``[several_patterns] rule``; :attr:`SeveralPatterns.PAID_MOST` for a file without the table.
        ace_rule: the ace rule, or ``AceRule.NONE``.
        exclude_bonus_four_aces: ``tinh-chi``: four aces paid as a bonus do not count again.
        provenance: where each value comes from, by key
            (``"wheel"``, ``"order"``, ``"foul"``, ``"scoop"``, ``"bonus_clash"``, ``"naturals"``,
            ``"several_patterns"``, ``"aces"``, ``"chi_win"``, ``"positions"``).
    """

    id: str
    source_file: str
    names: Mapping[str, str]
    summaries: Mapping[str, str]
    positions: Mapping[Position, Mapping[str, str]]
    wheel: WheelRank
    strict_order: bool
    chi_win: int
    foul_penalty: int
    scoop: ScoopRule
    bonus_clash: int
    bonuses: tuple[Bonus, ...]
    naturals: tuple[NaturalRule, ...]
    naturals_versus: NaturalsVersus
    several_patterns: SeveralPatterns
    ace_rule: AceRule
    exclude_bonus_four_aces: bool
    provenance: Mapping[str, Provenance] = field(repr=False)

    def __hash__(self) -> int:
        """Hashed once (a rule set keys many caches on every question made: ~0.2 ms a hash), the value kept on the
        object but never pickled (a string's hash differs between processes)."""
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = self._hash_fields()
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the kept hash."""
        return {key: value for key, value in self.__dict__.items() if key != "_hash"}

    def _hash_fields(self) -> int:
        return hash((
            self.id, self.source_file, _frozen(self.names), _frozen(self.summaries),
            tuple((position.value, _frozen(self.positions.get(position))) for position in Position),
            self.wheel, self.strict_order, self.chi_win, self.foul_penalty, self.scoop, self.bonus_clash, self.bonuses,
            self.naturals, self.naturals_versus, self.several_patterns, self.ace_rule, self.exclude_bonus_four_aces,
            _frozen(self.provenance),
        ))

    def name(self, lang: str = "vi") -> str:
        """The display name in ``lang`` (``"vi"`` or ``"en"``)."""
        return self.names.get(lang) or self.names["vi"]

    def position_name(self, position: Position, lang: str = "vi") -> str:
        """This rule set's label for ``position`` in ``lang``, e.g. ``"Chi đầu"``."""
        labels = self.positions[position]
        return labels.get(lang) or labels["vi"]

    def bonus(self, hand: BonusHand, position: Position) -> Bonus | None:
        """The bonus entry for ``hand`` in ``position``, or ``None`` when the table has none."""
        for entry in self.bonuses:
            if entry.hand is hand and entry.position is position:
                return entry
        return None

    def natural(self, pattern: NaturalPattern) -> NaturalRule | None:
        """The instant-win entry for ``pattern``, or ``None`` when this rule set does not recognise it."""
        for rule in self.naturals:
            if rule.pattern is pattern:
                return rule
        return None


class RuleSetError(ValueError):
    """A rule-set file or text is invalid.

    Attributes:
        problems: one ``(key, message)`` per wrong value, e.g.
            ``("scoop.multipliers", "expected 3 whole numbers >= 1, got [2, 2]")``.
    """

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{key}: {message}" for key, message in problems))


class UnknownRuleSetError(KeyError):
    """Raised by :func:`load_rule_set` for an id that is not a known rule set; the message lists the known ids."""

    def __str__(self) -> str:
        return str(self.args[0])


@cache
def load_rule_set(rule_set_id: str) -> RuleSet:
    """Load a source rule set by id.

    Args:
        rule_set_id: one of :data:`RULE_SET_IDS`.

    Returns:
        The :class:`RuleSet` (cached; rule sets are immutable).

    Raises:
        UnknownRuleSetError: for an unknown id, listing the known ones.
        RuleSetError: if the shipped file is invalid (a packaging defect).
    """
    if rule_set_id not in RULE_SET_IDS:
        raise UnknownRuleSetError(
            f"unknown rule set {rule_set_id!r}; known: {', '.join(RULE_SET_IDS)}"
        )
    return parse_rule_set((RULESET_DIR / f"{rule_set_id}.toml").read_text(encoding="utf-8"))


def parse_rule_set(text: str) -> RuleSet:
    """Build a :class:`RuleSet` from TOML text in the format of ``maubinh/rulesets/*.toml``.

    Every amount lies in its :data:`AMOUNT_RANGES` range and every text within :data:`TEXT_LIMITS`.
    A house file may name the source it started from as ``based_on = "<source id>"`` instead of the
    source's ``source_file``.

    Raises:
        RuleSetError: listing every wrong value with its key and what was expected
            (the TOML syntax error, with its line, when the text does not parse; see :func:`read_toml`).
    """
    return rule_set_from_data(read_toml(text))


def rule_set_from_data(data: Mapping[str, Any]) -> RuleSet:
    """Build a :class:`RuleSet` from a rule-set file's data, as :func:`read_toml` (or ``tomllib``) reads
    it: :func:`parse_rule_set` without the text. Same checks, same ``RuleSetError``."""
    return _Reader(dict(data)).rule_set()


def read_toml(text: str) -> dict[str, Any]:
    """The data of a TOML text of at most :data:`MAX_RULES_CHARS` characters, read safely.

    Raises:
        RuleSetError: key ``"toml"``, for a text that is too long (refused before it is read), does not
            parse (the parser's message, with its line), nests too deeply or holds a number too long to
            read (Python refuses integers of more than 4,300 digits).
    """
    if not isinstance(text, str):
        raise RuleSetError([("toml", f"expected a text, got {type(text).__name__}")])
    if len(text) > MAX_RULES_CHARS:
        raise RuleSetError([("toml", f"too long: {len(text):,} characters, at most {MAX_RULES_CHARS:,}")])
    if _nesting(text) > _MAX_NESTING:
        raise RuleSetError([("toml", "nested too deeply to be a rule set")])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError([("toml", str(exc))]) from None
    except RecursionError:
        raise RuleSetError([("toml", "nested too deeply to be a rule set")]) from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise RuleSetError([("toml", f"a value cannot be read: {str(exc)[:120]}")]) from None


class _Reader:
    """Reads and validates the TOML data, collecting every problem before raising."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.problems: list[tuple[str, str]] = []

    def fail(self, key: str, message: str) -> None:
        self.problems.append((key, message))

    def get(self, table: Mapping[str, Any], key: str, path: str, kind: type, default: Any = None) -> Any:
        value = table.get(key, default)
        if value is None or (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
            self.fail(path, f"expected {_KIND_NAMES[kind]}, got {_short(value)}")
            return None
        return value

    def table(self, key: str) -> dict[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, dict):
            self.fail(key, "missing table")
            return {}
        return value

    def count(self, table: Mapping[str, Any], key: str, path: str, limits: str) -> int:
        """A whole number in the :data:`AMOUNT_RANGES` range named ``limits``."""
        minimum, maximum = AMOUNT_RANGES[limits]
        value = self.get(table, key, path, int)
        if value is not None and not minimum <= value <= maximum:
            self.fail(path, f"expected a whole number from {minimum} to {maximum}, got {value}")
            return minimum
        return value if value is not None else minimum

    def text(self, table: Mapping[str, Any], key: str, path: str, limit: str, default: Any = None) -> Any:
        """A text of at most :data:`TEXT_LIMITS` ``[limit]`` characters (``None`` when it is not one)."""
        value = self.get(table, key, path, str, default=default)
        if value is not None and len(value) > TEXT_LIMITS[limit]:
            self.fail(path, f"expected a text of at most {TEXT_LIMITS[limit]} characters, got {len(value):,}")
            return None
        return value

    def enum(self, enum: type[Enum], value: Any, path: str) -> Any:
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in enum)
            self.fail(path, f"expected one of {allowed}, got {_short(value)}")
            return None

    def provenance(self, table: Mapping[str, Any], path: str) -> Provenance:
        source = self.text(table, "source", f"{path}.source", "source", default="")
        raw = table.get("reading")
        reading = None if raw is None else self.texts(raw, f"{path}.reading", "reading")
        house = table.get("house_default", False)
        if not isinstance(house, bool):
            self.fail(f"{path}.house_default", f"expected true or false, got {_short(house)}")
            house = False
        raw_other = table.get("other_reading")
        other = None if raw_other is None else self.texts(raw_other, f"{path}.other_reading", "reading")
        return Provenance(source or "", reading, house, other)

    def texts(self, value: Any, path: str, limit: str) -> dict[str, str]:
        """A text per language, each of at most :data:`TEXT_LIMITS` ``[limit]`` characters."""
        if not isinstance(value, dict) or not all(isinstance(value.get(lang), str) for lang in LANGUAGES):
            self.fail(path, f"expected text for each language ({', '.join(LANGUAGES)}), got {_short(value)}")
            return {lang: "" for lang in LANGUAGES}
        longest = max(len(value[lang]) for lang in LANGUAGES)
        if longest > TEXT_LIMITS[limit]:
            self.fail(path, f"expected texts of at most {TEXT_LIMITS[limit]} characters, got {longest:,}")
            return {lang: "" for lang in LANGUAGES}
        return {lang: value[lang] for lang in LANGUAGES}

    def rule_set(self) -> RuleSet:
        d = self.data
        provenance: dict[str, Provenance] = {}
        rule_id = self.text(d, "id", "id", "id") or ""
        source_file = self.source_file()
        names = self.texts(d.get("name"), "name", "name")
        summaries = self.texts(d.get("summary", d.get("name")), "summary", "summary")

        pos_table = self.table("positions")
        positions = {p: self.texts(pos_table.get(p.value), f"positions.{p.value}", "positions") for p in Position}
        provenance["positions"] = self.provenance(pos_table, "positions")

        wheel_table = self.table("wheel")
        wheel = self.enum(WheelRank, wheel_table.get("value"), "wheel.value")
        provenance["wheel"] = self.provenance(wheel_table, "wheel")

        strict_order, provenance["order"] = self.order()

        chi_table = self.table("chi_win")
        chi_win = self.count(chi_table, "value", "chi_win.value", "chi_win.value")
        provenance["chi_win"] = self.provenance(chi_table, "chi_win")

        foul_table = self.table("foul")
        foul_penalty = self.count(foul_table, "penalty", "foul.penalty", "foul.penalty")
        provenance["foul"] = self.provenance(foul_table, "foul")

        scoop_table = self.table("scoop")
        multipliers = scoop_table.get("multipliers")
        low, high = AMOUNT_RANGES["scoop.multipliers"]
        if not (
            isinstance(multipliers, list)
            and len(multipliers) == 3
            and all(isinstance(m, int) and not isinstance(m, bool) and low <= m <= high for m in multipliers)
        ):
            self.fail("scoop.multipliers", f"expected 3 whole numbers from {low} to {high}, got {_short(multipliers)}")
            multipliers = [1, 1, 1]
        sweep = self.count(scoop_table, "sweep_multiplier", "scoop.sweep_multiplier", "scoop.sweep_multiplier")
        provenance["scoop"] = self.provenance(scoop_table, "scoop")
        scoop = ScoopRule(
            (multipliers[0], multipliers[1], multipliers[2]), sweep, provenance["scoop"]
        )

        clash_table = self.table("bonus_clash")
        bonus_clash = self.count(clash_table, "multiplier", "bonus_clash.multiplier", "bonus_clash.multiplier")
        provenance["bonus_clash"] = self.provenance(clash_table, "bonus_clash")

        bonuses: list[Bonus] = []
        seen_bonus: set[tuple[BonusHand, Position]] = set()
        for i, entry in enumerate(self._entries("bonus")):
            path = f"bonus[{i}]"
            hand = self.enum(BonusHand, entry.get("hand"), f"{path}.hand")
            position = self.enum(Position, entry.get("position"), f"{path}.position")
            chi = self.count(entry, "chi", f"{path}.chi", "bonus.chi")
            if hand is None or position is None:
                continue
            if (hand, position) in seen_bonus:
                self.fail(path, f"{hand.value} in {position.value} is listed twice")
            if hand in _FRONT_ONLY and position is not Position.FRONT or (
                hand not in _FRONT_ONLY and position is Position.FRONT
            ):
                self.fail(f"{path}.position", f"{hand.value} cannot be held in {position.value}")
            seen_bonus.add((hand, position))
            bonuses.append(Bonus(hand, position, chi, self.provenance(entry, path)))

        nat_table = self.table("naturals")
        versus = self.enum(NaturalsVersus, nat_table.get("versus"), "naturals.versus")
        provenance["naturals"] = self.provenance(nat_table, "naturals")
        naturals: list[NaturalRule] = []
        seen_nat: set[NaturalPattern] = set()
        for i, entry in enumerate(self._entries("natural")):
            path = f"natural[{i}]"
            pattern = self.enum(NaturalPattern, entry.get("pattern"), f"{path}.pattern")
            chi = self.count(entry, "chi", f"{path}.chi", "natural.chi")
            if pattern is None:
                continue
            if pattern in seen_nat:
                self.fail(path, f"{pattern.value} is listed twice")
            seen_nat.add(pattern)
            naturals.append(NaturalRule(pattern, chi, self.provenance(entry, path)))
        several, provenance["several_patterns"] = self.several_patterns()

        ace_table = self.table("aces")
        ace_rule = self.enum(AceRule, ace_table.get("rule"), "aces.rule")
        exclude = ace_table.get("exclude_bonus_four_aces", False)
        if not isinstance(exclude, bool):
            self.fail("aces.exclude_bonus_four_aces", f"expected true or false, got {_short(exclude)}")
            exclude = False
        provenance["aces"] = self.provenance(ace_table, "aces")

        if self.problems:
            raise RuleSetError(self.problems)
        return RuleSet(
            id=rule_id,
            source_file=source_file,
            names=names,
            summaries=summaries,
            positions=positions,
            wheel=wheel,
            strict_order=strict_order,
            chi_win=chi_win,
            foul_penalty=foul_penalty,
            scoop=scoop,
            bonus_clash=bonus_clash,
            bonuses=tuple(bonuses),
            naturals=tuple(naturals),
            naturals_versus=versus,
            several_patterns=several,
            ace_rule=ace_rule,
            exclude_bonus_four_aces=exclude,
            provenance=provenance,
        )

    def order(self) -> tuple[bool, Provenance]:
        """The order rule: ``[order] strict`` (false when the table or the key is absent, as in files
        saved before it existed) and its provenance (:data:`ORDER_PROVENANCE` without a table)."""
        if "order" not in self.data:
            return False, ORDER_PROVENANCE
        table = self.table("order")
        strict = table.get("strict", False)
        if not isinstance(strict, bool):
            self.fail("order.strict", f"expected true or false, got {_short(strict)}")
            strict = False
        return strict, self.provenance(table, "order")

    def several_patterns(self) -> tuple[SeveralPatterns, Provenance]:
        """Which pattern a hand matching several is: ``[several_patterns] rule`` and its provenance
        (:attr:`SeveralPatterns.PAID_MOST` and :data:`SEVERAL_PATTERNS_PROVENANCE` without the table, as in
        files saved before it existed)."""
        if "several_patterns" not in self.data:
            return SeveralPatterns.PAID_MOST, SEVERAL_PATTERNS_PROVENANCE
        table = self.table("several_patterns")
        rule = self.enum(SeveralPatterns, table.get("rule"), "several_patterns.rule")
        return rule or SeveralPatterns.PAID_MOST, self.provenance(table, "several_patterns")

    def source_file(self) -> str:
        """The source text's file name: ``source_file``, or that of the source named by ``based_on``."""
        based_on = self.data.get("based_on")
        if based_on is None:
            return self.text(self.data, "source_file", "source_file", "source", default="") or ""
        if based_on not in RULE_SET_IDS or "source_file" in self.data:
            self.fail("based_on", f"expected one of {', '.join(RULE_SET_IDS)} (and no source_file), "
                                  f"got {_short(based_on)}")
            return ""
        return load_rule_set(based_on).source_file

    def _entries(self, key: str) -> list[dict[str, Any]]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            self.fail(key, f"expected a list of [[{key}]] tables")
            return []
        return value


_MAX_NESTING = 16
"""The deepest nesting of lists and inline tables read (a rule set nests 3 deep): the parser recurses
once per level, so a deeper text is refused before it is parsed, whatever the recursion limit."""
_QUOTED = re.compile(r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def _nesting(text: str) -> int:
    """How deeply ``[`` and ``{`` nest in a TOML text, strings and comments left out."""
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_QUOTED.sub("", text)):
        depth = depth + 1 if bracket in "[{" else max(0, depth - 1)
        deepest = max(deepest, depth)
    return deepest


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters (a bad value can be a long list)."""
    if isinstance(value, (list, dict)) and len(value) > limit:
        value = type(value)(list(value)[:limit]) if isinstance(value, list) else dict(list(value.items())[:limit])
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_FRONT_ONLY = frozenset({BonusHand.SAM_CO, BonusHand.SAM_CO_A})
_KIND_NAMES: dict[type, str] = {int: "a whole number", str: "text", bool: "true or false"}
