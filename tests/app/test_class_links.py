"""AppTest of the Classes page, issue 31 items 4 and 5: a deadline typed on the teacher's clock (UTC+7, UTC-5)
is stored as that instant, shown on each viewer's clock, changed and removed; a new teacher link and a learner's
new link from the teacher's page; the join link from the public address, and the warning without one."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest

import ui.classes.learner
import ui.classes.teacher
from classroom.models import utcnow
from classroom.service import ClassroomStore
from classroom.tokens import Token
from maubinh.drills import Kind
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page

CLASSES = "classes"
HANOI, BOGOTA, PARIS = ZoneInfo("Asia/Ho_Chi_Minh"), ZoneInfo("America/Bogota"), ZoneInfo("Europe/Paris")
DAY = date(utcnow().year + 1, 12, 6)


def _viewer_in(monkeypatch: pytest.MonkeyPatch, zone: ZoneInfo) -> None:
    """The browser's time zone, as ``st.context.timezone`` gives it in a real browser (AppTest has none)."""
    monkeypatch.setattr(ui.classes.teacher, "viewer_zone", lambda: zone)
    monkeypatch.setattr(ui.classes.learner, "viewer_zone", lambda: zone)


def _captions(at) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(c.value for c in at.caption)


@pytest.mark.parametrize(("zone", "elsewhere", "shown_elsewhere"), [
    (HANOI, PARIS, "06/12 15:00"),  # UTC+7 -> 14:00 UTC -> 15:00 in Paris
    (BOGOTA, HANOI, "07/12 09:00"),  # UTC-5 -> 02:00 UTC the next day -> 09:00 in Hanoi
])
def test_a_deadline_typed_on_the_teacher_s_clock_is_that_instant_everywhere_and_can_be_changed(
        db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, zone: ZoneInfo, elsewhere: ZoneInfo,
        shown_elsewhere: str) -> None:
    created = db.create_class("Lớp 1", "vi", load_rule_set("chi-at"))
    lan = db.join(created.info.id, "Lan")
    _viewer_in(monkeypatch, zone)
    at = open_page(CLASSES, teacher=str(created.teacher_token), lang="vi")
    at.checkbox(key="classes_assign_has_deadline").check().run()
    at.date_input(key="classes_assign_day").set_value(DAY)
    at.time_input(key="classes_assign_time").set_value(time(21, 0))
    at.text_input(key="classes_assign_title").input("Có hạn chót")
    at.multiselect(key="classes_assign_kinds").set_value([Kind.FOUL])
    at.number_input(key="classes_assign_n").set_value(1)
    at.button(key="classes_assign_submit").click().run()
    assert not at.exception and not at.error
    (assignment,) = db.assignments(created.info.id)
    assert assignment.deadline == datetime.combine(DAY, time(21, 0), zone)  # the instant the teacher meant
    assert "06/12 21:00" in _captions(at)  # on the teacher's own clock
    assert any(str(zone) in c for c in _captions(at).splitlines())  # and says which clock that is

    _viewer_in(monkeypatch, elsewhere)  # another viewer: the teacher travelling, or a learner
    at.run()
    assert shown_elsewhere in _captions(at)
    learner = open_page(CLASSES, me=str(lan.token), lang="vi")
    assert shown_elsewhere in _captions(learner)

    _viewer_in(monkeypatch, zone)  # changed after it was set ...
    at.run()
    key = f"classes_deadline_{assignment.id}"
    assert at.date_input(key=f"{key}_day").value == DAY and at.time_input(key=f"{key}_time").value == time(21, 0)
    at.date_input(key=f"{key}_day").set_value(date(DAY.year, 12, 8))
    at.time_input(key=f"{key}_time").set_value(time(7, 30))
    at.button(key=f"{key}_save").click().run()
    assert not at.exception and not at.error
    assert db.assignment(assignment.id).deadline == datetime(DAY.year, 12, 8, 7, 30, tzinfo=zone)  # type: ignore[union-attr]
    assert "08/12 07:30" in _captions(at)
    at.date_input(key=f"{key}_day").set_value(utcnow().astimezone(zone).date())  # ... never into the past
    at.time_input(key=f"{key}_time").set_value(time(0, 0))
    at.button(key=f"{key}_save").click().run()
    assert any("tương lai" in e.value for e in at.error)
    assert db.assignment(assignment.id).deadline == datetime(DAY.year, 12, 8, 7, 30, tzinfo=zone)  # type: ignore[union-attr]
    at.button(key=f"{key}_remove").click().run()  # ... or removed
    assert not at.exception and not at.error
    assert db.assignment(assignment.id).deadline is None  # type: ignore[union-attr]


