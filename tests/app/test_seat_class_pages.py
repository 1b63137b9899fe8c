"""AppTest of "seat the class" (issue 34): a learner's open class page makes them present; the teacher's button in the
Table tab seats six learners at two tables of three (one click, one seating; a second click seats nobody again); the
learner's page then leads to the seat; a class table is dealt on by its people, not joined by its code; the board
shows each seat's cards per deal with which table and who chose each split, and each learner's chi lost; both
languages."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from classroom.models import utcnow
from classroom.play_hands import PlayHands
from classroom.rooms import Rooms
from classroom.seatings import Seatings
from classroom.service import ClassroomStore
from maubinh.play import Strength
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from tests.unit.classroom.conftest import played_hand
from ui.i18n import translate
from ui.labels import number

RULES = load_rule_set("chi-at")
NAMES = ("Lan", "Minh", "Hoa", "Tuấn", "Mai", "Bình")
SHOWDOWN_S = 600
"""A showdown's analysis on a busy machine."""


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [e.value for e in at.error]
    parts += [s.value for s in at.success] + [str(b.label) for b in at.button]
    return "\n".join(parts)


def _frames(at: AppTest) -> str:
    return "\n".join(frame.value.to_csv() for frame in at.dataframe)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_teacher_seats_six_learners_at_two_tables_of_three_and_sees_the_board(db: ClassroomStore,
                                                                                  lang: str) -> None:
    made = db.create_class("Lớp 7A", lang, RULES)
    klass, token = made.info, str(made.teacher_token)
    learners = [db.join(klass.id, name) for name in NAMES]
    seatings = Seatings(Rooms(db))
    lan = _ok(open_page("classes", me=str(learners[0].token), lang=lang))  # Lan's page open: she is present
    for learner in learners[1:]:
        seatings.seen(learner.info.id)
    assert [p.name for p in seatings.present(klass.id)] == list(NAMES)

    teacher = _ok(open_page("classes", teacher=token, lang=lang))
    assert translate("seat.button", lang, n=6) in _texts(teacher)
    teacher.segmented_control(key="seat_size").set_value(3)
    teacher.run()
    teacher.number_input(key="seat_deals").set_value(2)
    teacher.button(key="seat_go").click().run()
    _ok(teacher)
    seating = seatings.current(klass.id)
    assert seating is not None and (seating.size, seating.deals) == (3, 2)
    tables = seatings.tables(seating.id)
    assert [len(t.people) for t in tables] == [3, 3]
    shown = _texts(teacher)
    assert translate("seat.done", lang, n=6) in shown
    for table in tables:  # each table's line names its people
        head = translate("seat.table_line", lang, n=table.number, deal=1, deals=2, seats="").strip()
        line = next(line for line in shown.splitlines() if head in line)
        assert all(p.name in line for p in table.people)
    assert teacher.button(key="seat_go").disabled  # everyone present is seated: a second click has nothing to do

    lan.run()  # Lan's page, polled: it leads to her seat (run alone, without the app's page list: by its link)
    _ok(lan)
    mine = next(t for t in tables if any(p.name == "Lan" for p in t.people))
    assert translate("seat.yours", lang, n=mine.number) in _texts(lan)
    assert f"room={mine.room.code}" in _texts(lan)

    profiles = PlayHands(db)  # deal 1 kept in the profiles as the tables' showdowns keep it
    gaps = dict(zip(NAMES, (0.0, 1.5, 0.4, 2.5, 0.0, 0.9), strict=True))
    for table in tables:
        for person in table.people:
            profiles.keep(str(person.learner_id), replace(played_hand(1, gap=gaps[person.name]),
                                                           table_seed=seating.seed ^ person.seat,
                                                           room_id=table.room.id))
    teacher.run()
    _ok(teacher)
    frames = _frames(teacher)
    assert all(name in frames for name in NAMES)
    assert number(2.5, lang) in frames  # Tuấn lost most against the best
    assert "1: " in frames and "2: " in frames  # which table chose each split
    assert translate("seat.col.who", lang) in frames


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_class_table_is_dealt_on_by_its_people_and_not_joined_by_its_code(db: ClassroomStore, lang: str) -> None:
    klass = db.create_class("Lớp 7B", lang, RULES).info
    lan, minh = (db.join(klass.id, name) for name in ("Lan", "Minh"))
    seatings = Seatings(Rooms(db))
    for learner in (lan, minh):
        seatings.seen(learner.info.id)
    seating, _ = seatings.seat_class(klass.id, 2, Strength.BEGINNER, 60, 2)
    found = seatings.seat_of(str(minh.token))
    assert found is not None
    room, seat = found
    stranger = _ok(open_page("play", room=room.code, lang=lang))  # the code alone: no join form, no names
    assert translate("seat.join_refused", lang) in [i.value for i in stranger.info]
    assert "Lan" not in _texts(stranger) and not stranger.text_input
    page = _ok(open_page("play", room=room.code, seat=str(seat), me=str(minh.token), lang=lang))
    shown = _texts(page)
    assert f"#### {translate('seat.room_title', lang, n=1)}" in shown and room.code not in shown  # no invitation
    assert not [b for b in page.button if b.key == "rooms_start"]  # deal 1 is being played
    Rooms(db).tick(room.id, utcnow() + timedelta(seconds=120))  # the timer ran out: the showdown
    _ok(page.run(timeout=SHOWDOWN_S))
    page.button(key="rooms_start").click().run(timeout=SHOWDOWN_S)  # Minh, not a host, deals the next
    _ok(page)
    assert Rooms(db).room(room.id).deal == 2  # type: ignore[union-attr]
    Rooms(db).tick(room.id, utcnow() + timedelta(seconds=240))
    _ok(page.run(timeout=SHOWDOWN_S))
    assert translate("seat.deals_over", lang, n=seating.deals) in [i.value for i in page.info]
    assert not [b for b in page.button if b.key == "rooms_start"]


