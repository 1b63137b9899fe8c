"""Learn: the hand categories strongest first, each with example hands drawn as cards, the 3-card
front on the same scale, and the chosen rule set's numbers with their sources.

The example hands come from ``content/examples.toml`` (:mod:`ui.examples`); every value shown is
the engine's (``evaluate``) or the rule set's, never worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from maubinh.cards import Card
from maubinh.hands import Category, WheelRank, evaluate
from maubinh.rules import Bonus, BonusHand, Position, Provenance, RuleSet
from ui.cards import hand_html, show_cards
from ui.examples import Example, Examples, ExamplesError, load_examples, ranked_straights
from ui.i18n import t, translate
from ui.labels import bonus_name, category_name, describe_value, natural_name, provenance_note
from ui.setup import rule_set_picker, setup_page

EXAMPLES_PER_ROW = {5: 2, 3: 3}  # example hands side by side, by number of cards
LADDER_CARD_WIDTH = 42


def anchor(section: str, category: Category) -> str:
    """The heading anchor of a category block, e.g. ``five-tu-quy``."""
    return f"{section}-{category.name.lower().replace('_', '-')}"


def bonus_line(rule_set: RuleSet, category: Category, positions: Sequence[Position], lang: str) -> None:
    """The rule set's bonuses for hands of ``category`` held in ``positions``, one line per hand (if any).

    A hand whose amounts are house defaults carries the same badge as in the bonus table.
    """
    by_hand: dict[BonusHand, list[Bonus]] = {}
    for bonus in rule_set.bonuses:
        if bonus.hand.family.name == category.name and bonus.position in positions:
            by_hand.setdefault(bonus.hand, []).append(bonus)
    if not by_hand:
        return
    lines = []
    for hand, bonuses in by_hand.items():
        items = " · ".join(
            t("learn.bonus_item", position=rule_set.position_name(b.position, lang), chi=b.chi)
            for b in bonuses
        )
        badge = (
            f" :orange-badge[{t('learn.badge.house_default')}]"
            if any(b.provenance.house_default for b in bonuses)
            else ""
        )
        lines.append(f"- {bonus_name(hand, lang)}: {items}{badge}")
    st.markdown(f":orange[★] **{t('learn.bonus_here')}**\n" + "\n".join(lines))


def show_examples(examples: Sequence[Example], wheel: WheelRank, lang: str) -> None:
    """The examples drawn as cards, a few per row, each captioned with its value and note."""
    if not examples:
        return
    per_row = EXAMPLES_PER_ROW.get(examples[0].size, 2)
    for start in range(0, len(examples), per_row):
        row = examples[start : start + per_row]
        for column, example in zip(st.columns(per_row), row, strict=False):
            with column:
                show_cards(example.cards)
                caption = f"**{describe_value(evaluate(example.cards, wheel), lang)}**"
                if example.note:
                    caption += f" — {t(example.note)}"
                st.caption(caption)


def category_block(
    category: Category,
    section: str,
    examples: Sequence[Example],
    rule_set: RuleSet,
    positions: Sequence[Position],
    lang: str,
    after: Callable[[], None] | None = None,
) -> None:
    """One category: its name, what it is, how ties are broken, this rule set's bonuses, examples.

    ``section`` is ``"five"`` or ``"front"``: the anchor's prefix and the texts' catalogue prefix
    (``learn.five.TU_QUY.what``...). ``after`` draws more inside the block, below the examples.
    """
    with st.container(border=True):
        st.subheader(category_name(category, lang), anchor=anchor(section, category))
        st.markdown(t(f"learn.{section}.{category.name}.what"))
        st.markdown(f"**{t('learn.ties_label')}** {t(f'learn.{section}.{category.name}.ties')}")
        bonus_line(rule_set, category, positions, lang)
        show_examples(examples, rule_set.wheel, lang)
        if after is not None:
            after()


def wheel_box(straights: Sequence[Sequence[Card]], rule_set: RuleSet, lang: str) -> None:
    """Where A-2-3-4-5 stands in this rule set: the example straights in the rule set's order."""
    with st.container(border=True):
        st.markdown(f"**{t('learn.wheel.title', name=rule_set.name(lang))}**")
        st.markdown(t(f"learn.wheel.{rule_set.wheel.value}"))
        st.caption(provenance_cell(rule_set.provenance.get("wheel"), lang))
        st.markdown(t("learn.wheel.order"))
        hands = "".join(
            hand_html(
                cards,
                label=t(
                    "learn.wheel.place",
                    place=place,
                    value=describe_value(evaluate(cards, rule_set.wheel), lang),
                ),
                width=LADDER_CARD_WIDTH,
            )
            for place, cards in enumerate(ranked_straights(straights, rule_set.wheel), start=1)
        )
        st.markdown(
            f'<div class="mb-ladder" style="display:flex;flex-wrap:wrap;gap:0.25rem 1.5rem">{hands}</div>',
            unsafe_allow_html=True,
        )


