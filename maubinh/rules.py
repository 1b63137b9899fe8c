"""Rule sets as data: one TOML file per source in ``maubinh/rulesets/``.

A :class:`RuleSet` holds every number and choice that differs between the
sources (digest §2): the chi names, where the wheel ranks, the foul penalty,
the scoop multipliers, the bonus table, the instant wins and the ace rule.
Each value keeps its :class:`Provenance`: the place in the source it comes
from, the digest's reading where the text is unclear, and whether it is a
"house sets" default.

Each rule option is declared once, as its field's :class:`~maubinh.schema.Option` (see :mod:`maubinh.schema`);
the file's layout is :data:`FILE_TABLES`. One walk along them checks a file (:func:`check_rule_set_data`: every
problem located, ``foul.penalty: expected a whole number from 0 to 100, got -1``) and builds the rule set;
:mod:`maubinh.house` writes one back and edits it key by key from the same declarations.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from functools import cache
from operator import attrgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any

from maubinh.hands import WheelRank
from maubinh.schema import (
    MAX_PROBLEMS,
    Editor,
    Expected,
    ExpectedKind,
    FileProblem,
    Kind,
    Option,
    option_of,
    rule,
    toml_text,
)

__all__ = [
    "AMOUNT_RANGES",
    "BONUS_SLOTS",
    "ENTRY_OPTIONS",
    "FILE_TABLES",
    "HOUSE_ID",
    "MAX_RULES_CHARS",
    "ORDER_PROVENANCE",
    "RULE_SET_IDS",
    "SEVERAL_PATTERNS_PROVENANCE",
    "TEXT_LIMITS",
    "AceRule",
    "Bonus",
    "BonusHand",
    "FileTable",
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
    "check_rule_set_data",
    "load_rule_set",
    "options",
    "parse_rule_set",
    "read_toml",
    "rule_set_from_data",
    "source_files",
]

RULESET_DIR = Path(__file__).parent / "rulesets"
RULE_SET_IDS: tuple[str, ...] = ("chi-at", "luckywin", "tinh-chi", "guide-2026")
"""The source rule sets, in the digest's order."""

LANGUAGES = ("vi", "en")


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
    """One bonus-table entry: ``hand`` in ``position`` wins ``chi`` from each opponent when that chi wins
    (digest §2.3; TOML ``[[bonus]]``)."""

    hand: BonusHand = field(metadata=rule(Option("bonus.hand", Kind.CHOICE, choices=BonusHand)))
    position: Position = field(metadata=rule(Option("bonus.position", Kind.CHOICE, choices=Position)))
    chi: int = field(metadata=rule(Option("bonus.chi", Kind.AMOUNT, limits=(1, 200))))
    provenance: Provenance


@dataclass(frozen=True)
class NaturalRule:
    """One instant win the rule set recognises: ``pattern`` wins ``chi`` from each opponent (digest §2.4;
    TOML ``[[natural]]``)."""

    pattern: NaturalPattern = field(metadata=rule(Option("natural.pattern", Kind.CHOICE, choices=NaturalPattern)))
    chi: int = field(metadata=rule(Option("natural.chi", Kind.AMOUNT, limits=(1, 500))))
    provenance: Provenance


@dataclass(frozen=True)
class ScoopRule:
    """Scoop (sập) multipliers (digest §2.5; TOML ``[scoop]``).

    Attributes:
        multipliers: ``multipliers[k - 1]`` multiplies what a player takes from
            each opponent it scoops, when it scoops ``k`` opponents (k = 1..3).
            1 everywhere means no scoop rule.
        sweep_multiplier: extra factor, on top, when a player scoops every
            opponent and there are at least two (sập cả làng).
    """

    multipliers: tuple[int, int, int] = field(metadata=rule(Option(
        "scoop.multipliers", Kind.AMOUNTS, limits=(1, 10), unit="times",
        editor=Editor("penalties", "scoop", "number"))))
    sweep_multiplier: int = field(metadata=rule(Option(
        "scoop.sweep_multiplier", Kind.AMOUNT, limits=(1, 10), unit="times",
        editor=Editor("penalties", "sweep", "number"))))
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


