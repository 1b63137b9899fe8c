"""The Learn page drawn with Streamlit: the step selector and each lesson step (quiz: :mod:`ui.learn.quiz_view`,
check my hand: :mod:`ui.learn.check_view`, shared drawing: :mod:`ui.learn.draw`).

``pages/learn.py`` only sets the page up and calls :func:`step_picker` and :func:`show_step`. Every
number shown comes from the engine or the rule set (``maubinh``), every lesson sentence from
``content/lessons`` (:mod:`ui.learn.content`), every label from the catalogue (``learn.po``).
Session-state keys start with ``learn_``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any

import streamlit as st

from maubinh.arrangement import foul_reason
from maubinh.cards import Card, Rank, Suit, grouped
from maubinh.compare import Cell, Row, Topic, differences
from maubinh.hands import Category, evaluate
from maubinh.naturals import find_instant_win
from maubinh.rules import (
    ORDER_PROVENANCE,
    POSITIONS,
    RULE_SET_IDS,
    AceRule,
    Bonus,
    BonusHand,
    Position,
    Provenance,
    RuleSet,
    load_rule_set,
)
from maubinh.settle import settle
from maubinh.strategy.decide import decide
from ui.cards import hand_html, show_cards
from ui.escape import md_text
from ui.examples import Example, load_examples, ranked_straights
from ui.i18n import current_language, t, translate
from ui.labels import (
    bonus_name,
    category_name,
    describe_foul,
    describe_value,
    natural_name,
    number,
)
from ui.learn.check_view import check_tool
from ui.learn.content import (
    STEP_IDS,
    TOOL_IDS,
    ExampleKind,
    LessonExample,
    engine_result,
    load_common,
    load_lesson_examples,
    matches,
)
from ui.learn.contrast import show_contrast
from ui.learn.draw import (
    CARD_WIDTH,
    LADDER_CARD_WIDTH,
    LessonContext,
    other_sources,
    player,
    provenance_cell,
    provenance_cells,
    rule_line,
    seat_html,
    show_pairs,
    show_seats,
    signed,
    table_notes,
    totals_line,
)
from ui.learn.quiz_view import quiz_block
from ui.lesson_path import mark_step
from ui.params import markdown_literal

__all__ = ["STEP_PARAM", "show_step", "step_label", "step_picker"]

STEP_PARAM = "step"
"""Query parameter of the step shown (``?step=foul``)."""
STEP_KEY = "learn_step"
_LAST_STEP_KEY = "learn_step_last"
EXAMPLES_PER_ROW = {5: 2, 3: 3}
"""Category example hands side by side, by number of cards."""


# --------------------------------------------------------------------------- the step selector


def step_label(step: str, lang: str, finished: bool = False) -> str:
    """The selector's label of a step: ``"3. Chi 5 lá: chín loại bài"``, ``"✓ 3. ..."`` when ``finished``; a tool:
    ``"Công cụ: Kiểm tra bài của bạn"``."""
    steps = load_common(lang).steps
    title = steps[step].title if step in steps else step
    if step in STEP_IDS:
        return f"{'✓ ' if finished else ''}{STEP_IDS.index(step) + 1}. {title}"
    return translate("learn.step.tool", lang, title=title)


def _go(step: str) -> None:
    st.session_state[STEP_KEY] = step
    st.session_state[_LAST_STEP_KEY] = step
    st.query_params[STEP_PARAM] = step


def _on_step_selected() -> None:
    _go(st.session_state[STEP_KEY])


def _finish_and_go(step: str, rule_set_id: str, following: str) -> None:
    """"Next" at the end of a step: the step is finished (:func:`ui.lesson_path.mark_step`), then the next one."""
    if step in STEP_IDS:
        mark_step(rule_set_id, step, finished=True)
    _go(following)


def step_picker(finished: Collection[str] = ()) -> str:
    """A selectbox of the lesson steps then the tools, the ``finished`` steps ticked (✓) and counted; returns the
    chosen step id.

    The choice lives in the URL as ``?step=<id>`` (links open a step) and in the session (for page
    switches that drop the query string). A bad ``?step=`` gets a warning naming it and the known
    steps, and the first step (or the session's last) is shown.
    """
    ids = STEP_IDS + TOOL_IDS
    raw = st.query_params.get(STEP_PARAM)
    last = st.session_state.get(_LAST_STEP_KEY)
    if raw is not None and raw not in ids:
        st.warning(t("learn.step.unknown", value=markdown_literal(raw), known=", ".join(ids)))
        chosen = last if last in ids else ids[0]
    elif raw is not None:
        chosen = raw
    else:
        chosen = last if last in ids else ids[0]
    st.session_state[STEP_KEY] = chosen
    st.session_state[_LAST_STEP_KEY] = chosen
    if raw != chosen:
        st.query_params[STEP_PARAM] = chosen
    lang = current_language()
    done = frozenset(finished)
    st.selectbox(t("learn.step.label"), ids, format_func=lambda step: step_label(step, lang, step in done),
                 key=STEP_KEY, on_change=_on_step_selected)
    if chosen in STEP_IDS:
        number = STEP_IDS.index(chosen) + 1
        st.progress(number / len(STEP_IDS), text=t("learn.step.progress", n=number, total=len(STEP_IDS)))
    st.caption(t("learn.path.finished", n=len(done & set(STEP_IDS)), total=len(STEP_IDS)))
    return chosen


def step_navigation(step: str, ctx: LessonContext) -> None:
    """Previous and next buttons under a step (the tool gets a way back to the path)."""
    ids = STEP_IDS + TOOL_IDS
    index = ids.index(step)
    back, ahead = st.columns(2)
    if index > 0:
        previous = ids[index - 1]
        back.button(f"← {step_label(previous, ctx.lang)}", key="learn_prev", on_click=_go, args=(previous,),
                    width="stretch")
    if index + 1 < len(ids):
        following = ids[index + 1]
        ahead.button(f"{step_label(following, ctx.lang)} →", key="learn_next", on_click=_finish_and_go,
                     args=(step, ctx.rule_set.id, following), type="primary", width="stretch")


# --------------------------------------------------------------------------- lesson examples


def show_lesson_example(example: LessonExample, ctx: LessonContext) -> None:
    """One example of a step, drawn with the engine's result; a stated result that disagrees shows an error."""
    stated = example.expectation(ctx.rule_set.id) if ctx.is_source else None
    actual = engine_result(example, ctx.rule_set)
    with st.container(border=True):
        caption = ctx.caption(example.id)
        if caption:
            st.markdown(caption)
        if example.kind is ExampleKind.COMPARE:
            _compare_example(example, ctx)
        elif example.kind is ExampleKind.ARRANGEMENT:
            _arrangement_example(example, ctx)
        elif example.kind is ExampleKind.INSTANT:
            _instant_example(example, ctx)
        else:
            _table_example(example, ctx)
        if stated is not None and not matches(stated, actual, example.kind):
            st.error(t("learn.example.mismatch", id=example.id))


def _compare_example(example: LessonExample, ctx: LessonContext) -> None:
    a, b = example.hands
    values = [evaluate(hand, ctx.rule_set.wheel) for hand in (a, b)]
    columns = st.columns(2)
    for column, letter, hand, value in zip(columns, "AB", (a, b), values):
        with column:
            show_cards(hand, label=f"{letter} · {describe_value(value, ctx.lang)}", width=CARD_WIDTH + 6)
    verdict = "a" if values[0] > values[1] else "b" if values[1] > values[0] else "tie"
    st.markdown(f"**{t(f'learn.compare.{verdict}')}**")


def _arrangement_example(example: LessonExample, ctx: LessonContext) -> None:
    arrangement = example.seats[0]
    reason = foul_reason(arrangement, ctx.rule_set)
    st.markdown(seat_html(arrangement, ctx, highlight=reason[1] if reason else None), unsafe_allow_html=True)
    text = md_text(describe_foul(arrangement, ctx.rule_set, ctx.lang))
    st.markdown(f":red[✗ **{text}**]" if reason else f":green[✓ **{text}**]")
    differ = [md_text(rs.name(ctx.lang)) for rs in other_sources(ctx)
              if (foul_reason(arrangement, rs) is None) != (reason is None)]
    if differ:
        key = "learn.foul.elsewhere_legal" if reason else "learn.foul.elsewhere_foul"
        st.caption(t(key, rule_sets=", ".join(differ)))


def _instant_example(example: LessonExample, ctx: LessonContext) -> None:
    cards = example.hands[0]
    win = find_instant_win(cards, ctx.rule_set)
    if win is not None and win.split is not None:  # three flushes / straights: shown as the split that makes them
        st.markdown(seat_html(win.split, ctx), unsafe_allow_html=True)
    else:
        show_cards(grouped(cards), width=CARD_WIDTH)
    if win is None:
        st.markdown(f"**{t('learn.instant.none', name=ctx.rules_name())}**")
    else:
        pattern = natural_name(win.pattern, ctx.lang)
        st.markdown(f"**{t('learn.instant.found', name=ctx.rules_name(), pattern=pattern, chi=win.chi)}**")
    if example.decide and win is not None:
        decision_box(cards, ctx)
    parts = []
    for rs in other_sources(ctx):
        other = find_instant_win(cards, rs)
        parts.append(
            f"{md_text(rs.name(ctx.lang))}: "
            + (t("learn.instant.short", pattern=natural_name(other.pattern, ctx.lang), chi=other.chi)
               if other else t("learn.instant.short_none"))
        )
    st.caption(t("learn.elsewhere", parts=" · ".join(parts)))


def decision_box(cards: Sequence[Card], ctx: LessonContext) -> None:
    """Xếp bài's choice for 13 cards holding an instant win: declare it or play it out, with the numbers
    (:func:`maubinh.strategy.decide.decide`: the same sampled deals for both) and the split played."""
    decision = decide(cards, ctx.rule_set)
    if decision.natural is None:
        return
    key = "learn.decide.declare" if decision.declare else "learn.decide.play"
    st.markdown(f"**{t(key)}**")
    st.markdown(t(
        "learn.decide.numbers", amount=decision.amount, declared=number(decision.declare_mean, ctx.lang, signed=True),
        play=number(decision.play_mean, ctx.lang, signed=True), stderr=number(decision.play_stderr, ctx.lang),
        gap_stderr=number(decision.gap_stderr, ctx.lang), deals=decision.samples,
    ))
    st.caption(t("learn.decide.split"))
    st.markdown(seat_html(decision.split, ctx), unsafe_allow_html=True)


def _table_example(example: LessonExample, ctx: LessonContext) -> None:
    settlement = settle(example.seats, ctx.rule_set)
    about_aces = example.step == "aces"
    notes = []
    for i, seat in enumerate(example.seats):
        bits = []
        if settlement.fouls[i]:
            bits.append(t("learn.seat.foul"))
        natural = settlement.naturals[i]
        if natural is not None:
            bits.append(natural_name(natural.pattern, ctx.lang))
        aces = sum(card.rank == Rank.ACE for card in seat.cards)
        if about_aces or (aces and ctx.rule_set.ace_rule is not AceRule.NONE):
            bits.append(t("learn.seat.aces", n=aces))
        notes.append(", ".join(bits))
    show_seats(example.seats, ctx, notes=notes)
    st.markdown(f"{t('learn.result', name=ctx.rules_name())} {totals_line(settlement.totals)}")
    if about_aces:
        aces_share = engine_result(example, ctx.rule_set).aces or ()
        if ctx.rule_set.ace_rule is AceRule.NONE:
            st.markdown(t("learn.aces_none"))
        else:
            st.markdown(f"{t('learn.aces_share')} {totals_line(aces_share)}")
    show_pairs(settlement, ctx)


def show_examples_of(step: str, ctx: LessonContext, kinds: Sequence[ExampleKind] | None = None) -> None:
    """The step's examples shown for this rule set (of ``kinds`` only, when given), in file order."""
    for example in load_lesson_examples():
        if example.step == step and example.shown_for(ctx.rule_set.id, RULE_SET_IDS) and (
            kinds is None or example.kind in kinds
        ):
            show_lesson_example(example, ctx)


# --------------------------------------------------------------------------- per-step drawing


def source_box(step: str, ctx: LessonContext) -> None:
    """What the chosen source says at this step, in its own box; for house rules, a note instead."""
    with st.container(border=True):
        st.markdown(f"#### {t('learn.source_says', name=ctx.rules_name())}")
        text = ctx.source.steps.get(step) if ctx.source else None
        st.markdown(ctx.fill(text) if text else t("learn.source_house"))


def step_deck(ctx: LessonContext) -> None:
    spades = [Card(rank, Suit.SPADES) for rank in Rank]
    st.markdown(hand_html(spades, label=t("learn.deck.ranks"), width=LADDER_CARD_WIDTH), unsafe_allow_html=True)
    aces = [Card(Rank.ACE, suit) for suit in (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)]
    st.markdown(hand_html(aces, label=t("learn.deck.suits"), width=LADDER_CARD_WIDTH), unsafe_allow_html=True)
    show_examples_of("deck", ctx)


def step_chi(ctx: LessonContext) -> None:
    show_examples_of("chi", ctx)
    st.markdown(f"#### {t('learn.names.title')}")
    rule_sets = [load_rule_set(i) for i in RULE_SET_IDS]
    if not ctx.is_source:
        rule_sets.append(ctx.rule_set)
    where: dict[str, set[Position]] = {}
    for rs in rule_sets:
        for position in POSITIONS:
            where.setdefault(rs.position_name(position, "vi").lower(), set()).add(position)
    rows = []
    for rs in rule_sets:
        shown = md_text(rs.name(ctx.lang))
        row = {t("learn.col.rule_set"): f"**{shown}**" if rs.id == ctx.rule_set.id else shown}
        for position in POSITIONS:
            name = md_text(rs.position_name(position, ctx.lang))
            clash = len(where[rs.position_name(position, "vi").lower()]) > 1
            cell = f"⚠ {name}" if clash else name
            row[translate(f"position.{position.value}", ctx.lang).capitalize()] = (
                f"**{cell}**" if rs.id == ctx.rule_set.id else cell
            )
        rows.append(row)
    st.table(rows, hide_index=True)
    st.caption(provenance_cell(ctx.rule_set.provenance.get("positions"), ctx.lang))


def anchor(section: str, category: Category) -> str:
    """The heading anchor of a category block, e.g. ``five-tu-quy``."""
    return f"{section}-{category.name.lower().replace('_', '-')}"


def bonus_line(category: Category, positions: Sequence[Position], ctx: LessonContext) -> None:
    """The rule set's bonuses for hands of ``category`` held in ``positions`` (if any), one line per hand."""
    by_hand: dict[BonusHand, list[Bonus]] = {}
    for bonus in ctx.rule_set.bonuses:
        if bonus.hand.family.name == category.name and bonus.position in positions:
            by_hand.setdefault(bonus.hand, []).append(bonus)
    if not by_hand:
        return
    lines = []
    for hand, bonuses in by_hand.items():
        items = " · ".join(t("learn.bonus_item", position=ctx.name(b.position), chi=b.chi) for b in bonuses)
        badge = (
            f" :orange-badge[{t('learn.badge.house_default')}]"
            if any(b.provenance.house_default for b in bonuses)
            else ""
        )
        lines.append(f"- {bonus_name(hand, ctx.lang)}: {items}{badge}")
    st.markdown(f":orange[★] **{t('learn.bonus_here')}**\n" + "\n".join(lines))


def show_category_examples(examples: Sequence[Example], ctx: LessonContext) -> None:
    """The category's examples as cards, a few per row, each captioned with its value and note."""
    if not examples:
        return
    per_row = EXAMPLES_PER_ROW.get(examples[0].size, 2)
    for start in range(0, len(examples), per_row):
        row = examples[start : start + per_row]
        for column, example in zip(st.columns(per_row), row, strict=False):
            with column:
                show_cards(example.cards)
                caption = f"**{describe_value(evaluate(example.cards, ctx.rule_set.wheel), ctx.lang)}**"
                if example.note:
                    caption += f" — {ctx.fill(ctx.common.notes.get(example.note, ''))}"
                st.caption(caption)


def category_block(category: Category, section: str, examples: Sequence[Example], ctx: LessonContext,
                   positions: Sequence[Position], after: Callable[[], None] | None = None) -> None:
    """One category: its name, what it is, how ties break, this rule set's bonuses, examples."""
    what, ties = ctx.common.categories.get((section, category.name), ("", ""))
    with st.container(border=True):
        st.subheader(category_name(category, ctx.lang), anchor=anchor(section, category))
        st.markdown(ctx.fill(what))
        st.markdown(f"**{t('learn.ties_label')}** {ctx.fill(ties)}")
        bonus_line(category, positions, ctx)
        show_category_examples(examples, ctx)
        if after is not None:
            after()


def wheel_box(straights: Sequence[Sequence[Card]], ctx: LessonContext) -> None:
    """Where A-2-3-4-5 stands in this rule set: the example straights in the rule set's order."""
    rule_set = ctx.rule_set
    with st.container(border=True):
        st.markdown(f"**{t('learn.wheel.title', name=ctx.rules_name())}**")
        st.markdown(t(f"learn.wheel.{rule_set.wheel.value}"))
        st.caption(provenance_cell(rule_set.provenance.get("wheel"), ctx.lang))
        st.markdown(t("learn.wheel.order"))
        hands = "".join(
            hand_html(
                cards,
                label=t("learn.wheel.place", place=place, value=describe_value(evaluate(cards, rule_set.wheel), ctx.lang)),
                width=LADDER_CARD_WIDTH,
            )
            for place, cards in enumerate(ranked_straights(straights, rule_set.wheel), start=1)
        )
        st.markdown(
            f'<div class="mb-ladder" style="display:flex;flex-wrap:wrap;gap:0.25rem 1.5rem">{hands}</div>',
            unsafe_allow_html=True,
        )


def step_five(ctx: LessonContext) -> None:
    examples = load_examples()
    five = sorted({e.category for e in examples.hands if e.size == 5}, reverse=True)
    st.markdown(
        f"**{t('learn.ladder')}** "
        + " › ".join(f"[{category_name(c, ctx.lang)}](#{anchor('five', c)})" for c in five)
    )
    for category in five:
        category_block(
            category, "five", examples.of(category, 5), ctx, (Position.BACK, Position.MIDDLE),
            after=(lambda: wheel_box(examples.straights, ctx)) if category is Category.SANH else None,
        )


def front_vs_middle(front: Sequence[Card], middle: Sequence[Card], ctx: LessonContext) -> None:
    """A front and a middle side by side, and whether the front is the stronger chi (engine's answer)."""
    front_name, middle_name = ctx.name(Position.FRONT), ctx.name(Position.MIDDLE)
    front_label, middle_label = ctx.plain_name(Position.FRONT), ctx.plain_name(Position.MIDDLE)
    front_value, middle_value = evaluate(front, ctx.rule_set.wheel), evaluate(middle, ctx.rule_set.wheel)
    with st.container(border=True):
        left, right = st.columns([2, 3])
        with left:
            show_cards(front, label=front_label)
            st.caption(describe_value(front_value, ctx.lang))
        with right:
            show_cards(middle, label=middle_label)
            st.caption(describe_value(middle_value, ctx.lang))
        if front_value > middle_value:
            st.markdown(":red[✗] " + t("learn.scale.stronger", front=front_name, middle=middle_name))
        else:
            st.markdown(":green[✓] " + t("learn.scale.not_stronger", front=front_name, middle=middle_name))


def step_front(ctx: LessonContext) -> None:
    examples = load_examples()
    three = sorted({e.category for e in examples.hands if e.size == 3}, reverse=True)
    for category in three:
        category_block(category, "front", examples.of(category, 3), ctx, (Position.FRONT,))


def step_front_after(ctx: LessonContext) -> None:
    for pair in load_examples().front_vs_middle:
        front_vs_middle(pair.front, pair.middle, ctx)


def step_foul(ctx: LessonContext) -> None:
    rule_set = ctx.rule_set
    order_key = "learn.value.order_strict" if rule_set.strict_order else "learn.value.order"
    rule_line(t("learn.rule.order"), t(order_key, back=ctx.name(Position.BACK),
                                       middle=ctx.name(Position.MIDDLE), front=ctx.name(Position.FRONT)),
              rule_set.provenance.get("order", ORDER_PROVENANCE), ctx.lang)
    price = (t("learn.value.foul_as_scooped", n=rule_set.foul_price, penalty=rule_set.foul_penalty,
               factor=rule_set.scoop.multipliers[0])
             if rule_set.foul_as_scooped else t("learn.value.foul", n=rule_set.foul_price))
    rule_line(t("learn.rule.foul"), price, rule_set.provenance.get("foul"), ctx.lang)
    show_examples_of("foul", ctx)


def step_settle(ctx: LessonContext) -> None:
    rule_line(t("learn.rule.chi_win"), t("learn.value.chi", n=ctx.rule_set.chi_win),
              ctx.rule_set.provenance.get("chi_win"), ctx.lang)
    show_examples_of("settle", ctx)


def bonus_table(ctx: LessonContext) -> None:
    """The rule set's bonus table, each line with its source."""
    cells, notes = provenance_cells([bonus.provenance for bonus in ctx.rule_set.bonuses], ctx.lang)
    st.table(
        [
            {
                t("learn.col.hand"): bonus_name(bonus.hand, ctx.lang),
                t("learn.col.chi"): ctx.name(bonus.position),
                t("learn.col.amount"): t("learn.value.chi", n=bonus.chi),
                t("learn.col.source"): cell,
            }
            for bonus, cell in zip(ctx.rule_set.bonuses, cells)
        ],
        hide_index=True,
    )
    table_notes(notes)


def step_bonus(ctx: LessonContext) -> None:
    st.markdown(f"#### {t('learn.numbers.bonuses')}")
    bonus_table(ctx)
    clash = (
        t("learn.value.clash", n=ctx.rule_set.bonus_clash) if ctx.rule_set.bonus_clash > 1 else t("learn.value.no_clash")
    )
    rule_line(t("learn.rule.clash"), clash, ctx.rule_set.provenance.get("bonus_clash"), ctx.lang)
    show_examples_of("bonus", ctx)


def step_naturals(ctx: LessonContext) -> None:
    rule_set = ctx.rule_set
    st.markdown(f"#### {t('learn.numbers.naturals')}")
    st.caption(t("learn.numbers.naturals_intro"))
    others = any(natural.provenance.other for natural in rule_set.naturals)
    rows = []
    cells, notes = provenance_cells([natural.provenance for natural in rule_set.naturals], ctx.lang, other=False)
    for natural, cell in zip(rule_set.naturals, cells):
        row = {
            t("learn.col.pattern"): natural_name(natural.pattern, ctx.lang),
            t("learn.col.amount"): t("learn.value.chi", n=natural.chi),
        }
        if others:
            row[t("learn.col.other")] = natural.provenance.other_in(ctx.lang) or "—"
        row[t("learn.col.source")] = cell
        rows.append(row)
    st.table(rows, hide_index=True)
    table_notes(notes)
    rule_line(t("learn.rule.naturals_versus"), t(f"learn.value.versus.{rule_set.naturals_versus.value}"),
              rule_set.provenance.get("naturals"), ctx.lang)
    rule_line(t("learn.rule.several_patterns"), t(f"learn.value.several.{rule_set.several_patterns.value}"),
              rule_set.provenance.get("several_patterns"), ctx.lang)
    show_examples_of("naturals", ctx)


def scoop_text(rule_set: RuleSet) -> str:
    """The scoop rule in words."""
    scoop = rule_set.scoop
    if not scoop.active:
        return t("learn.value.no_scoop")
    one, two, three = scoop.multipliers
    text = t("learn.value.scoop", one=one, two=two, three=three)
    if scoop.sweep_multiplier > 1:
        text += "; " + t("learn.value.scoop_sweep", n=scoop.sweep_multiplier)
    return text


def step_scoop(ctx: LessonContext) -> None:
    rule_set = ctx.rule_set
    rule_line(t("learn.rule.scoop"), scoop_text(rule_set), rule_set.scoop.provenance, ctx.lang)
    st.markdown(f"#### {t('learn.scoop.ladder')}")
    st.caption(t("learn.scoop.ladder_intro"))
    rows = []
    for opponents, scooped in ((1, 1), (3, 1), (2, 2), (3, 2), (3, 3)):
        factor = rule_set.scoop.factor(scooped, opponents)
        each = 3 * rule_set.chi_win * factor
        rows.append({
            t("learn.col.players"): str(opponents + 1),
            t("learn.col.scooped"): str(scooped),
            t("learn.col.factor"): f"×{factor}",
            t("learn.col.each"): t("learn.value.chi", n=each),
            t("learn.col.all"): t("learn.value.chi", n=each * scooped),
        })
    st.table(rows, hide_index=True)
    show_examples_of("scoop", ctx)


def aces_text(rule_set: RuleSet) -> str:
    """The ace rule in words."""
    text = t(f"learn.value.aces.{rule_set.ace_rule.value}")
    if rule_set.ace_rule is not AceRule.NONE and rule_set.exclude_bonus_four_aces:
        text += "; " + t("learn.value.aces.exclude_four")
    return text


def step_aces(ctx: LessonContext) -> None:
    rule_line(t("learn.rule.aces"), aces_text(ctx.rule_set), ctx.rule_set.provenance.get("aces"), ctx.lang)
    show_examples_of("aces", ctx)


# --------------------------------------------------------------------------- where the sources differ


_GROUPS: tuple[tuple[str, tuple[Topic, ...]], ...] = (
    ("learn.diff.names", (Topic.NAME,)),
    ("learn.diff.main", (Topic.ORDER, Topic.WHEEL, Topic.FOUL, Topic.SCOOP, Topic.ACES, Topic.ACES_FOUR_EXCLUDED)),
    ("learn.diff.bonuses", (Topic.BONUS, Topic.CLASH)),
    ("learn.diff.naturals", (Topic.NATURAL, Topic.NATURALS_VERSUS, Topic.SEVERAL_PATTERNS)),
)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def row_label(row: Row, lang: str) -> str:
    """The first column of a comparison row."""
    if row.topic is Topic.NAME and row.position:
        return translate(f"position.{row.position.value}", lang).capitalize()
    if row.topic is Topic.BONUS and row.hand and row.position:
        return t("learn.diff.bonus_row", hand=bonus_name(row.hand, lang),
                 position=translate(f"position.{row.position.value}", lang))
    if row.topic is Topic.NATURAL and row.pattern:
        return natural_name(row.pattern, lang)
    return t(f"learn.diff.topic.{row.topic.value}")


def cell_text(row: Row, cell: Cell, rule_set: RuleSet, lang: str) -> str:
    """A comparison cell in words, marked † for a reading and ‡ for a house default."""
    value: Any = cell.value
    if row.topic is Topic.NAME:
        text = value.get(lang) or value.get("vi", "")
    elif row.topic is Topic.ORDER:
        text = t("learn.diff.order.strict" if value else "learn.diff.order.stands")
    elif row.topic is Topic.WHEEL:
        text = t(f"learn.value.wheel.{value.value}")
    elif row.topic in (Topic.FOUL, Topic.BONUS):
        text = t("learn.value.chi", n=value)
        if row.topic is Topic.BONUS and cell.via is not None:
            text += " " + t("learn.diff.via", hand=_lower_first(bonus_name(cell.via, lang)))
        elif row.topic is Topic.BONUS and not cell.special:
            text += " " + t("learn.diff.ordinary")
    elif row.topic is Topic.SCOOP:
        one, two, three, sweep = value
        if (one, two, three, sweep) == (1, 1, 1, 1):
            text = t("learn.value.no_scoop")
        else:
            text = f"×{one} · ×{two} · ×{three}" + (" " + t("learn.diff.sweep", n=sweep) if sweep > 1 else "")
    elif row.topic is Topic.CLASH:
        text = f"×{value}" if value > 1 else t("learn.value.no_clash")
    elif row.topic is Topic.NATURAL:
        text = t("learn.value.chi", n=value) if value is not None else "—"
    elif row.topic is Topic.NATURALS_VERSUS:
        text = t(f"learn.diff.versus.{value.value}")
    elif row.topic is Topic.SEVERAL_PATTERNS:
        text = t(f"learn.diff.several.{value.value}")
    elif row.topic is Topic.ACES:
        text = t(f"learn.diff.aces.{value.value}")
    else:
        text = "—" if value is None else t("learn.diff.yes") if value else t("learn.diff.no")
    marks = ("†" if cell.reading else "") + ("‡" if cell.house_default else "")
    other = cell.provenance.other_in(lang) if cell.provenance else None
    beside = f" {t('learn.diff.other', other=other)}" if other else ""
    return f"{text} {marks}".strip() + beside


def differences_tables(ctx: LessonContext) -> None:
    """The generated comparison, topic group by topic group, then the readings it marks."""
    rule_sets = [load_rule_set(i) for i in RULE_SET_IDS]
    if not ctx.is_source:
        rule_sets.append(ctx.rule_set)
    rows = differences(rule_sets)
    st.caption(t("learn.diff.legend"))
    for title_key, topics in _GROUPS:
        st.markdown(f"#### {t(title_key)}")
        table = []
        for row in rows:
            if row.topic not in topics:
                continue
            line = {t("learn.col.rule"): ("≠ " if row.differs else "") + row_label(row, ctx.lang)}
            for rs, cell in zip(rule_sets, row.cells):
                header = md_text(rs.name(ctx.lang)) if rs.id != ctx.rule_set.id else f"▶ {md_text(rs.name(ctx.lang))}"
                text = md_text(cell_text(row, cell, rs, ctx.lang))
                line[header] = f"**{text}**" if rs.id == ctx.rule_set.id else text
            table.append(line)
        st.table(table, hide_index=True)
    with st.expander(t("learn.diff.readings")):
        order_notes: list[str] = []
        for row in rows:
            if row.topic is Topic.ORDER:
                for cell in row.cells:
                    note = _order_reading(cell.provenance or ORDER_PROVENANCE, ctx.lang)
                    if note and note not in order_notes:
                        order_notes.append(note)
        for note in order_notes:
            st.markdown(f"**{t('learn.diff.topic.order')}** — {note}")
        seen: set[tuple[str, str]] = set()
        for rs, index in ((rs, i) for i, rs in enumerate(rule_sets)):
            lines = []
            for row in rows:
                cell = row.cells[index]
                reading = cell.provenance.reading_in(ctx.lang) if cell.provenance else None
                if row.topic is not Topic.ORDER and reading and (rs.id, reading) not in seen:
                    seen.add((rs.id, reading))
                    other = cell.provenance.other_in(ctx.lang) if cell.provenance else None
                    beside = f" *{t('provenance.other')}:* {md_text(other)}" if other else ""
                    lines.append(f"- *{row_label(row, ctx.lang)}*: {md_text(reading)}{beside}")
            if lines:
                st.markdown(f"**{md_text(rs.name(ctx.lang))}**\n" + "\n".join(lines))


def _order_reading(provenance: Provenance, lang: str) -> str:
    """The order rule's reading and the other reading (the same in every source, so shown once), or a
    house's note on its change, without the source's words (each source's own are in its lesson)."""
    reading = provenance.reading_in(lang)
    if not reading:
        return ""
    if not provenance.source:
        return md_text(reading)
    other = provenance.other_in(lang)
    beside = f" — *{t('provenance.other')}:* {md_text(other)}" if other else ""
    return f"*{t('provenance.reading')}:* {md_text(reading)}{beside}"


def step_sources(ctx: LessonContext) -> None:
    differences_tables(ctx)


def step_sources_after(ctx: LessonContext) -> None:
    for example in load_lesson_examples():
        if example.step != "sources":
            continue
        with st.container(border=True):
            st.markdown(ctx.caption(example.id))
            show_seats(example.seats, ctx)
            rows = []
            for rs in [load_rule_set(i) for i in RULE_SET_IDS]:
                totals = settle(example.seats, rs).totals
                stated = example.expectation(rs.id)
                if stated is not None and stated.totals != totals:
                    st.error(t("learn.example.mismatch", id=example.id))
                name = md_text(rs.name(ctx.lang))
                row = {t("learn.col.rule_set"): f"**{name}**" if rs.id == ctx.rule_set.id else name}
                row.update({player(i): signed(total) for i, total in enumerate(totals)})
                rows.append(row)
            st.table(rows, hide_index=True)
            st.caption(t("learn.diff.one_deal_note"))
    show_contrast(ctx.lang, ctx.rule_set)


# --------------------------------------------------------------------------- one step, whole


_BEFORE: dict[str, Callable[[LessonContext], None]] = {
    "deck": step_deck,
    "chi": step_chi,
    "five": step_five,
    "front": step_front,
    "foul": step_foul,
    "settle": step_settle,
    "bonus": step_bonus,
    "naturals": step_naturals,
    "scoop": step_scoop,
    "aces": step_aces,
    "sources": step_sources,
}
_AFTER: dict[str, Callable[[LessonContext], None]] = {
    "front": step_front_after,
    "sources": step_sources_after,
}


def show_step(step: str, rule_set: RuleSet, lang: str, best: tuple[int, int] | None = None) -> None:
    """A whole step: heading, shared text, the engine's examples, the source's own text, the quiz (with its
    ``best`` score kept, right of total), navigation."""
    ctx = LessonContext.make(rule_set, lang)
    text = ctx.common.steps[step]
    heading = f"{STEP_IDS.index(step) + 1}. {text.title}" if step in STEP_IDS else text.title
    st.header(heading, anchor=step)
    st.markdown(f"*{ctx.fill(text.lead)}*")
    if text.body:
        st.markdown(ctx.fill(text.body))
    if step in TOOL_IDS:
        check_tool(ctx)
        step_navigation(step, ctx)
        return
    _BEFORE[step](ctx)
    if text.more:
        st.markdown(ctx.fill(text.more))
    if step in _AFTER:
        _AFTER[step](ctx)
    source_box(step, ctx)
    quiz_block(step, ctx, best)
    step_navigation(step, ctx)