def front_vs_middle(front: Sequence[Card], middle: Sequence[Card], rule_set: RuleSet, lang: str) -> None:
    """A front and a middle side by side, and whether the front is the stronger chi (engine's answer)."""
    front_name = rule_set.position_name(Position.FRONT, lang)
    middle_name = rule_set.position_name(Position.MIDDLE, lang)
    front_value, middle_value = evaluate(front, rule_set.wheel), evaluate(middle, rule_set.wheel)
    with st.container(border=True):
        left, right = st.columns([2, 3])
        with left:
            show_cards(front, label=front_name)
            st.caption(describe_value(front_value, lang))
        with right:
            show_cards(middle, label=middle_name)
            st.caption(describe_value(middle_value, lang))
        if front_value > middle_value:
            st.markdown(":red[✗] " + t("learn.scale.stronger", front=front_name, middle=middle_name))
        else:
            st.markdown(":green[✓] " + t("learn.scale.not_stronger", front=front_name, middle=middle_name))


def provenance_cell(provenance: Provenance | None, lang: str) -> str:
    """:func:`provenance_note` led by a small badge when the value is a reading or a house default."""
    if provenance is None:
        return ""
    badges = []
    if provenance.house_default:
        badges.append(f":orange-badge[{t('learn.badge.house_default')}]")
    if provenance.reading:
        badges.append(f":blue-badge[{t('learn.badge.reading')}]")
    return " ".join([*badges, provenance_note(provenance, lang)])


def main_rules(rule_set: RuleSet, lang: str) -> list[dict[str, str]]:
    """The rule set's main numbers as table rows: rule, value, source."""
    scoop = rule_set.scoop
    if scoop.multipliers == (1, 1, 1) and scoop.sweep_multiplier == 1:
        scoop_text = t("learn.value.no_scoop")
    else:
        one, two, three = scoop.multipliers
        scoop_text = t("learn.value.scoop", one=one, two=two, three=three)
        if scoop.sweep_multiplier > 1:
            scoop_text += "; " + t("learn.value.scoop_sweep", n=scoop.sweep_multiplier)
    clash_text = (
        t("learn.value.clash", n=rule_set.bonus_clash)
        if rule_set.bonus_clash > 1
        else t("learn.value.no_clash")
    )
    aces_text = t(f"learn.value.aces.{rule_set.ace_rule.value}")
    if rule_set.exclude_bonus_four_aces:
        aces_text += "; " + t("learn.value.aces.exclude_four")
    rows = [
        ("learn.rule.wheel", t(f"learn.value.wheel.{rule_set.wheel.value}"), "wheel"),
        ("learn.rule.chi_win", t("learn.value.chi", n=rule_set.chi_win), "chi_win"),
        ("learn.rule.foul", t("learn.value.foul", n=rule_set.foul_penalty), "foul"),
        ("learn.rule.scoop", scoop_text, "scoop"),
        ("learn.rule.clash", clash_text, "bonus_clash"),
        ("learn.rule.aces", aces_text, "aces"),
    ]
    return [
        {
            t("learn.col.rule"): f"**{t(label)}**",
            t("learn.col.value"): value,
            t("learn.col.source"): provenance_cell(rule_set.provenance.get(key), lang),
        }
        for label, value, key in rows
    ]