def _records(record: type[Any], table: str) -> dict[str, Any]:
    """The metadata of a field holding records read from the file's ``table`` (``[scoop]``, or a list
    ``[[bonus]]``)."""
    return {"record": record, "table": table}


@dataclass(frozen=True)
class RuleSet:
    """Every rule that differs between the sources, as data.

    Immutable and hashable, so tables derived from a rule set can be cached by it: equality compares
    every field (values, names, summaries, chi names and provenance) and the hash covers every field
    too, so two rule sets that differ only in a name are different keys everywhere (in
    ``functools`` caches, which compare, and in caches keyed by the hash alone).

    Each rule option is declared once, as its field's :class:`~maubinh.schema.Option` (TOML key, kind, range or
    choices, the value a file without it reads as, the editor's field): the reader, the house-rules checker,
    the writer, the editable keys and the Sandbox's editor are derived from these declarations
    (:mod:`maubinh.schema`). The file's layout is :data:`FILE_TABLES`.

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
        foul_penalty: chi a fouled hand pays each non-fouled opponent (TOML ``[foul] penalty``; what it pays
            is :attr:`foul_price`).
        scoop: the scoop multipliers.
        bonus_clash: chặt chồng factor when both hold the same kind of special chi (1 = none).
        bonuses: the bonus table.
        naturals: the instant wins in precedence order (first = highest).
        naturals_versus: what two instant wins do against each other.
        several_patterns: which one pattern a hand matching several is (digest §2.4, reading December 2026):
            TOML ``[several_patterns] rule``; :attr:`SeveralPatterns.PAID_MOST` for a file without the table.
        ace_rule: the ace rule, or ``AceRule.NONE``.
        exclude_bonus_four_aces: ``tinh-chi``: four aces paid as a bonus do not count again.
        foul_as_scooped: a house option, the other reading of ``chi-at``'s "binh lủng ... tương đương với bị sập
            3 chi mỗi nhà" (digest §2.7): ``True`` makes a fouled hand pay as if scooped, its penalty times the
            scoop multiplier for one scooped opponent (chi-at: 3 x 2 = 6); it still counts as no scoop for the
            scooper's sập cả làng. ``False`` (every source, by default): the penalty as a whole. TOML
            ``[foul] as_scooped``, left out of a file written when false.
        provenance: where each value comes from, by table
            (``"wheel"``, ``"order"``, ``"foul"``, ``"scoop"``, ``"bonus_clash"``, ``"naturals"``,
            ``"several_patterns"``, ``"aces"``, ``"chi_win"``, ``"positions"``).
    """

    id: str
    source_file: str
    names: Mapping[str, str]
    summaries: Mapping[str, str]
    positions: Mapping[Position, Mapping[str, str]]
    wheel: WheelRank = field(metadata=rule(Option("wheel.value", Kind.CHOICE, choices=WheelRank,
                                   editor=Editor("general", "wheel", "radio"))))
    strict_order: bool = field(metadata=rule(Option("order.strict", Kind.FLAG, absent=False,
                                     editor=Editor("general", "order_strict", "toggle"))))
    chi_win: int = field(metadata=rule(Option("chi_win.value", Kind.AMOUNT, limits=(1, 10),
                               editor=Editor("general", "chi_win", "number"))))
    foul_penalty: int = field(metadata=rule(Option("foul.penalty", Kind.AMOUNT, limits=(0, 100),
                                    editor=Editor("penalties", "foul", "number"))))
    scoop: ScoopRule = field(metadata=_records(ScoopRule, "scoop"))
    bonus_clash: int = field(metadata=rule(Option("bonus_clash.multiplier", Kind.AMOUNT, limits=(1, 10), unit="times",
                                   editor=Editor("bonus", "clash", "number"))))
    bonuses: tuple[Bonus, ...] = field(metadata=_records(Bonus, "bonus"))
    naturals: tuple[NaturalRule, ...] = field(metadata=_records(NaturalRule, "natural"))
    naturals_versus: NaturalsVersus = field(metadata=rule(Option("naturals.versus", Kind.CHOICE, choices=NaturalsVersus,
                                                  editor=Editor("naturals", "versus", "select"))))
    several_patterns: SeveralPatterns = field(metadata=rule(Option(
        "several_patterns.rule", Kind.CHOICE, choices=SeveralPatterns, absent=SeveralPatterns.PAID_MOST,
        editor=Editor("naturals", "several", "select"))))
    ace_rule: AceRule = field(metadata=rule(Option("aces.rule", Kind.CHOICE, choices=AceRule,
                                                   editor=Editor("aces", "aces", "select"))))
    exclude_bonus_four_aces: bool = field(metadata=rule(Option("aces.exclude_bonus_four_aces", Kind.FLAG, absent=False,
                                                editor=Editor("aces", "exclude", "checkbox"))))
    provenance: Mapping[str, Provenance] = field(repr=False)
    foul_as_scooped: bool = field(default=False, metadata=rule(Option(
        "foul.as_scooped", Kind.FLAG, absent=False, omitted_at_default=True,
        editor=Editor("penalties", "foul_as_scooped", "toggle"))))

    def __hash__(self) -> int:
        """Hashed once (a rule set keys many caches on every question made: ~0.2 ms a hash), the value kept on the
        object but never pickled (a string's hash differs between processes)."""
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(_hashable(getattr(self, declared.name)) for declared in fields(self)))
            object.__setattr__(self, "_hash", cached)
        return cached

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the kept hash."""
        return {key: value for key, value in self.__dict__.items() if key != "_hash"}

    @property
    def foul_price(self) -> int:
        """Chi a fouled hand pays each opponent that did not foul (digest §2.7): :attr:`foul_penalty`, times the
        scoop multiplier for one scooped opponent under :attr:`foul_as_scooped` (a house option).

        >>> from dataclasses import replace
        >>> chi_at = load_rule_set("chi-at")
        >>> chi_at.foul_price, replace(chi_at, foul_as_scooped=True).foul_price
        (3, 6)
        """
        return self.foul_penalty * (self.scoop.multipliers[0] if self.foul_as_scooped else 1)

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
        for rule_ in self.naturals:
            if rule_.pattern is pattern:
                return rule_
        return None


def _hashable(value: Any) -> Any:
    """A field's value as a hashable tuple (a mapping as its items in key order, nested)."""
    if isinstance(value, Mapping):
        return tuple(sorted(((str(key), _hashable(item)) for key, item in value.items()), key=lambda kv: kv[0]))
    return value


