"""AppTest of "seat the class" (issue 34): a learner's open class page makes them present; the teacher's button in the
Table tab seats six learners at two tables of three (one click, one seating; a second click seats nobody again); the
learner's page then leads to the seat; the board shows each seat's cards per deal with which table and who chose each
split, and each learner's chi lost; both languages."""

from __future__ import annotations

from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from classroom.play_hands import PlayHands
from classroom.rooms import Rooms
from classroom.seatings import Seatings
from classroom.service import ClassroomStore
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from tests.unit.classroom.conftest import played_hand
from ui.i18n import translate
from ui.labels import number

RULES = load_rule_set("chi-at")
NAMES = ("Lan", "Minh", "Hoa", "Tuấn", "Mai", "Bình")


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
