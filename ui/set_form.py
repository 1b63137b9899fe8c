"""The drill-set form: kinds, level, count and seed, shared by the Drill page and a class's assignments.

:func:`set_fields` draws the fields in the caller's ``st.form`` or container, keyed by ``prefix``, filled from a
set the first time (and again whenever that set changes); :func:`read_set` builds the chosen set under
a rule set, or ``None`` when no kind is chosen (the caller says so next to the form).
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from maubinh.drills import KINDS, MAX_QUESTIONS, MAX_SEED, DrillSet, Kind, Level, available
from maubinh.rules import RULE_SET_IDS, RuleSet
from ui.i18n import t
from ui.keep import keep
from ui.questions import kind_name, level_name, unavailable_lines

__all__ = ["offered_kinds", "read_set", "set_fields", "unavailable_in"]


def _keys(prefix: str) -> tuple[str, str, str, str, str]:
    return (f"{prefix}_kinds", f"{prefix}_level", f"{prefix}_n", f"{prefix}_seed", f"{prefix}_for")


def offered_kinds(rule_set: RuleSet) -> tuple[Kind, ...]:
    """The kinds ``rule_set`` can ask at some level (the others are not offered)."""
    return tuple(kind for kind in KINDS if any(available(kind, level, rule_set) is None for level in Level))


def unavailable_in(drill_set: DrillSet, lang: str) -> list[str]:
    """One line per kind of ``drill_set`` its rule set cannot ask at its level, saying why; empty when none."""
    return unavailable_lines(drill_set.rule_set, lang, drill_set.kinds, (drill_set.level,))


def set_fields(prefix: str, drill_set: DrillSet, lang: str) -> None:
    """The kinds, level (with what each level asks), count and seed fields, filled from ``drill_set``.

    Only the kinds ``drill_set``'s rule set can ask are offered; a caption names those it cannot ask at some
    levels, and why.
    """
    kinds, level, count, seed, filled_for = _keys(prefix)
    keep(kinds, level, count, seed)  # the fields survive another page, tab or Back (ui.keep)
    offered = offered_kinds(drill_set.rule_set)
    dropped = any(key not in st.session_state for key in (kinds, level, count, seed))
    if st.session_state.get(filled_for) != drill_set or dropped:
        st.session_state[filled_for] = drill_set
        st.session_state[kinds] = [kind for kind in drill_set.kinds if kind in offered]
        st.session_state[level] = drill_set.level
        st.session_state[count] = drill_set.count
        st.session_state[seed] = drill_set.seed
    st.multiselect(t("drill.set.kinds"), offered, format_func=lambda k: kind_name(k, lang), key=kinds,
                   wrap=True)  # every chosen kind in view, however narrow (ui.cards.CARD_CSS lifts the height cap)
    missing = unavailable_lines(drill_set.rule_set, lang)
    if missing:
        st.caption("  \n".join(missing))
    st.segmented_control(t("drill.set.level"), tuple(Level), format_func=lambda v: level_name(v, lang),
                         key=level, required=True)
    st.caption("  \n".join(f"**{level_name(v, lang)}**: {t(f'drill.level_help.{v.value}')}" for v in Level))
    left, right = st.columns(2)
    left.number_input(t("drill.set.count"), min_value=1, max_value=MAX_QUESTIONS, step=1, key=count)
    right.number_input(t("drill.set.seed"), min_value=0, max_value=MAX_SEED, step=1, key=seed,
                       help=t("drill.set.seed_help"))


def read_set(prefix: str, base: DrillSet, rule_set: RuleSet | None = None) -> DrillSet | None:
    """The set the fields hold (``base`` with the chosen kinds, level, count and seed, under ``rule_set``
    when given), or ``None`` when no kind is chosen."""
    kinds, level, count, seed, _ = _keys(prefix)
    chosen = tuple(st.session_state.get(kinds) or ())
    if not chosen:
        return None
    found = replace(base, kinds=chosen, level=st.session_state.get(level) or base.level,
                    seed=int(st.session_state.get(seed, base.seed)), count=int(st.session_state.get(count, base.count)))
    if rule_set is not None:
        house = None if rule_set.id in RULE_SET_IDS else rule_set
        found = replace(found, rule_set_id=rule_set.id, house=house)
    return found