# --------------------------------------------------------------------------- the schema, derived


@dataclass(frozen=True)
class FileTable:
    """One table (or list of tables) of a rule-set file, in :data:`FILE_TABLES` order.

    Attributes:
        name: the TOML table: ``"foul"``, or a list of tables: ``"bonus"``.
        absent: for a table a file may leave out (files saved before it existed), the provenance it then
            reads as; ``None``: every file holds it.
        digest_omits_default: the canonical data leaves the table out when every option in it is at the value
            a file without it reads as (its provenance with it).
        record: for a list of tables, the record each entry is (:class:`Bonus`, :class:`NaturalRule`).
    """

    name: str
    absent: Provenance | None = None
    digest_omits_default: bool = False
    record: type[Any] | None = None


FILE_TABLES: tuple[FileTable, ...] = (
    FileTable("positions"),
    FileTable("wheel"),
    FileTable("order", absent=ORDER_PROVENANCE),
    FileTable("chi_win"),
    FileTable("foul"),
    FileTable("scoop"),
    FileTable("bonus_clash"),
    FileTable("bonus", record=Bonus),
    FileTable("naturals"),
    FileTable("natural", record=NaturalRule),
    FileTable("several_patterns", absent=SEVERAL_PATTERNS_PROVENANCE, digest_omits_default=True),
    FileTable("aces"),
)
"""The tables of a rule-set file in the order the writer writes them (and the checker reports them), after the
top-level ``id``, ``source_file`` / ``based_on``, ``name`` and ``summary``. ``[positions]`` holds the chi names
(a text per language for ``back``, ``middle``, ``front``); each other table holds the options declared with its
name, and its value's provenance (``source``, ``reading``, ``house_default``, ``other_reading``)."""


