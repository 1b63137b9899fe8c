"""AppTest of a class at one table (issue 19, duplicate deals): the teacher starts a session from the Table tab,
learners play the same deal from their page through the arranging component's key and see the analysis, a
second device's different split is refused with a message, the hand shows in the learner's Progress page, the
board shows each distinct split with its count and each learner's chi lost, the projector view no name; both
languages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session
from streamlit.testing.v1 import AppTest

from classroom.models import DealShowing
from classroom.service import ClassroomStore
from classroom.tables import TableSessions, canonical
from maubinh.arrangement import Arrangement
from maubinh.play import Origin, Strength, analyse, fouled_split
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.decide import decide
from tests.app.arrange import arranger_data, arranger_keys
from tests.app.conftest import open_page
from ui.classes.table_learner import SUBMITTED_KEY
from ui.i18n import translate
from ui.labels import number

RULES = load_rule_set("tinh-chi")
SUBMIT_S = 600
"""A submission grades the deal (its study is shared, but the first one computes it): slow on a busy machine."""


def _earlier(db: ClassroomStore, seconds: float) -> None:
    """Every deal's first showing ``seconds`` earlier: as if that long had passed since."""
    with Session(db.engine) as session, session.begin():
        for row in session.scalars(select(DealShowing)):
            row.shown_at = row.shown_at - timedelta(seconds=seconds)
            row.timer_at = None if row.timer_at is None else row.timer_at - timedelta(seconds=seconds)


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [s.value for s in at.subheader] + [c.value for c in at.caption]
    parts += [e.value for e in at.error] + [i.value for i in at.info] + [str(m.value) for m in at.metric]
    parts += [str(m.label) for m in at.metric]
    return "\n".join(parts)


def _frames(at: AppTest) -> str:
    return "\n".join(frame.value.to_csv() for frame in at.dataframe)


def _value(arrangement: Arrangement) -> dict[str, list[str]]:
    """What the arranging component sends on "Confirm"."""
    return {p.value: [str(card) for card in arrangement.chi(p)] for p in POSITIONS}


def _worse(split: Arrangement) -> Arrangement:
    return Arrangement(split.middle, split.back, split.front)


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_teacher_starts_a_table_learners_play_the_same_deal_and_the_board_shows_them(
        db: ClassroomStore, lang: str) -> None:
    made = db.create_class("Lớp 7A", lang, RULES)
    klass, token = made.info, str(made.teacher_token)
    lan, minh = (db.join(klass.id, name) for name in ("Lan", "Minh"))
    teacher = _ok(open_page("classes", teacher=token, lang=lang))
    teacher.segmented_control(key="tables_start_count").set_value(1)
    teacher.run()
    teacher.selectbox(key="tables_start_bot_0").set_value("beginner")
    teacher.number_input(key="tables_start_deals").set_value(2)
    teacher.segmented_control(key="tables_start_timer").set_value(60)
    teacher.button(key="tables_start_go").click().run()
    _ok(teacher)
    (info,) = TableSessions(db).sessions(klass.id)
    assert (info.bots, info.deals, info.timer, info.rule_set_id) == ((Strength.BEGINNER,), 2, 60, "tinh-chi")
    assert ("Table" if lang == "en" else "Bàn") + f" {info.id}" in _texts(teacher)

    cards = info.table.deal(1)[0]
    simple = arrange_simple(cards, RULES)
    learner = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang=lang))
    assert ("60 s" if lang == "en" else "60 giây") in _texts(learner)  # the timer's limit is shown
    learner.session_state[SUBMITTED_KEY] = _value(simple)
    _ok(learner.run(timeout=SUBMIT_S))
    stored = TableSessions(db).hands(info.id, lan.info.id)
    assert [h.arrangement for h in stored] == [canonical(simple)]
    shown = _texts(learner)
    assert number(stored[0].chi_lost, lang) in shown  # the analysis, after submitting
    assert ("Analysis" if lang == "en" else "Phân tích") in shown
    # the hand is in Lan's own profile too: her Progress page counts it in play
    progress = _ok(open_page("progress", me=str(lan.token), lang=lang))
    assert {m.label: m.value for m in progress.metric}[translate("playhist.progress.hands", lang)] == "1"

    # another device of the same learner sends a different split: refused, the first one kept and shown
    other = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang=lang))
    assert len(TableSessions(db).hands(info.id, lan.info.id)) == 1
    other.session_state[SUBMITTED_KEY] = _value(_worse(simple))
    _ok(other.run(timeout=SUBMIT_S))
    assert [h.arrangement for h in TableSessions(db).hands(info.id, lan.info.id)] == [canonical(simple)]

    second = _ok(open_page("classes", me=str(minh.token), table=str(info.id), lang=lang))
    second.session_state[SUBMITTED_KEY] = _value(_worse(simple))
    _ok(second.run(timeout=SUBMIT_S))
    hands = {h.learner_id: h for h in TableSessions(db).hands(info.id)}
    assert hands[minh.info.id].best == hands[lan.info.id].best  # the same deal, one best split

    teacher.run()
    _ok(teacher)
    frames = _frames(teacher)
    for learner_id, name in ((lan.info.id, "Lan"), (minh.info.id, "Minh")):
        assert name in frames and number(hands[learner_id].chi_lost, lang) in frames
    assert "♠" in frames or "♥" in frames or "♦" in frames or "♣" in frames  # the splits, in cards
    screen = _ok(open_page("classes", screen=str(db.projector_token(token)), lang=lang))  # the projector's link
    assert "Lan" not in _frames(screen) + _texts(screen) and "Minh" not in _frames(screen) + _texts(screen)
    assert klass.join_code in _texts(screen)  # the projector header: how to join
    assert "♠" in _frames(screen) or "♥" in _frames(screen) or "♦" in _frames(screen) or "♣" in _frames(screen)


