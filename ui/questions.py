"""Words for drill questions and answers (no Streamlit), shared by the Drill and Classes pages.

In the session's language (catalogue ``ui/locales/<lang>/drill.po``).

Pure functions of the engine's values and a language: the page draws them, the summary writes them
to the CSV. Keys built from values (``drill.kind.<kind>``, ``drill.decider.<decider>``...) are
listed in :data:`DYNAMIC_KEYS` so a test can check that each exists in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

from classroom.follow_ups import LIVE, parse_source
from classroom.service import AssignmentInfo
from maubinh.arrangement import Arrangement
from maubinh.cards import Card, Rank, grouped
from maubinh.drills import (
    KINDS,
    ArrangeQuestion,
    BetterQuestion,
    ChiQuestion,
    Decider,
    DeclareAnswer,
    DeclareQuestion,
    FoulAnswer,
    FoulQuestion,
    Kind,
    Lesson,
    Level,
    NaturalQuestion,
    Outcome,
    Question,
    RulesQuestion,
    SettleQuestion,
    Unavailable,
    Verdict,
    available,
)
from maubinh.drills.chi import made_count
from maubinh.drills.natural import NEAR_MISSES
from maubinh.drills.sampling import Breakdown, Line
from maubinh.drills.themes import THEMES, Theme
from maubinh.hands import HandValue, WheelRank
from maubinh.naturals import find_instant_win
from maubinh.rules import POSITIONS, NaturalPattern, Position, RuleSet
from maubinh.settle import ItemKind
from ui.i18n import translate
from ui.labels import category_name, natural_name, position_label

__all__ = [
    "DYNAMIC_KEYS",
    "LETTERS",
    "answer_text",
    "arrangement_text",
    "breakdown_lines",
    "cards_line",
    "chi_labels",
    "choice_label",
    "decider_text",
    "follow_up_source",
    "key_text",
    "kind_name",
    "level_name",
    "line_name",
    "position_names",
    "question_text",
    "seat_name",
    "settle_seat_note",
    "shown_title",
    "signed",
    "step_name",
    "theme_name",
    "unavailable_lines",
]

LETTERS = "ABC"
"""Option letters."""


def follow_up_source(key: str | None, title: str, lang: str) -> str:
    """The name of what a follow-up reassigns (its ``key``, :func:`classroom.follow_ups.source_key`): a live session
    by its number in ``lang``, an assignment by ``title`` (the follow-up's, given its source's title when made).

    >>> follow_up_source("live:3", "buổi trực tiếp 3", "en"), follow_up_source("assignment:7", "Buổi 1", "en")
    ('live session 3', 'Buổi 1')
    """
    source = parse_source(key)
    if source is not None and source[0] == LIVE:
        return translate("classes.follow.live_source", lang, n=source[1])
    return title


def shown_title(assignment: AssignmentInfo, lang: str) -> str:
    """An assignment's title as its learner reads it (class page, Drill page): a follow-up (one learner's) named as
    such, ``"Questions you missed in “Buổi 1”"`` (issue 35), any other as titled."""
    if assignment.learner_id is None:
        return assignment.title
    return translate("classes.follow.yours", lang, title=follow_up_source(assignment.follow_up, assignment.title, lang))

DYNAMIC_KEYS: tuple[str, ...] = (
    *(f"drill.kind.{kind.value}" for kind in KINDS),
    *(f"drill.kind_help.{kind.value}" for kind in KINDS),
    *(f"drill.level.{level.value}" for level in Level),
    *(f"drill.level_help.{level.value}" for level in Level),
    *(f"drill.step.{lesson.value}" for lesson in Lesson),
    *(f"drill.decider.{decider.value}" for decider in Decider),
    *(f"drill.foul.{answer.value}" for answer in FoulAnswer),
    *(f"drill.chi.{outcome.value}" for outcome in Outcome),
    *(f"drill.chi.key_{outcome.value}" for outcome in Outcome),
    *(f"drill.wheel.{wheel.value}" for wheel in WheelRank),
    *(f"drill.line.{kind.value}" for kind in ItemKind),
    *(f"drill.natural.near.{build.value}" for build in NEAR_MISSES),
    *(f"drill.declare.{answer.value}" for answer in DeclareAnswer),
    *(f"drill.unavailable.{reason.value}" for reason in Unavailable),
    *(f"theme.{theme.value}" for theme in THEMES),
    *(f"progress.mode_title.{mode}" for mode in ("review", "level", "theme")),
    *(f"progress.another.{mode}" for mode in ("review", "level", "theme")),
)
"""Catalogue keys built from values at run time."""


def kind_name(kind: Kind, lang: str) -> str:
    """``"Chi nào thắng?"``..."""
    return translate(f"drill.kind.{kind.value}", lang)


def unavailable_lines(rule_set: RuleSet, lang: str, kinds: Sequence[Kind] = KINDS,
                      levels: Sequence[Level] = tuple(Level)) -> list[str]:
    """One line per kind of ``kinds`` not asked at some of ``levels`` under ``rule_set``, naming those levels
    (or "at any level") and why (:func:`maubinh.drills.available`); empty when every one is asked.

    >>> from maubinh.rules import load_rule_set
    >>> unavailable_lines(load_rule_set("guide-2026"), "en")  # doctest: +ELLIPSIS
    ['**Báo hay đánh? (declare or play it out?)** is not asked at Expert, Master under these rules: ...']
    >>> unavailable_lines(load_rule_set("chi-at"), "en")
    []
    """
    lines = []
    for kind in kinds:
        missing: dict[Unavailable, list[Level]] = {}
        for level in levels:
            reason = available(kind, level, rule_set)
            if reason is not None:
                missing.setdefault(reason, []).append(level)
        for reason, where in missing.items():
            why = translate(f"drill.unavailable.{reason.value}", lang)
            if len(where) == len(Level):
                lines.append(translate("drill.unavailable.kind", lang, kind=kind_name(kind, lang), why=why))
            else:
                lines.append(translate("drill.unavailable.kind_at", lang, kind=kind_name(kind, lang), why=why,
                                       levels=", ".join(level_name(level, lang) for level in where)))
    return lines


def level_name(level: Level, lang: str) -> str:
    """``"Mới học"``, ``"Trung bình"``, ``"Cao thủ"``."""
    return translate(f"drill.level.{level.value}", lang)


def step_name(lesson: Lesson, lang: str) -> str:
    """The Learn page's name for a lesson step."""
    return translate(f"drill.step.{lesson.value}", lang)