def _declared(record: type[Any]) -> tuple[tuple[str, Option], ...]:
    """``(field name, option)`` of every option a record's fields declare, in field order."""
    return tuple((declared.name, found) for declared in fields(record) if (found := option_of(declared)) is not None)


def options() -> tuple[tuple[Option, Callable[[RuleSet], Any]], ...]:
    """Every rule option of a :class:`RuleSet` (not the entries of a list of tables) with the function that
    reads its value from a rule set, in :data:`FILE_TABLES` order (then field order).

    >>> [option.key for option, _ in options()][:4]
    ['wheel.value', 'order.strict', 'chi_win.value', 'foul.penalty']
    >>> dict((option.key, value) for option, value in options())["scoop.multipliers"](load_rule_set("tinh-chi"))
    (2, 3, 4)
    """
    return _OPTIONS


def _option_readers() -> tuple[tuple[Option, Callable[[RuleSet], Any]], ...]:
    found: list[tuple[Option, Callable[[RuleSet], Any]]] = []
    for declared in fields(RuleSet):
        own = option_of(declared)
        if own is not None:
            found.append((own, attrgetter(declared.name)))
        elif declared.metadata.get("record") is ScoopRule:
            found += [(option, attrgetter(f"{declared.name}.{name}")) for name, option in _declared(ScoopRule)]
    order = [table.name for table in FILE_TABLES]
    return tuple(sorted(found, key=lambda pair: order.index(pair[0].table)))


_OPTIONS = _option_readers()
ENTRY_OPTIONS: Mapping[str, tuple[Option, ...]] = MappingProxyType({
    table.name: tuple(option for _, option in _declared(table.record)) for table in FILE_TABLES if table.record
})
"""The options of each entry of a list of tables, by list: ``{"bonus": (hand, position, chi), "natural": ...}``."""

AMOUNT_RANGES: Mapping[str, tuple[int, int]] = MappingProxyType({
    option.key: option.limits
    for option in (*(option for option, _ in _OPTIONS), *(o for entry in ENTRY_OPTIONS.values() for o in entry))
    if option.limits is not None
})
"""The range (lowest, highest) of every amount and multiplier a rule set holds, by key as the files
write it (``bonus.chi`` for every ``[[bonus]]`` entry's ``chi``, ``natural.chi`` for every ``[[natural]]``),
from the options' declarations.

Real tables stay well inside them (the sources: 1 chi a chi won, a foul 3-6, scoops x2-x4, bonuses
up to 24, instant wins up to 78 = 26 x 3); the bounds keep every settlement, the solver's tables and a
simulation of many deals far inside 64-bit whole numbers (the largest pair total is below 10^7 chi)."""

_FRONT_ONLY = frozenset({BonusHand.SAM_CO, BonusHand.SAM_CO_A})
BONUS_SLOTS: tuple[tuple[BonusHand, Position], ...] = tuple(
    (hand, position)
    for hand in BonusHand
    for position in POSITIONS
    if (position is Position.FRONT) == (hand in _FRONT_ONLY)
)
"""Every (special hand, position) the bonus table can hold (digest §2.3): 14 slots; the 3-card
hands (sám cô, sám cô A) only in the front, the 5-card ones in the back and the middle."""


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
    rule_set, problems = check_rule_set_data(data, house=False)
    if rule_set is None:
        raise RuleSetError([(problem.key, problem.message) for problem in problems])
    return rule_set


