"""Words for the engine's values: categories, hands, instant wins, settlement lines.

The engine never formats for a page; these helpers turn its enums and items into
the session's language through the catalogue (``ui/locales/<lang>/engine.po``).
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.numbers import format_decimal

from maubinh.arrangement import Arrangement, foul_reason, hand_values
from maubinh.cards import Card, Rank
from maubinh.hands import Category, HandValue, WheelRank, evaluate
from maubinh.naturals import InstantWin
from maubinh.rules import POSITIONS, BonusHand, NaturalPattern, Position, Provenance, RuleSet
from maubinh.settle import Item, ItemKind
from ui.escape import md_text
from ui.i18n import translate

__all__ = [
    "bonus_name",
    "category_name",
    "describe_chi",
    "describe_foul",
    "describe_item",
    "describe_value",
    "natural_name",
    "number",
    "order_fault",
    "position_label",
    "provenance_note",
    "source_quote",
]


def number(value: float, lang: str, *, digits: int = 2, signed: bool = False) -> str:
    """A number in the language's notation: ``"+1,25"`` in Vietnamese, ``"+1.25"`` in English (Babel).

    A value that rounds to zero at ``digits`` is shown as zero, without a sign (never ``"-0.00"``).

    >>> number(-0.004, "en", signed=True), number(-0.004, "en"), number(-1.5, "vi", signed=True)
    ('0.00', '0.00', '−1,50')
    """
    if round(value, digits) == 0:
        value = 0.0
    pattern = "#,##0." + "0" * digits if digits else "#,##0"  # thousands grouped: 100,000 (en), 100.000 (vi)
    text = format_decimal(abs(value) if signed else value, format=pattern, locale=lang)
    if signed and value != 0:
        return ("+" if value > 0 else "−") + text
    return text


def category_name(category: Category, lang: str) -> str:
    """The category's field term (with its English gloss in English): ``"Cù lũ"``."""
    return translate(f"cat.{category.name}", lang)


def bonus_name(hand: BonusHand, lang: str) -> str:
    """The special hand's name: ``"Tứ quý A"``."""
    return translate(f"bonus.{hand.value}", lang)


def natural_name(pattern: NaturalPattern, lang: str) -> str:
    """The instant win's name: ``"Lục phé bôn (6 đôi)"``."""
    return translate(f"natural.{pattern.value}", lang)


def position_label(position: Position, rule_set: RuleSet, lang: str) -> str:
    """The rule set's own name for a chi, e.g. ``"Chi đầu"`` (tinh-chi front)."""
    return rule_set.position_name(position, lang)


def _rank_label(rank: int) -> str:
    return Rank(rank).label if 2 <= rank <= 14 else str(rank)


def describe_chi(cards: Sequence[Card], rule_set: RuleSet, lang: str) -> str:
    """A chi's cards in words under ``rule_set``'s straight order (see :func:`describe_value`). A-2-3-4-5 where it
    ranks second among straights (``chi-at``, ``tinh-chi``: digest §2.2) says so: set above a 5-9 straight, it
    looked like binh lủng to a new learner."""
    value = evaluate(cards, rule_set.wheel)
    text = describe_value(value, lang)
    if value.is_wheel and rule_set.wheel is WheelRank.SECOND:
        text += " " + translate("label.wheel_second", lang)
    return text


def describe_value(value: HandValue, lang: str) -> str:
    """A chi's value in words: ``"Đôi: Q · K 9 5"``, ``"Sảnh: A-5"``."""
    name = category_name(value.category, lang)
    if value.category in (Category.SANH, Category.THUNG_PHA_SANH):
        top = value.ranks[0]
        low = "A" if value.is_wheel else _rank_label(top - 4)
        return f"{name}: {low}-{_rank_label(top)}"
    made = {
        Category.DOI: 1,
        Category.THU: 2,
        Category.SAM_CO: 1,
        Category.CU_LU: 2,
        Category.TU_QUY: 1,
    }.get(value.category, 0)
    main = " ".join(_rank_label(r) for r in value.ranks[:made])
    rest = " ".join(_rank_label(r) for r in value.ranks[made:])
    inside = " · ".join(part for part in (main, rest) if part)
    return f"{name}: {inside}"


def _natural_text(win: InstantWin | None, lang: str) -> str:
    return natural_name(win.pattern, lang) if win else translate("item.none", lang)


