"""Issue 22, item 12 on both databases: guessing is not free. Wrong join codes, joins into one class and new
profiles are rate-limited in the database (shared by every server), exactly under concurrency; a teacher
can lock joining; a database at 0003 is upgraded."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import func, inspect, select

from classroom.database import make_engine, migrate
from classroom.models import ThrottleEvent, utcnow
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore
from classroom.throttle import CLASS_JOINS, CLIENT_GUESSES, CLIENT_PROFILES, Throttle, key_hash
from maubinh.rules import load_rule_set
from tests.unit.classroom.conftest import insert_old_class

SCHOOL = "203.0.113.7"
"""One client address (a school's shared one)."""
WRONG = ("AAAAAA", "BBBBBB", "CCCCCC")


def _class(store: ClassroomStore, name: str = "Lớp 12") -> tuple[str, str, str]:
    """A new class: (id, join code, teacher token)."""
    made = store.create_class(name, "vi", load_rule_set("chi-at"))
    return made.info.id, made.info.join_code, str(made.teacher_token)


def test_the_limits_are_the_agreed_figures() -> None:
    assert (CLIENT_GUESSES.limit, CLIENT_GUESSES.per_seconds) == (20, 60)
    assert (CLASS_JOINS.limit, CLASS_JOINS.per_seconds) == (60, 60)
    assert (CLIENT_PROFILES.limit, CLIENT_PROFILES.per_seconds) == (20, 60)


def test_the_21st_wrong_code_in_a_minute_is_refused_and_logged_but_right_codes_do_not_count(
        store: ClassroomStore, caplog: pytest.LogCaptureFixture) -> None:
    _, code, _ = _class(store)
    for n in range(20):
        assert store.class_by_code(code, SCHOOL) is not None  # an honest join between guesses costs nothing
        assert store.class_by_code(f"ZZZZ{n:02d}", SCHOOL) is None
    with caplog.at_level(logging.WARNING, logger="maubinh.throttle"), pytest.raises(ClassroomError) as refused:
        store.class_by_code("ZZZZ99", SCHOOL)
    assert refused.value.field == "throttled"
    with pytest.raises(ClassroomError):  # a right code too: a refusal must not tell a hit from a miss
        store.class_by_code(code, SCHOOL)
    logged = [r.getMessage() for r in caplog.records if r.name == "maubinh.throttle"]
    assert len(logged) == 2 and all("code_guess" in line and key_hash(SCHOOL) in line for line in logged)
    assert SCHOOL not in caplog.text  # the address itself is never logged...
    with store.engine.connect() as connection:  # ...nor stored
        assert SCHOOL not in {k for (k,) in connection.execute(select(ThrottleEvent.key))}
    assert store.class_by_code(code, "198.51.100.1") is not None  # another client is not slowed
    assert store.class_by_code(code) is not None  # nor the pages' own lookups (no client)


def test_a_wrong_guess_slot_frees_after_a_minute(store: ClassroomStore) -> None:
    later = [utcnow()]
    throttle = Throttle(store, clock=lambda: later[0])
    assert all(throttle.allow("code_guess", SCHOOL, 20, 60) for _ in range(20))
    assert not throttle.allow("code_guess", SCHOOL, 20, 60)
    later[0] += timedelta(seconds=61)
    assert throttle.allow("code_guess", SCHOOL, 20, 60)


def test_the_61st_join_into_a_class_in_a_minute_is_refused(store: ClassroomStore) -> None:
    class_id, _, _ = _class(store)
    other_id, _, _ = _class(store, "Lớp khác")
    for n in range(60):
        store.join(class_id, f"Học viên {n}")
    with pytest.raises(ClassroomError) as refused:
        store.join(class_id, "Học viên 60")
    assert refused.value.field == "throttled"
    assert len(store.learners(class_id)) == 60
    assert store.join(other_id, "Học viên 60").info.class_id == other_id  # another class is not slowed


def test_a_refused_name_gives_its_join_slot_back(store: ClassroomStore) -> None:
    class_id, _, _ = _class(store)
    store.join(class_id, "Lan")
    with store.engine.connect() as connection:
        before = connection.scalar(select(func.count()).select_from(ThrottleEvent))
    for _ in range(5):
        with pytest.raises(ClassroomError):
            store.join(class_id, "LAN")
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(ThrottleEvent)) == before