def numbers_section(rule_set: RuleSet, lang: str) -> None:
    """This rule set's numbers: chi names, main rules, bonus table, instant wins, each with its source."""
    st.header(t("learn.numbers.header", name=rule_set.name(lang)), anchor="numbers")
    st.write(t("learn.numbers.intro"))

    st.subheader(t("learn.numbers.chi_names"))
    st.table(
        [
            {
                t("learn.col.position"): translate(f"position.{position.value}", lang),
                t("learn.col.name"): f"**{rule_set.position_name(position, lang)}**",
            }
            for position in Position
        ],
        hide_index=True,
    )
    st.caption(provenance_cell(rule_set.provenance.get("positions"), lang))

    st.subheader(t("learn.numbers.main"))
    st.table(main_rules(rule_set, lang), hide_index=True)

    st.subheader(t("learn.numbers.bonuses"))
    st.write(t("learn.numbers.bonuses_intro"))
    st.table(
        [
            {
                t("learn.col.hand"): bonus_name(bonus.hand, lang),
                t("learn.col.chi"): rule_set.position_name(bonus.position, lang),
                t("learn.col.amount"): t("learn.value.chi", n=bonus.chi),
                t("learn.col.source"): provenance_cell(bonus.provenance, lang),
            }
            for bonus in rule_set.bonuses
        ],
        hide_index=True,
    )

    st.subheader(t("learn.numbers.naturals"))
    st.write(t("learn.numbers.naturals_intro"))
    st.table(
        [
            {
                t("learn.col.pattern"): natural_name(natural.pattern, lang),
                t("learn.col.amount"): t("learn.value.chi", n=natural.chi),
                t("learn.col.source"): provenance_cell(natural.provenance, lang),
            }
            for natural in rule_set.naturals
        ],
        hide_index=True,
    )
    st.markdown(
        f"**{t('learn.rule.naturals_versus')}:** {t(f'learn.value.versus.{rule_set.naturals_versus.value}')}"
    )
    st.caption(provenance_cell(rule_set.provenance.get("naturals"), lang))


lang = setup_page("nav.learn")
st.title(t("learn.title"))
st.write(t("learn.intro"))
rule_set = rule_set_picker("learn")

try:
    examples: Examples = load_examples()
except (ExamplesError, OSError) as error:
    st.error(f"{t('common.error_prefix')} {error}")
    st.stop()

five = sorted({e.category for e in examples.hands if e.size == 5}, reverse=True)
three = sorted({e.category for e in examples.hands if e.size == 3}, reverse=True)
back_name = rule_set.position_name(Position.BACK, lang)
middle_name = rule_set.position_name(Position.MIDDLE, lang)
front_name = rule_set.position_name(Position.FRONT, lang)

st.markdown(
    f"**{t('learn.ladder')}** "
    + " › ".join(f"[{category_name(c, lang)}](#{anchor('five', c)})" for c in five)
)

st.header(t("learn.five.header", back=back_name, middle=middle_name), anchor="five")
st.write(t("learn.five.intro"))
for category in five:
    category_block(
        category,
        "five",
        examples.of(category, 5),
        rule_set,
        (Position.BACK, Position.MIDDLE),
        lang,
        after=(lambda: wheel_box(examples.straights, rule_set, lang)) if category is Category.SANH else None,
    )

st.header(t("learn.front.header", front=front_name), anchor="front")
st.write(t("learn.front.intro"))
for category in three:
    category_block(category, "front", examples.of(category, 3), rule_set, (Position.FRONT,), lang)

st.subheader(t("learn.scale.title"), anchor="scale")
st.write(t("learn.scale.text", front=front_name, middle=middle_name))
for pair in examples.front_vs_middle:
    front_vs_middle(pair.front, pair.middle, rule_set, lang)

numbers_section(rule_set, lang)
