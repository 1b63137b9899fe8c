"""AppTest of issue 22, item 12 in the pages: a refused join, code or profile says to wait a minute in the
page's language and keeps what was typed; the teacher's "Lock joining" toggle locks and unlocks the class."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from classroom.practice import Practice
from classroom.service import ClassroomStore
from classroom.throttle import CLASS_JOINS, CLIENT_GUESSES, CLIENT_PROFILES, Limit
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from ui.client import LOCAL

CLASSES, PROGRESS = "classes", "progress"


def _use_up(store: ClassroomStore, rule: Limit, key: str) -> None:
    """Every slot of ``rule`` for ``key`` taken, as if the last minute had used them."""
    for _ in range(rule.limit):
        assert store.throttle.check(rule, key)


def test_a_throttled_join_says_wait_a_minute_and_keeps_the_typed_name(db: ClassroomStore) -> None:
    created = db.create_class("Lớp đông", "vi", load_rule_set("chi-at"))
    _use_up(db, CLASS_JOINS, created.info.id)
    at = open_page(CLASSES, join=created.info.join_code, lang="vi")
    at.text_input(key="classes_learner_name").input("Nguyễn Văn Bình")
    at.button(key="FormSubmitter:classes_join_name-Vào lớp").click().run()
    assert not at.exception
    assert "me" not in at.query_params
    assert [e.value for e in at.error] == [
        "Vừa có quá nhiều người vào lớp này trong một phút. Đợi một phút rồi bấm lại: tên bạn gõ vẫn còn trong ô."]
    assert at.text_input(key="classes_learner_name").value == "Nguyễn Văn Bình"
    assert db.learners(created.info.id) == []


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_too_many_wrong_codes_say_wait_a_minute_and_keep_the_code(db: ClassroomStore, lang: str) -> None:
    created = db.create_class("Lớp mã", "vi", load_rule_set("chi-at"))
    _use_up(db, CLIENT_GUESSES, LOCAL)
    at = open_page(CLASSES, lang=lang)
    at.text_input(key="classes_code").input(created.info.join_code)
    at.button(key=f"FormSubmitter:classes_join_form-{'Vào lớp' if lang == 'vi' else 'Join'}").click().run()
    assert not at.exception
    assert "join" not in at.query_params
    assert any(("Đợi một phút" if lang == "vi" else "Wait a minute") in e.value for e in at.error)
    assert at.text_input(key="classes_code").value == created.info.join_code
    # a join link is a guess too: refused with the same message, nothing of the class shown
    link = open_page(CLASSES, join=created.info.join_code, lang=lang)
    assert not link.exception and "Lớp mã" not in "".join(s.value for s in link.subheader)
    assert any(("Đợi một phút" if lang == "vi" else "Wait a minute") in e.value for e in link.error)


def test_too_many_profiles_say_wait_a_minute_and_keep_the_name(db: ClassroomStore) -> None:
    _use_up(db, CLIENT_PROFILES, LOCAL)
    at = open_page(PROGRESS, lang="en")
    at.text_input(key="progress_name").input("Bảo")
    at.button[0].click().run()
    assert not at.exception
    assert "me" not in at.query_params
    assert [e.value for e in at.error] == [("Too many profiles were made from this network in the last minute. "
                                            "Wait a minute and press again: the name you typed is still in the box.")]
    assert at.text_input(key="progress_name").value == "Bảo"
    assert Practice(db).create_profile("Bảo", "198.51.100.1").info.name == "Bảo"  # another client is not slowed


@pytest.fixture
def any_db(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassroomStore]:
    """The app's classroom on a fresh database: SQLite, then PostgreSQL (skipped without a server)."""
    monkeypatch.setenv("MAUBINH_DATABASE_URL", database_url)
    store = ClassroomStore.open(database_url)
    yield store
    store.engine.dispose()


def test_the_teachers_page_vouches_for_its_address(any_db: ClassroomStore) -> None:
    """Issue 32, 3: a class made elsewhere (at home), its teacher's page opened at school, where wrong codes used
    up the school's allowance: the class's own join link still opens from the school's address."""
    created = any_db.create_class("Lớp ở trường", "vi", load_rule_set("chi-at"))
    code = created.info.join_code
    _use_up(any_db, CLIENT_GUESSES, LOCAL)
    before = open_page(CLASSES, join=code, lang="en")
    assert all(w.key != "classes_learner_name" for w in before.text_input)  # refused: not yet the class's address
    assert any("Wait a minute" in e.value for e in before.error)
    teacher = open_page(CLASSES, teacher=str(created.teacher_token), lang="en")
    assert not teacher.exception
    after = open_page(CLASSES, join=code, lang="en")
    assert not after.exception and not after.error
    assert after.text_input(key="classes_learner_name").label
    other = any_db.create_class("Lớp khác", "vi", load_rule_set("chi-at"))  # a class not vouched stays refused
    assert any("Wait a minute" in e.value for e in open_page(CLASSES, join=other.info.join_code, lang="en").error)


def test_the_teacher_locks_and_unlocks_joining(db: ClassroomStore) -> None:
    created = db.create_class("Lớp khoá", "vi", load_rule_set("chi-at"))
    token, code = str(created.teacher_token), created.info.join_code
    teacher = open_page(CLASSES, teacher=token, lang="vi")
    toggle = teacher.toggle(key="classes_joining_locked")
    assert toggle.label == "Khoá không cho vào lớp" and toggle.value is False
    toggle.set_value(True).run()
    assert not teacher.exception
    assert db.class_info(created.info.id).joining_locked  # type: ignore[union-attr]
    assert any("Lớp đang khoá" in c.value for c in teacher.caption)
    screen = open_page(CLASSES, screen=str(db.projector_token(token)), lang="vi")  # the projector view
    assert any("Lớp đang khoá" in c.value for c in screen.caption)  # says so too
    assert code not in "".join(m.value for m in screen.markdown)  # and no longer invites anyone in

    learner = open_page(CLASSES, join=code, lang="vi")
    assert any("khoá không cho vào" in w.value for w in learner.warning)
    learner.text_input(key="classes_learner_name").input("Lan")
    learner.button(key="FormSubmitter:classes_join_name-Vào lớp").click().run()
    assert "me" not in learner.query_params
    assert any("khoá không cho vào" in e.value for e in learner.error)
    assert learner.text_input(key="classes_learner_name").value == "Lan"

    teacher.toggle(key="classes_joining_locked").set_value(False).run()
    assert not db.class_info(created.info.id).joining_locked  # type: ignore[union-attr]
    assert not any("Lớp đang khoá" in c.value for c in teacher.caption)
    learner.button(key="FormSubmitter:classes_join_name-Vào lớp").click().run()
    assert "me" in learner.query_params
    assert [ln.name for ln in db.learners(created.info.id)] == ["Lan"]