def test_a_live_question_wins_over_the_seat(db: ClassroomStore) -> None:
    """A seated learner whose class runs a live session stays on the class page (the question, and a button to the
    table); with none running, the page goes to the seat once (a tester was sent to the table mid-question)."""
    from classroom.live import LivePick, LiveSessions
    from classroom.snapshot import pack, record
    from maubinh.drills import DrillSet, Kind, Level, make_question

    klass = db.create_class("Lớp 7C", "en", RULES).info
    lan, minh = (db.join(klass.id, name) for name in ("Lan", "Minh"))
    seatings = Seatings(Rooms(db))
    for learner in (lan, minh):
        seatings.seen(learner.info.id)
    seatings.seat_class(klass.id, 2, Strength.BEGINNER, 60, 1)
    question = make_question(DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=9, count=1), 0)
    live = LiveSessions(db)
    info = live.start(klass.id, RULES, [LivePick("q0", question.kind.value, (), record(question), pack(question))],
                      seconds=30)
    live.advance(klass.id, info.id, -1)
    page = _ok(open_page("classes", me=str(lan.token), lang="en"))
    assert "seat_taken" not in page.session_state  # not sent to the table
    assert [b for b in page.button if b.key == "drill_choice_0"]  # the live question is there to answer
    assert f"[{translate('seat.go', 'en')}](/play?" in _texts(page)  # the way to the table
    live.end(klass.id, info.id)
    other = _ok(open_page("classes", me=str(minh.token), lang="en"))
    assert "seat_taken" in other.session_state  # no live question: taken to the seat


def test_ending_a_seating_asks_first(db: ClassroomStore) -> None:
    """"End the seating" closes every table, a deal being played too: it opens a question first (as ending a live
    session does); only its "End now" ends it."""
    lang = "en"
    made = db.create_class("Lớp 7A", lang, RULES)
    klass, token = made.info, str(made.teacher_token)
    seatings = Seatings(Rooms(db))
    for name in NAMES[:2]:
        seatings.seen(db.join(klass.id, name).info.id)
    teacher = _ok(open_page("classes", teacher=token, lang=lang))
    _ok(teacher.button(key="seat_go").click().run())
    assert seatings.current(klass.id) is not None
    asked = [p for p in teacher.get("popover") if p.proto.popover.label == translate("seat.end", lang)]
    assert len(asked) == 1 and translate("seat.end_confirm", lang) in _texts(teacher)  # a question, not an action
    teacher.button(key="seat_end").click().run()
    _ok(teacher)
    assert seatings.current(klass.id) is None