def test_a_new_teacher_link_from_the_class_tab_refuses_the_old_one(db: ClassroomStore) -> None:
    created = db.create_class("Lớp bí mật", "en", load_rule_set("chi-at"))
    old = str(created.teacher_token)
    old_screen = str(db.projector_token(old))
    at = open_page(CLASSES, teacher=old, lang="en")
    at.button(key="classes_new_teacher_link").click().run()
    assert not at.exception
    new = at.query_params["teacher"]
    assert new != old and db.teacher_class(new) is not None and db.teacher_class(old) is None
    assert any("new teacher link" in s.value for s in at.success)
    assert at.subheader[0].value.endswith("Lớp bí mật")  # the page carries on under the new link
    for stale in (open_page(CLASSES, teacher=old, lang="en"), open_page(CLASSES, screen=old_screen, lang="en")):
        assert stale.error and "Lớp bí mật" not in "".join(s.value for s in stale.subheader)
        assert created.info.join_code not in "".join(str(m.value) for m in stale.metric)


def test_a_learner_who_lost_their_link_gets_a_new_one_and_stays_the_same_learner(db: ClassroomStore) -> None:
    created = db.create_class("Lớp 2", "vi", load_rule_set("chi-at"))
    lan = db.join(created.info.id, "Lan")
    at = open_page(CLASSES, teacher=str(created.teacher_token), lang="vi")
    at.button(key=f"classes_relink_{lan.info.id}").click().run()
    assert not at.exception
    (link,) = [c.value for c in at.code if "me=" in c.value]
    token = Token.parse(link.split("me=")[1].split("&")[0].replace("%2E", "."))
    assert token is not None and str(token) != str(lan.token)
    again = db.learner(str(token))
    assert again is not None and again.id == lan.info.id and again.name == "Lan"
    assert db.learner(str(lan.token)) is None
    at.button(key=f"classes_relink_hide_{lan.info.id}").click().run()
    assert not [c for c in at.code if "me=" in c.value]


def test_the_join_link_and_qr_come_from_the_public_address(db: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    created = db.create_class("Lớp 3", "en", load_rule_set("chi-at"))
    at = open_page(CLASSES, teacher=str(created.teacher_token), lang="en")
    assert any("MAUBINH_PUBLIC_URL" in w.value and "phones cannot" in w.value for w in at.warning)  # no address set
    monkeypatch.setenv("MAUBINH_PUBLIC_URL", "https://maubinh.school.example/")
    at.run()
    join = f"https://maubinh.school.example/classes?join={created.info.join_code}&lang=en"
    assert join in [c.value for c in at.code]
    assert not any("MAUBINH_PUBLIC_URL" in w.value for w in at.warning)


def test_a_wrong_projector_link_or_the_teacher_s_link_as_one_shows_nothing(db: ClassroomStore) -> None:
    created = db.create_class("Lớp kín", "vi", load_rule_set("chi-at"))
    db.join(created.info.id, "Học viên Kín")
    for value in ("", "nonsense", str(created.teacher_token), f"{created.info.id}.{'B' * 22}", "x" * 5000):
        at = open_page(CLASSES, screen=value, lang="vi")
        assert not at.exception and at.error
        shown = "".join(s.value for s in at.subheader) + "".join(str(m.value) for m in at.metric)
        assert "Lớp kín" not in shown and created.info.join_code not in shown
