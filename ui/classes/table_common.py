"""What the teacher's and the learners' views of a table session share: the store of sessions, a session's
settings and a split in words (no widgets); the class seatings' store."""

from __future__ import annotations

import streamlit as st

from background.deals import deals
from classroom.rooms import Rooms
from classroom.seatings import Seatings
from classroom.tables import TableSessionInfo, TableSessions
from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS, RuleSet
from ui.escape import md_text
from ui.i18n import t, translate
from ui.setup import rule_set_label
from ui.store import classroom, configured_url

__all__ = ["TABLE_PARAM", "chi_order", "seatings", "session_line", "split_header", "split_text", "table_sessions"]

TABLE_PARAM = "table"
"""Query parameter naming the table session a learner plays (``/classes?me=<link>&table=<id>``)."""


@st.cache_resource(show_spinner=False)
def _open(url: str | None) -> TableSessions:
    found = classroom()
    return TableSessions(found.store, found.practice, work=deals())


def table_sessions() -> TableSessions:
    """This server's table sessions (their shared work, the computer players' splits and each deal's study,
    made once and kept in memory for every learner: :func:`background.deals.deals`)."""
    return _open(configured_url())


@st.cache_resource(show_spinner=False)
def _open_seatings(url: str | None) -> Seatings:
    return Seatings(Rooms(classroom().store))


def seatings() -> Seatings:
    """This server's class seatings at tables of people (:mod:`classroom.seatings`, on the classroom database)."""
    return _open_seatings(configured_url())


def split_text(arrangement: Arrangement, declared: bool = False) -> str:
    """A split as people write it, back | middle | front: ``"A♠ K♠ Q♠ J♠ 10♠ | … | …"`` (plain text), with
    "declared" added for an instant win declared."""
    text = " | ".join(" ".join(card.pretty for card in arrangement.chi(p)) for p in POSITIONS)
    return f"{text} · {t('tables.declared')}" if declared else text


def split_header(rule_set: RuleSet, lang: str) -> str:
    """The heading of a column of splits, naming the chi in :func:`split_text`'s order by ``rule_set``'s own names
    (``chi-at``: "Chi 1 | Chi 2 | Chi 3"; it said tinh-chi's "chi cuối | chi giữa | chi đầu" under every rule set)."""
    return translate("tables.col.split", lang, order=chi_order(rule_set, lang))


def chi_order(rule_set: RuleSet, lang: str) -> str:
    """The chi of a split as :func:`split_text` lists them, by ``rule_set``'s own names: "Chi 1 | Chi 2 | Chi 3"."""
    return " | ".join(rule_set.position_name(p, lang) for p in POSITIONS)


def session_line(info: TableSessionInfo, lang: str) -> str:
    """A session's settings in one line: rules, computer players, deals, timer (Markdown-safe)."""
    bots = ", ".join(translate(f"play.strength.{b.value}", lang) for b in info.bots)
    timer = t("tables.timer_value", seconds=info.timer) if info.timer else t("tables.timer_off")
    return t("tables.session_line", rules=md_text(rule_set_label(info.rule_set, lang)), bots=bots, deals=info.deals,
             timer=timer)