def signed(value: int) -> str:
    """A whole number of chi with its sign: ``"+3"``, ``"−2"``, ``"0"``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def seat_name(seat: int, lang: str) -> str:
    """``"Nhà 2"`` (seats 0-based)."""
    return translate("drill.settle.seat", lang, n=seat + 1)


def cards_line(cards: Sequence[Card]) -> str:
    """Cards as people write them, grouped: ``"K♥ K♦ A♠ 7♣ 2♥"``."""
    return " ".join(card.pretty for card in grouped(cards))


def arrangement_text(arrangement: Arrangement) -> str:
    """``"back | middle | front"`` as cards."""
    return " | ".join(cards_line(arrangement.chi(position)) for position in POSITIONS)


def _rank(value: HandValue, at: int) -> str:
    ranks = tuple(value.ranks) + (0,) * 5
    rank = ranks[at]
    return Rank(rank).label if rank else "—"


def decider_text(verdict: Verdict, values: tuple[HandValue, HandValue], labels: tuple[str, str],
                 rule_set: RuleSet, lang: str) -> str:
    """Why one chi beat the other (or tied), naming the hands by ``labels``, in one sentence."""
    if verdict.outcome is Outcome.TIE:
        return translate("drill.decider.tie", lang)
    win, lose = (0, 1) if verdict.outcome is Outcome.A else (1, 0)
    fields = {
        "winner": labels[win],
        "loser": labels[lose],
        "cat_w": category_name(values[win].category, lang),
        "cat_l": category_name(values[lose].category, lang),
        "category": category_name(values[win].category, lang),
        "rank_w": _rank(values[win], max(verdict.at, 0)),
        "rank_l": _rank(values[lose], max(verdict.at, 0)),
        "n": verdict.at + 1 - (made_count(values[win].category) if verdict.decider is Decider.KICKER else 0),
        "rules": rule_set.name(lang),
        "where": translate(f"drill.wheel.{rule_set.wheel.value}", lang),
    }
    return translate(f"drill.decider.{verdict.decider.value}", lang, **fields)


def choice_label(question: Question, choice: object, rule_set: RuleSet, lang: str) -> str:
    """The words on a choice's button."""
    if isinstance(question, BetterQuestion) and isinstance(choice, int):
        return translate("drill.pick", lang, letter=LETTERS[choice])
    if isinstance(question, ChiQuestion) and isinstance(choice, Outcome):
        labels = chi_labels(question, rule_set, lang)
        return translate(f"drill.chi.{choice.value}", lang, a=labels[0], b=labels[1])
    if isinstance(question, FoulQuestion) and isinstance(choice, FoulAnswer):
        names = {p.value: position_label(p, rule_set, lang) for p in POSITIONS}
        if choice is FoulAnswer.BACK_MIDDLE and rule_set.strict_order:  # an equal back fouls too (digest §1)
            return translate("drill.foul.back_middle_strict", lang, **names)
        return translate(f"drill.foul.{choice.value}", lang, **names)
    if isinstance(question, NaturalQuestion) and (choice is None or isinstance(choice, NaturalPattern)):
        return natural_name(choice, lang) if choice is not None else translate("drill.natural.none", lang)
    if isinstance(question, DeclareQuestion) and isinstance(choice, DeclareAnswer):
        return translate(f"drill.declare.{choice.value}", lang)
    if isinstance(question, RulesQuestion) and isinstance(choice, str):
        return next((r.name(lang) for r in question.play.rule_sets if r.id == choice), choice)
    return str(choice)