def test_a_second_device_is_told_its_split_was_refused(db: ClassroomStore) -> None:
    klass = db.create_class("Lớp 7B", "en", RULES).info
    lan = db.join(klass.id, "Lan")
    info = TableSessions(db).start(klass.id, RULES, [Strength.BEGINNER], deals=1, timer=0, seed=99)
    simple = arrange_simple(info.table.deal(1)[0], RULES)
    first = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang="en"))
    second = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang="en"))
    first.session_state[SUBMITTED_KEY] = _value(simple)
    _ok(first.run(timeout=SUBMIT_S))
    second.session_state[SUBMITTED_KEY] = _value(_worse(simple))
    _ok(second.run(timeout=SUBMIT_S))
    assert any("another device" in e.value for e in second.error)
    assert [h.arrangement for h in TableSessions(db).hands(info.id)] == [canonical(simple)]


def test_a_closed_table_and_a_wrong_link_show_no_arranger(db: ClassroomStore) -> None:
    klass = db.create_class("Lớp 7C", "vi", RULES).info
    lan = db.join(klass.id, "Lan")
    tables = TableSessions(db)
    info = tables.start(klass.id, RULES, [Strength.BEGINNER], deals=1, timer=0, seed=5)
    tables.close(klass.id, info.id)
    at = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang="en"))
    assert any("closed" in i.value for i in at.info)
    wrong = _ok(open_page("classes", me=str(lan.token), table="99999", lang="en"))
    assert any("There is no table" in e.value for e in wrong.error)
    stranger = _ok(open_page("classes", me="nobody.secret", table=str(info.id), lang="en"))
    assert stranger.error and not any(f"Table {info.id}" in s.value for s in stranger.subheader)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_timed_table_counts_down_and_at_zero_plays_the_solvers_split(db: ClassroomStore, lang: str) -> None:
    """The session's timer runs at the learner's table (issue 19: "number of deals, timer"): the component counts
    down from the limit, from the deal's first showing kept by the server (issue 32: a reload, or another server,
    goes on from it); an "expired" sent before the server's deadline is not believed; a hand sent at zero with
    cards still in the hand is played with the solver's split, charged as a miss, and the learner is told so."""
    klass = db.create_class("Lớp 7D", lang, RULES).info
    lan = db.join(klass.id, "Lan")
    info = TableSessions(db).start(klass.id, RULES, [Strength.BEGINNER], deals=1, timer=60, seed=31)
    page = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang=lang))
    (key,) = arranger_keys(page)
    left = arranger_data(page, key)["timer"]["remaining_ms"]
    assert 55_000 <= left <= 60_000, left
    cards = info.table.deal(1)[0]
    partial = {"back": [str(c) for c in cards[:5]], "middle": [], "front": [], "expired": True}
    page.session_state[SUBMITTED_KEY] = partial  # at once: the browser's word only
    _ok(page.run(timeout=SUBMIT_S))
    assert TableSessions(db).hands(info.id) == []
    assert translate("play.bad_submission", lang) in [e.value for e in page.error]
    _earlier(db, 40.0)  # 40 s went by: a reload (a new session, as on another server) goes on from the first showing
    page = _ok(open_page("classes", me=str(lan.token), table=str(info.id), lang=lang))
    left = arranger_data(page, arranger_keys(page)[0])["timer"]["remaining_ms"]
    assert 15_000 <= left <= 20_000, left
    _earlier(db, 20.0)  # and the deadline has come
    page.session_state[SUBMITTED_KEY] = partial
    _ok(page.run(timeout=SUBMIT_S))
    (hand,) = TableSessions(db).hands(info.id)
    assert hand.arrangement == canonical(decide(cards, RULES, opponents=1).arrangement)
    assert hand.origin is Origin.TIMER_SOLVER and 60 <= hand.seconds < 90
    charge = analyse(info.table, 1, fouled_split(cards, RULES)).cost
    assert hand.chi_lost == pytest.approx(charge) and charge > 1.0
    assert translate("play.timed_out_solver", lang) in [w.value for w in page.warning]
    assert translate("origin.analysis.missed", lang, cost=number(charge, lang)) in [w.value for w in page.warning]