def describe_item(item: Item, rule_set: RuleSet, lang: str) -> str:
    """One settlement line in words, seen from the pair's first player (amount not included)."""
    position = position_label(item.position, rule_set, lang) if item.position else ""
    if item.kind is ItemKind.CHI and item.hands:
        return translate(
            "item.chi",
            lang,
            position=position,
            mine=describe_value(item.hands[0], lang),
            theirs=describe_value(item.hands[1], lang),
        )
    if item.kind in (ItemKind.BONUS, ItemKind.CLASH) and item.bonus:
        key = "item.bonus" if item.kind is ItemKind.BONUS else "item.clash"
        return translate(key, lang, position=position, bonus=bonus_name(item.bonus, lang), factor=item.factor)
    if item.kind in (ItemKind.NATURAL, ItemKind.NATURALS_EVEN) and item.naturals:
        key = "item.natural" if item.kind is ItemKind.NATURAL else "item.naturals_even"
        return translate(
            key,
            lang,
            mine=_natural_text(item.naturals[0], lang),
            theirs=_natural_text(item.naturals[1], lang),
        )
    if item.kind is ItemKind.FOUL:
        return translate("item.foul", lang, penalty=abs(item.amount))
    if item.kind is ItemKind.SCOOP:
        return translate("item.scoop", lang, factor=item.factor)
    if item.kind is ItemKind.ACES and item.aces:
        return translate("item.aces", lang, mine=item.aces[0], theirs=item.aces[1])
    return translate(f"item.{item.kind.value}", lang)


def describe_foul(arrangement: Arrangement, rule_set: RuleSet, lang: str, names: RuleSet | None = None) -> str:
    """Whether an arrangement is binh lủng under ``rule_set`` and why, in words; the chi named by ``names``
    (default: ``rule_set``), so a screen keeps one naming."""
    named = names or rule_set
    reason = foul_reason(arrangement, rule_set)
    if reason is None:
        back, middle, front = (position_label(p, named, lang) for p in POSITIONS)
        values = hand_values(arrangement, rule_set.wheel)
        equal = values[Position.BACK] == values[Position.MIDDLE]  # legal: the order is not strict (digest §1)
        return translate("foul.ok_equal" if equal else "foul.ok", lang, back=back, middle=middle, front=front)
    return order_fault(arrangement.chi(reason[0]), arrangement.chi(reason[1]), reason, rule_set, lang, named)


def order_fault(strong_cards: Sequence[Card], weak_cards: Sequence[Card], positions: tuple[Position, Position],
                rule_set: RuleSet, lang: str, names: RuleSet | None = None) -> str:
    """Why two chi are out of order, in words: the weaker-placed one beats the other, or they are equal
    (under the strict order, :func:`maubinh.arrangement.in_order`); the chi named by ``names`` (default ``rule_set``)."""
    strong, weak = (position_label(p, names or rule_set, lang) for p in positions)
    equal = evaluate(strong_cards, rule_set.wheel) == evaluate(weak_cards, rule_set.wheel)
    return translate("foul.equal" if equal else "foul.reason", lang, strong=strong, weak=weak)


def source_quote(source: str, lang: str) -> str:
    """A source's own words (always Vietnamese): as they are on a Vietnamese screen, in quotes elsewhere
    (the label, :func:`provenance_note`'s, says they are the source's words, in Vietnamese)."""
    return source if lang == "vi" else f"“{source}”"


def provenance_note(provenance: Provenance | None, lang: str) -> str:
    """The source of a rule, with the reading or house default flagged, as one line of Markdown.

    A value the house rules changed has no source text, only its note in each language (see
    :func:`ui.setup.house_mark`). Every text of the rule set is escaped (:func:`ui.escape.md_text`): house
    rules come from users.
    """
    if provenance is None:
        return ""
    reading = md_text(provenance.reading_in(lang) or "")  # a house rule set's texts are a user's
    if not provenance.source:
        return reading
    parts = [f"{translate('provenance.source', lang)}: {md_text(source_quote(provenance.source, lang))}"]
    if provenance.house_default:
        parts.append(f"**{translate('provenance.house_default', lang)}**")
    if reading:
        parts.append(f"*{translate('provenance.reading', lang)}:* {reading}")
    other = md_text(provenance.other_in(lang) or "")
    if other:
        parts.append(f"*{translate('provenance.other', lang)}:* {other}")
    return " — ".join(parts)