def question_text(question: Question, rule_set: RuleSet, lang: str) -> str:
    """The question's cards in one line of text (for the CSV, beside the kind)."""
    if isinstance(question, BetterQuestion):
        options = "; ".join(f"{LETTERS[k]}: {arrangement_text(o)}" for k, o in enumerate(question.options))
        detail = f"{cards_line(question.cards)} — {options}"
    elif isinstance(question, ArrangeQuestion):
        detail = cards_line(question.cards)
    elif isinstance(question, ChiQuestion):
        labels = chi_labels(question, rule_set, lang)
        detail = "; ".join(f"{label}: {cards_line(hand)}" for label, hand in zip(labels, question.hands))
    elif isinstance(question, FoulQuestion):
        detail = arrangement_text(question.arrangement)
    elif isinstance(question, RulesQuestion):
        detail = f"{cards_line(question.cards)} — {arrangement_text(question.split)}"
    elif isinstance(question, SettleQuestion):
        seats = "; ".join(
            f"{seat_name(seat, lang)}: {arrangement_text(arr)}"
            + (f" ({note})" if (note := settle_seat_note(question, seat, rule_set, lang)) else "")
            for seat, arr in enumerate(question.arrangements)
        )
        ask = translate("drill.settle.short", lang, a=question.a + 1, b=question.b + 1, rules=rule_set.name(lang))
        detail = f"{ask} {seats}"
    else:
        detail = cards_line(question.cards)
    return detail


def settle_seat_note(question: SettleQuestion, seat: int, rule_set: RuleSet, lang: str) -> str | None:
    """What a "how many chi" seat does with the instant win it holds (issue 31: declaring is the player's choice, so
    the question says it): "Báo mậu binh: ..." when it declares, "... not declared, played out" when it holds one
    and plays its split; ``None`` for a seat without one."""
    declared = question.settlement.naturals[seat]
    if declared is not None:
        return translate("drill.settle.declared", lang, name=natural_name(declared.pattern, lang), chi=declared.chi)
    held = find_instant_win(question.arrangements[seat].cards, rule_set) if rule_set.naturals else None
    if held is not None:
        return translate("drill.settle.played_out", lang, name=natural_name(held.pattern, lang), chi=held.chi)
    return None


def chi_labels(question: ChiQuestion, rule_set: RuleSet, lang: str) -> tuple[str, str]:
    """How the two hands are named: "Tay A" / "Tay B", or the two chi (front against middle)."""
    if question.positions[0] is not question.positions[1]:
        return (position_label(question.positions[0], rule_set, lang),
                position_label(question.positions[1], rule_set, lang))
    return (translate("drill.chi.hand", lang, letter="A"), translate("drill.chi.hand", lang, letter="B"))


def answer_text(question: Question, given: object, rule_set: RuleSet, lang: str) -> str:
    """An answer in words (for the CSV and the feedback)."""
    if isinstance(question, ArrangeQuestion) and isinstance(given, Arrangement):
        return arrangement_text(given)
    if isinstance(question, SettleQuestion) and isinstance(given, int):
        return signed(given)
    if isinstance(question, BetterQuestion) and isinstance(given, int):
        return LETTERS[given]
    return choice_label(question, given, rule_set, lang)


def key_text(question: Question, rule_set: RuleSet, lang: str) -> str:
    """The right answer in words."""
    return answer_text(question, question.key, rule_set, lang)


def line_name(line: Line, rule_set: RuleSet, lang: str) -> str:
    """A breakdown line's name: the rule set's name for a chi, or the kind of item ("Sập (scoop)")."""
    if isinstance(line, Position):
        return rule_set.position_name(line, lang)
    return translate(f"drill.line.{line.value}", lang)


def breakdown_lines(*breakdowns: Breakdown) -> list[Line]:
    """The lines to show for some breakdowns: the three chi, then every other line that moved chi in one."""
    lines: list[Line] = list(POSITIONS)
    for found in breakdowns:
        for line in found.lines:
            if line not in lines and any(other.lines.get(line) for other in breakdowns):
                lines.append(line)
    return lines


def position_names(rule_set: RuleSet, lang: str) -> dict[Position, str]:
    """Each chi's name under the rule set."""
    return {p: position_label(p, rule_set, lang) for p in POSITIONS}


def theme_name(theme: Theme, lang: str) -> str:
    """A theme's label: ``"Giữ đôi ở chi cuối hay để chi giữa mạnh hơn"``, ``"Scoop risk (sập...)"``."""
    return translate(f"theme.{theme.value}", lang)
