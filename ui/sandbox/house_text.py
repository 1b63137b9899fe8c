"""Words for house rules (no Streamlit): each editable key and value, a diff row, and a file problem, in a language.

The engine (:mod:`maubinh.house`) names keys as the file does (``foul.penalty``) and describes what
was expected as data (:class:`~maubinh.house.Expected`); these helpers word them through the
catalogue (``ui/locales/<lang>/sandbox_house.po``).

>>> key_label("foul.penalty", "en")
'Binh lủng (foul): chi paid to each player'
>>> value_text("wheel.value", "second", "en")
'second highest (below 10-J-Q-K-A)'
>>> value_text("order.strict", False, "en")
'no: a back equal to the middle is legal'
>>> from maubinh.house import Expected, ExpectedKind, FileProblem
>>> problem_text(FileProblem("foul.penalty", Expected(ExpectedKind.WHOLE_NUMBER, minimum=0, maximum=100), "-2"), "en")
'foul.penalty: expected a whole number from 0 to 100; the file has -2.'
"""

from __future__ import annotations

from collections.abc import Sequence

from maubinh.house import Difference, ExpectedKind, FileProblem
from maubinh.rules import RULE_SET_IDS, BonusHand, NaturalPattern, Position, load_rule_set, options
from maubinh.schema import Kind, Option
from ui.i18n import catalogue, translate
from ui.labels import bonus_name, natural_name

__all__ = ["diff_rows", "key_label", "position_word", "problem_text", "value_text"]

_SENTENCES = (ExpectedKind.TOML, ExpectedKind.VALID, ExpectedKind.LINK, ExpectedKind.SHORT_LINK,
              ExpectedKind.SMALL_FILE, ExpectedKind.MORE)
"""Problems worded as a whole sentence (the file or link as a whole, or the engine's own message)."""

_POSITION_KEYS = {Position.BACK: "position.back", Position.MIDDLE: "position.middle", Position.FRONT: "position.front"}


def position_word(position: Position, lang: str) -> str:
    """The generic name of a position, capitalised: ``"Back (5 cards, strongest)"``."""
    text = translate(_POSITION_KEYS[position], lang)
    return text[:1].upper() + text[1:]


def key_label(key: str, lang: str) -> str:
    """An editable key (:data:`maubinh.house.EDITABLE_KEYS`) in words."""
    if key.startswith("bonus."):
        _, hand, position = key.split(".")
        return translate("house.key.bonus", lang, hand=bonus_name(BonusHand(hand), lang),
                         position=position_word(Position(position), lang))
    if key.startswith("natural."):
        return translate("house.key.natural", lang, name=natural_name(NaturalPattern(key.split(".")[1]), lang))
    return translate(f"house.key.{key.replace('.', '_')}", lang)


_OPTIONS: dict[str, Option] = {option.key: option for option, _ in options()}


def value_text(key: str, value: object, lang: str) -> str:
    """A value of ``key`` in words (``None``: not in the table / not recognised), as its option's declaration
    says: a choice as ``house.value.<table>.<value>``, a flag as ``house.value.<key>.on`` / ``.off`` where the
    catalogue words it (else yes / no), an amount in chi or as a multiplier (``x2``)."""
    if value is None:
        return translate("house.value.none" if key.startswith("natural.") else "house.value.no_bonus", lang)
    if key == "positions" and isinstance(value, tuple):
        index = 0 if lang == "vi" else 1
        return " · ".join(str(names[index]) for names in value if isinstance(names, tuple))
    if key == "naturals.order" and isinstance(value, tuple):
        return " > ".join(natural_name(NaturalPattern(str(p)), lang) for p in value) or "—"
    option = _OPTIONS.get(key)
    if option is not None and option.kind is Kind.CHOICE:
        return translate(f"house.value.{option.table}.{value}", lang)
    if isinstance(value, bool):
        worded = f"house.value.{key}.{'on' if value else 'off'}"
        return translate(worded if worded in catalogue(lang) else "house.value.yes" if value else "house.value.no", lang)
    if isinstance(value, tuple):
        return " / ".join(f"x{v}" for v in value)
    if option is not None and option.unit == "times":
        return f"x{value}"
    return translate("house.value.chi", lang, n=value)


def diff_rows(differences: Sequence[Difference], lang: str, before: str, after: str, what: str) -> list[dict[str, str]]:
    """Rows of a diff table: ``{what: key in words, before: value, after: value}``."""
    return [
        {what: key_label(d.key, lang), before: value_text(d.key, d.before, lang), after: value_text(d.key, d.after, lang)}
        for d in differences
    ]


def problem_text(problem: FileProblem, lang: str) -> str:
    """A file problem in words: its key, what was expected, and what the file has (or that it is missing)."""
    expected = problem.expected
    kind = expected.kind
    if kind in _SENTENCES:
        return translate(f"house.expected.{kind.value}", lang, where=problem.key, got=problem.got or "",
                         maximum=f"{expected.maximum:,}")
    choices = expected.choices
    if kind is ExpectedKind.SOURCE_FILE:  # a source by its id and its title, never by its file
        choices = tuple(f"{c} ({load_rule_set(c).name(lang)})" if c in RULE_SET_IDS else c for c in choices)
    if kind is ExpectedKind.INSTANT_WIN_ORDER:
        names = {pattern.value: natural_name(pattern, lang) for pattern in NaturalPattern}
        choices = tuple(f"{c} ({names[c]})" if c in names else c for c in choices)
    wanted = translate(
        f"house.expected.{kind.value}", lang, minimum=expected.minimum, maximum=expected.maximum,
        choices=", ".join(choices), where=problem.key,
    )
    if problem.got is None:
        return translate("house.problem_missing", lang, where=problem.key, expected=wanted)
    return translate("house.problem", lang, where=problem.key, expected=wanted, got=problem.got)