def check_rule_set_data(data: Mapping[str, Any], *, house: bool) -> tuple[RuleSet | None, tuple[FileProblem, ...]]:
    """Check a rule-set file's data against the schema: the rule set, or ``None`` and every problem found (at most
    :data:`~maubinh.schema.MAX_PROBLEMS` listed, then one counting the rest).

    Every option's value is checked as its :class:`~maubinh.schema.Option` declares; every table, list and text
    as :data:`FILE_TABLES` and :data:`TEXT_LIMITS` say; a key the format does not know is a problem. With
    ``house`` (a house-rules file, :func:`maubinh.house.check_house_rules`), the id must be the house's own and
    the file must name the source it started from (``based_on``, or a source's ``source_file``); without it,
    any id and ``source_file`` (or ``based_on``) is read.
    """
    checker = _Checker()
    checker.check(data, house=house)
    if checker.problems:
        return None, checker.found()
    return _build(data), ()


_PROVENANCE_KEYS = ("source", "reading", "house_default", "other_reading")
_TOP_KEYS = ("id", "based_on", "source_file", "name", "summary", *(table.name for table in FILE_TABLES))
HOUSE_ID = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?")
"""A house rule set's own id: 1-40 lowercase letters, digits or ``-``, not starting or ending with ``-``."""


def _table_keys(table: str) -> tuple[str, ...]:
    """The keys a table (or each entry of a list of tables) holds besides its provenance."""
    if table == "positions":
        return tuple(position.value for position in POSITIONS)
    if table in ENTRY_OPTIONS:
        return tuple(option.name for option in ENTRY_OPTIONS[table])
    return tuple(option.name for option, _ in _OPTIONS if option.table == table)


def source_files() -> dict[str, str]:
    """The source rule sets' ``source_file`` names, by rule-set id (``{"chi-at": "000_e3de....txt", ...}``)."""
    return {rule_set_id: load_rule_set(rule_set_id).source_file for rule_set_id in RULE_SET_IDS}