def test_the_21st_profile_from_one_client_in_a_minute_is_refused(store: ClassroomStore) -> None:
    practice = Practice(store)
    for n in range(20):
        practice.create_profile(f"Người {n}", SCHOOL)
    with pytest.raises(ClassroomError) as refused:
        practice.create_profile("Người 20", SCHOOL)
    assert refused.value.field == "throttled"
    assert practice.create_profile("Người 20", "198.51.100.1").info.name == "Người 20"


def test_thirty_checks_at_once_under_a_limit_of_twenty_allow_exactly_twenty(store: ClassroomStore) -> None:
    throttles = [Throttle(ClassroomStore(store.engine)) for _ in range(2)]  # as two servers on one database
    start = threading.Barrier(30)

    def attempt(n: int) -> bool:
        start.wait()
        return throttles[n % 2].allow("code_guess", SCHOOL, 20, 60)

    with ThreadPoolExecutor(max_workers=30) as pool:
        results = list(pool.map(attempt, range(30)))
    assert results.count(True) == 20
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(ThrottleEvent)) == 20


def test_thirty_learners_joining_at_once_with_a_limit_of_twenty(store: ClassroomStore,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CLASS_JOINS, "limit", 20)
    class_id, _, _ = _class(store)
    start = threading.Barrier(30)

    def join(n: int) -> str:
        start.wait()
        try:
            store.join(class_id, f"Học viên {n}")
            return "in"
        except ClassroomError as exc:
            return exc.field

    with ThreadPoolExecutor(max_workers=30) as pool:
        results = list(pool.map(join, range(30)))
    assert results.count("in") == 20 and results.count("throttled") == 10
    assert len(store.learners(class_id)) == 20


def test_old_events_are_swept(store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    old = Throttle(store, clock=lambda: utcnow() - timedelta(hours=2))
    for n in range(5):
        old.allow("profile", f"client {n}", 20, 60)
    monkeypatch.setattr("classroom.throttle.SWEEP_EVERY", 1)
    assert Throttle(store).allow("profile", SCHOOL, 20, 60)
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(ThrottleEvent)) == 1


# ---------------------------------------------------------------------- the teacher's lock


def test_joining_is_refused_while_locked_and_allowed_after_unlocking(store: ClassroomStore) -> None:
    class_id, code, token = _class(store)
    store.join(class_id, "Lan")
    locked = store.set_joining_locked(token, True)
    assert locked is not None and locked.joining_locked
    assert store.class_by_code(code).joining_locked  # type: ignore[union-attr]
    with pytest.raises(ClassroomError) as refused:
        store.join(class_id, "Minh")
    assert refused.value.field == "locked"
    assert [ln.name for ln in store.learners(class_id)] == ["Lan"]
    unlocked = store.set_joining_locked(token, False)
    assert unlocked is not None and not unlocked.joining_locked
    assert store.join(class_id, "Minh").info.name == "Minh"


def test_only_the_teacher_can_lock_joining(store: ClassroomStore) -> None:
    class_id, _, token = _class(store)
    _, _, other_token = _class(store, "Lớp khác")
    learner = store.join(class_id, "Lan")
    for wrong in (None, "", str(learner.token), f"{class_id}.{'A' * 22}", other_token.split(".")[0] + "." +
                  token.split(".")[1]):
        assert store.set_joining_locked(wrong, True) is None
    assert not store.class_info(class_id).joining_locked  # type: ignore[union-attr]
    assert store.join(class_id, "Minh").info.name == "Minh"


# ---------------------------------------------------------------------- the migration


def test_a_database_at_0003_gets_the_throttle_table_and_unlocked_classes(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        migrate(engine, "0003")
        with engine.begin() as connection:
            insert_old_class(connection)
        assert "throttle_events" not in inspect(engine).get_table_names()
        migrate(engine)
        assert "throttle_events" in inspect(engine).get_table_names()
        store = ClassroomStore(engine)
        klass = store.class_info("c1")
        assert klass is not None and not klass.joining_locked
        assert [ln.name for ln in store.learners("c1")] == ["Lan"]
        assert store.join("c1", "Minh").info.class_id == "c1"
        assert store.class_by_code("J1", SCHOOL) is not None
    finally:
        engine.dispose()