class _Checker:
    """Walks a file's data along :data:`FILE_TABLES` and records every wrong value as a :class:`FileProblem`."""

    def __init__(self) -> None:
        self.problems: list[FileProblem] = []
        self.more = 0

    def fail(self, key: str, expected: Expected, got: Any, present: bool = True) -> None:
        if len(self.problems) >= MAX_PROBLEMS:  # counted, not kept: a crafted file can hold thousands
            self.more += 1
            return
        self.problems.append(FileProblem(key, expected, toml_text(got) if present else None))

    def found(self) -> tuple[FileProblem, ...]:
        """The problems kept, then one :attr:`ExpectedKind.MORE` problem counting the rest (if any)."""
        more = (FileProblem("…", Expected(ExpectedKind.MORE, maximum=self.more), None),) if self.more else ()
        return (*self.problems, *more)

    def known(self, table: Mapping[str, Any], allowed: Sequence[str], prefix: str) -> None:
        for key in table:
            if key not in allowed:
                self.fail(f"{prefix}{key}", Expected(ExpectedKind.KNOWN_KEY, choices=tuple(allowed)), table[key])

    def text(self, table: Mapping[str, Any], key: str, path: str, limit: str, required: bool = True) -> None:
        if key not in table and not required:
            return
        value = table.get(key)
        if not isinstance(value, str):
            self.fail(path, Expected(ExpectedKind.TEXT), value, key in table)
        elif len(value) > TEXT_LIMITS[limit]:
            self.fail(path, Expected(ExpectedKind.SHORT_TEXT, maximum=TEXT_LIMITS[limit]), value)

    def texts(self, table: Mapping[str, Any], key: str, path: str, limit: str, required: bool = True) -> None:
        if key not in table and not required:
            return
        value = table.get(key)
        ok = isinstance(value, dict) and all(isinstance(value.get(lang), str) for lang in LANGUAGES)
        if not ok:
            self.fail(path, Expected(ExpectedKind.LANGUAGE_TEXTS, choices=LANGUAGES), value, key in table)
        elif isinstance(value, dict):
            self.known(value, LANGUAGES, f"{path}.")
            if max(len(value[lang]) for lang in LANGUAGES) > TEXT_LIMITS[limit]:
                self.fail(path, Expected(ExpectedKind.SHORT_TEXT, maximum=TEXT_LIMITS[limit]), value)

    def provenance(self, table: Mapping[str, Any], path: str) -> None:
        self.text(table, "source", f"{path}.source", "source", required=False)
        self.texts(table, "reading", f"{path}.reading", "reading", required=False)
        self.texts(table, "other_reading", f"{path}.other_reading", "reading", required=False)
        if "house_default" in table and not isinstance(table["house_default"], bool):
            self.fail(f"{path}.house_default", Expected(ExpectedKind.TRUE_FALSE), table["house_default"])

    def table(self, data: Mapping[str, Any], key: str) -> dict[str, Any]:
        value = data.get(key)
        if not isinstance(value, dict):
            self.fail(key, Expected(ExpectedKind.TABLE), value, key in data)
            return {}
        self.known(value, (*_table_keys(key), *_PROVENANCE_KEYS), f"{key}.")
        self.provenance(value, key)
        return value

    def entries(self, data: Mapping[str, Any], key: str) -> list[tuple[str, dict[str, Any]]]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(entry, dict) for entry in value):
            self.fail(key, Expected(ExpectedKind.LIST_OF_TABLES), value)
            return []
        found = []
        for i, entry in enumerate(value):
            path = f"{key}[{i}]"
            self.known(entry, (*_table_keys(key), *_PROVENANCE_KEYS), f"{path}.")
            self.provenance(entry, path)
            for option in ENTRY_OPTIONS[key]:
                option.check(entry, self.fail, f"{path}.{option.name}")
            found.append((path, entry))
        return found

    def check(self, data: Mapping[str, Any], *, house: bool = True) -> None:
        """Check every value; with ``house``, also the id (own) and the source it started from."""
        self.known(data, _TOP_KEYS, "")
        if house:
            self.house(data)
        else:
            self.text(data, "id", "id", "id")
            self.origin(data)
        self.texts(data, "name", "name", "name")
        self.texts(data, "summary", "summary", "summary", required=False)
        for layout in FILE_TABLES:
            if layout.name == "positions":
                positions = self.table(data, "positions")
                if positions or "positions" in data:
                    for position in POSITIONS:
                        self.texts(positions, position.value, f"positions.{position.value}", "positions")
            elif layout.name == "bonus":
                self.bonus_entries(data)
            elif layout.name == "natural":
                self.natural_entries(data)
            elif layout.absent is None or layout.name in data:  # a table files saved before it existed lack
                table = self.table(data, layout.name)
                for option, _ in _OPTIONS:
                    if option.table == layout.name:
                        option.check(table, self.fail)

    def house(self, data: Mapping[str, Any]) -> None:
        rule_id = data.get("id")
        if not (isinstance(rule_id, str) and HOUSE_ID.fullmatch(rule_id) and rule_id not in RULE_SET_IDS):
            self.fail("id", Expected(ExpectedKind.OWN_ID, choices=RULE_SET_IDS), rule_id, "id" in data)
        if "based_on" in data or "source_file" not in data:
            self.based_on(data)
        elif not isinstance(data["source_file"], str) or data["source_file"] not in source_files().values():
            # files saved before based_on named the source by its file
            self.fail("source_file", Expected(ExpectedKind.SOURCE_FILE, choices=RULE_SET_IDS), data["source_file"])

    def origin(self, data: Mapping[str, Any]) -> None:
        """``based_on = "<source id>"`` (and no ``source_file``), or a ``source_file`` text."""
        if "based_on" not in data:
            self.text(data, "source_file", "source_file", "source")
        else:
            self.based_on(data)

    def based_on(self, data: Mapping[str, Any]) -> None:
        based_on = data.get("based_on")
        if not isinstance(based_on, str) or based_on not in RULE_SET_IDS or "source_file" in data:
            self.fail("based_on", Expected(ExpectedKind.SOURCE_FILE, choices=RULE_SET_IDS), based_on, "based_on" in data)

    def bonus_entries(self, data: Mapping[str, Any]) -> None:
        seen: set[tuple[str, str]] = set()
        for path, entry in self.entries(data, "bonus"):
            hand, position = entry.get("hand"), entry.get("position")
            if not (isinstance(hand, str) and isinstance(position, str)
                    and hand in _BONUS_HANDS and position in _POSITION_VALUES):
                continue
            if (BonusHand(hand), Position(position)) not in BONUS_SLOTS:
                allowed = tuple(p.value for h, p in BONUS_SLOTS if h.value == hand)
                self.fail(f"{path}.position", Expected(ExpectedKind.POSITION_FOR_HAND, choices=allowed), position)
            elif (hand, position) in seen:
                self.fail(path, Expected(ExpectedKind.LISTED_ONCE), f"{hand} in {position} again")
            seen.add((hand, position))

    def natural_entries(self, data: Mapping[str, Any]) -> None:
        seen: set[str] = set()
        for path, entry in self.entries(data, "natural"):
            pattern = entry.get("pattern")
            if not isinstance(pattern, str) or pattern not in _PATTERN_VALUES:
                continue
            if pattern in seen:
                self.fail(path, Expected(ExpectedKind.LISTED_ONCE), f"{pattern} again")
            seen.add(pattern)


_BONUS_HANDS = frozenset(hand.value for hand in BonusHand)
_POSITION_VALUES = frozenset(position.value for position in Position)
_PATTERN_VALUES = frozenset(pattern.value for pattern in NaturalPattern)


def _texts(value: Mapping[str, str]) -> dict[str, str]:
    return {lang: value[lang] for lang in LANGUAGES}


def _provenance(table: Mapping[str, Any]) -> Provenance:
    """A checked table's (or entry's) provenance."""
    reading, other = table.get("reading"), table.get("other_reading")
    return Provenance(
        table.get("source", ""),
        None if reading is None else _texts(reading),
        table.get("house_default", False),
        None if other is None else _texts(other),
    )


def _record(record: type[Any], table: Mapping[str, Any], provenance: Provenance) -> Any:
    """A record (:class:`ScoopRule`, :class:`Bonus`, :class:`NaturalRule`) from its checked table."""
    return record(**{name: option.read(table) for name, option in _declared(record)}, provenance=provenance)


def _build(data: Mapping[str, Any]) -> RuleSet:
    """The rule set in checked data (:meth:`_Checker.check` found no problem)."""
    provenance: dict[str, Provenance] = {}
    for layout in FILE_TABLES:
        if layout.record is None:
            table = data.get(layout.name)
            provenance[layout.name] = _provenance(table) if isinstance(table, dict) else _absent(layout)
    based_on = data.get("based_on")
    values: dict[str, Any] = {
        "id": data["id"],
        "source_file": data["source_file"] if based_on is None else load_rule_set(based_on).source_file,
        "names": _texts(data["name"]),
        "summaries": _texts(data.get("summary", data["name"])),
        "positions": {position: _texts(data["positions"][position.value]) for position in Position},
        "provenance": provenance,
    }
    for declared in fields(RuleSet):
        option, record = option_of(declared), declared.metadata.get("record")
        if option is not None:
            values[declared.name] = option.read(data.get(option.table, {}))
        elif record is not None and (name := declared.metadata["table"]) in ENTRY_OPTIONS:  # [[bonus]], [[natural]]
            values[declared.name] = tuple(_record(record, entry, _provenance(entry)) for entry in data.get(name, []))
        elif record is not None:  # [scoop]
            values[declared.name] = _record(record, data[name], provenance[name])
    return RuleSet(**values)


def _absent(layout: FileTable) -> Provenance:
    assert layout.absent is not None, f"[{layout.name}] is checked to be present"
    return layout.absent


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
