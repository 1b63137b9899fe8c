"""Issue 31, items 4 and 5, on both databases: every time stored in UTC and read back aware (a deadline typed
at UTC+7 or UTC-5 is the same instant after the round trip, and shows right in another zone), old SQLite
deadlines migrated; the projector's own link, a new teacher link, a learner's link issued again."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import text, update
from sqlalchemy.exc import StatementError

from background.grading import Grader
from classroom.database import make_engine, migrate
from classroom.models import Classroom, utcnow
from classroom.service import ClassroomError, ClassroomStore
from classroom.tokens import Token, hash_secret
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set
from ui.classes.words import moment, typed_moment

CHI_AT = load_rule_set("chi-at")
QUICK = DrillSet((Kind.FOUL,), Level.BEGINNER, "chi-at", seed=5, count=2)
HANOI = ZoneInfo("Asia/Ho_Chi_Minh")  # UTC+7, no summer time
BOGOTA = ZoneInfo("America/Bogota")  # UTC-5, no summer time
PARIS = ZoneInfo("Europe/Paris")  # UTC+1 in December
DAY = date(utcnow().year + 1, 12, 6)  # always ahead: a deadline must be in the future


@pytest.mark.parametrize(("zone", "utc_day", "utc_hour", "paris", "hanoi"), [
    (HANOI, 6, 14, "06/12 15:00", "06/12 21:00"),  # 21:00 at UTC+7 is 14:00 UTC
    (BOGOTA, 7, 2, "07/12 03:00", "07/12 09:00"),  # 21:00 at UTC-5 is 02:00 UTC the next day
])
def test_a_typed_deadline_is_the_same_instant_after_the_round_trip_and_shows_in_the_viewer_s_zone(
        store: ClassroomStore, zone: ZoneInfo, utc_day: int, utc_hour: int, paris: str, hanoi: str) -> None:
    class_id = store.create_class("Lớp", "vi", CHI_AT).info.id
    typed = typed_moment(DAY, time(21, 0), zone)
    made = store.assign(class_id, "Buổi 1", QUICK, deadline=typed)
    read = store.assignment(made.id)
    assert read is not None and read.deadline is not None
    assert read.deadline == typed and read.deadline.utcoffset() == timedelta(0)
    assert (read.deadline.day, read.deadline.hour) == (utc_day, utc_hour)
    assert store.assignments(class_id)[0].deadline == typed
    assert moment(read.deadline, zone, "vi") == "06/12 21:00"  # the teacher sees what they typed
    assert moment(read.deadline, PARIS, "vi") == paris
    assert moment(read.deadline, HANOI, "vi") == hanoi
    with store.engine.connect() as connection:  # stored as the UTC instant, whatever the database
        if connection.dialect.name == "sqlite":
            stored = connection.execute(text("SELECT deadline FROM assignments")).scalar()
            assert stored == f"{DAY.year}-12-{utc_day:02d} {utc_hour:02d}:00:00.000000"
        else:
            stored = connection.execute(text("SELECT deadline AT TIME ZONE 'UTC' FROM assignments")).scalar()
            assert stored == datetime(DAY.year, 12, utc_day, utc_hour)


def test_every_time_read_back_is_aware_utc_and_a_naive_time_is_refused(store: ClassroomStore) -> None:
    created = store.create_class("Lớp", "vi", CHI_AT)
    lan = store.join(created.info.id, "Lan")
    klass = store.class_info(created.info.id)
    learner = store.learner(str(lan.token))
    assert klass is not None and learner is not None
    for when in (klass.created_at, learner.joined_at):
        assert when.tzinfo is not None and when.utcoffset() == timedelta(0)
        assert abs(when - utcnow()) < timedelta(minutes=5)
    naive = datetime(DAY.year, 12, 6, 21)  # whose 21:00? not guessed
    made = store.assign(created.info.id, "Buổi 1", QUICK)
    with pytest.raises(ClassroomError) as refused:
        store.set_deadline(created.info.id, made.id, naive)
    assert refused.value.field == "deadline"
    with pytest.raises(StatementError, match="naive"):  # nor can any other code write one
        store.write(lambda session: session.execute(update(Classroom).values(archived_at=naive)))
    assert store.class_info(created.info.id).archived_at is None  # type: ignore[union-attr]


def test_a_deadline_can_be_changed_or_removed_after_it_is_set(store: ClassroomStore) -> None:
    class_id = store.create_class("Lớp", "vi", CHI_AT).info.id
    lan = store.join(class_id, "Lan")
    made = store.assign(class_id, "Buổi 1", QUICK, deadline=utcnow() + timedelta(days=1))
    Grader(store).grade(made).result(timeout=300)
    later = typed_moment(DAY, time(7, 30), BOGOTA)
    changed = store.set_deadline(class_id, made.id, later)
    assert changed is not None and changed.deadline == later
    assert store.assignment(made.id).deadline == later  # type: ignore[union-attr]
    with pytest.raises(ClassroomError) as past:
        store.set_deadline(class_id, made.id, utcnow() - timedelta(minutes=1))
    assert past.value.field == "deadline"
    assert store.assignment(made.id).deadline == later  # type: ignore[union-attr]  # a refusal changes nothing
    other = store.create_class("Lớp khác", "vi", CHI_AT).info.id
    assert store.set_deadline(other, made.id, None) is None  # not that class's assignment
    assert store.assignment(made.id).deadline == later  # type: ignore[union-attr]
    # Past its deadline no answer is taken; the deadline removed, answers are taken again.
    with store.engine.begin() as connection:  # the deadline passed (written as the app writes it)
        connection.execute(text("UPDATE assignments SET deadline = :d"),
                           {"d": "2020-01-01 00:00:00.000000" if connection.dialect.name == "sqlite"
                            else datetime(2020, 1, 1, tzinfo=UTC)})
    with pytest.raises(ClassroomError):
        store.submit(made.id, lan.info.id, 0, "legal", True, None, 1.0)
    removed = store.set_deadline(class_id, made.id, None)
    assert removed is not None and removed.deadline is None and removed.accepts_answers()
    store.submit(made.id, lan.info.id, 0, "legal", True, None, 1.0)


def _old_rows(database_url: str, deadline_text: str, deadline: datetime) -> None:
    """Three classes written by the code before item 4, at revision 0010: a Vietnamese class, an English one whose
    learners set their daily goals at UTC-5, an English one with nothing to go by; each with a deadline typed
    21:00 on its teacher's clock (SQLite kept that wall time and dropped the offset: ``deadline_text``)."""
    engine = make_engine(database_url)
    try:
        migrate(engine, "0010")
        sqlite = engine.dialect.name == "sqlite"
        with engine.begin() as connection:
            for class_id, language in (("cvi", "vi"), ("cen", "en"), ("cno", "en")):
                connection.execute(text(
                    "INSERT INTO classes (id, name, language, rule_set_id, join_code, teacher_hash, created_at) "
                    "VALUES (:id, 'A', :language, 'chi-at', :code, 'h', :created)"),
                    {"id": class_id, "language": language, "code": "J" + class_id,
                     "created": "2026-12-01 08:00:00.000000" if sqlite else datetime(2026, 12, 1, 8, tzinfo=UTC)})
                connection.execute(text(
                    "INSERT INTO assignments (class_id, title, kinds, level, rule_set_id, seed, count, deadline, "
                    "created_at) VALUES (:id, 'T', 'foul', 'beginner', 'chi-at', 5, 2, :deadline, :created)"),
                    {"id": class_id, "deadline": deadline_text if sqlite else deadline,
                     "created": "2026-12-01 08:00:00.000000" if sqlite else datetime(2026, 12, 1, 8, tzinfo=UTC)})
            for n, zone in enumerate(("America/Bogota", "America/Bogota", "Asia/Tokyo")):
                connection.execute(text(
                    "INSERT INTO learners (id, class_id, name, name_key, secret_hash, joined_at) "
                    "VALUES (:id, 'cen', :name, :name, 'h', :joined)"),
                    {"id": f"l{n}", "name": f"n{n}",
                     "joined": "2026-12-01 08:00:00.000000" if sqlite else datetime(2026, 12, 1, 8, tzinfo=UTC)})
                connection.execute(text(
                    "INSERT INTO daily_goals (learner_id, since, goal, timezone, set_at) "
                    "VALUES (:id, :since, 10, :zone, :set_at)"),
                    {"id": f"l{n}", "since": date(2026, 12, 1), "zone": zone,
                     "set_at": "2026-12-01 08:00:00.000000" if sqlite else datetime(2026, 12, 1, 8, tzinfo=UTC)})
    finally:
        engine.dispose()


def test_the_migration_fixes_deadlines_stored_the_old_way(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MAUBINH_OLD_DEADLINE_ZONE", raising=False)
    deadline = datetime(DAY.year, 12, 6, 21, tzinfo=HANOI)  # PostgreSQL kept the instant: nothing to fix there
    _old_rows(database_url, f"{DAY.year}-12-06 21:00:00.000000", deadline)
    store = ClassroomStore.open(database_url)
    try:
        found = {a.class_id: a for cid in ("cvi", "cen", "cno") for a in store.assignments(cid)}
        created = datetime(2026, 12, 1, 8, tzinfo=UTC)
        assert all(a.created_at == created for a in found.values())  # times the app made were UTC: unchanged
        if store.engine.dialect.name == "sqlite":
            assert found["cvi"].deadline == datetime(DAY.year, 12, 6, 21, tzinfo=HANOI)  # a Vietnamese class
            assert found["cen"].deadline == datetime(DAY.year, 12, 6, 21, tzinfo=BOGOTA)  # its learners' zone
            assert found["cno"].deadline == datetime(DAY.year, 12, 6, 21, tzinfo=UTC)  # nothing to go by: as it was
        else:
            assert all(a.deadline == deadline for a in found.values())
        assert moment(found["cvi"].deadline, HANOI, "vi") == "06/12 21:00"
    finally:
        store.engine.dispose()


def test_the_migration_takes_the_operator_s_zone_when_given(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("MAUBINH_OLD_DEADLINE_ZONE", "America/Bogota")
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    _old_rows(url, f"{DAY.year}-12-06 21:00:00.000000", datetime(DAY.year, 12, 6, 21, tzinfo=BOGOTA))
    store = ClassroomStore.open(url)
    try:
        assert [store.assignments(cid)[0].deadline for cid in ("cvi", "cen", "cno")] == \
            [datetime(DAY.year, 12, 6, 21, tzinfo=BOGOTA)] * 3
    finally:
        store.engine.dispose()


def test_the_projector_link_opens_only_the_read_only_view(store: ClassroomStore) -> None:
    created = store.create_class("Lớp", "vi", CHI_AT)
    teacher = str(created.teacher_token)
    projector = store.projector_token(teacher)
    assert projector is not None and projector.id == created.info.id
    assert projector.secret != created.teacher_token.secret and created.teacher_token.secret not in str(projector)
    assert store.projector_class(str(projector)) == created.info
    assert store.teacher_class(str(projector)) is None  # a projector link is no teacher link
    assert store.projector_class(teacher) is None  # nor the other way round
    assert store.projector_token(str(projector)) is None
    assert store.projector_token(teacher) == projector  # the same link every time the teacher's page shows it
    wrong = Token(projector.id, projector.secret[:-1] + ("A" if projector.secret[-1] != "A" else "B"))
    assert store.projector_class(str(wrong)) is None


def test_a_class_made_before_projector_links_gets_one_from_the_teacher_s_page(store: ClassroomStore) -> None:
    created = store.create_class("Lớp", "vi", CHI_AT)
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE classes SET projector_hash = NULL"))
    projector = store.projector_token(str(created.teacher_token))
    assert projector is not None
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT projector_hash FROM classes")).scalar() == hash_secret(projector.secret)
    assert store.projector_class(str(projector)) is not None


def test_a_new_teacher_link_refuses_the_old_one_and_the_old_projector_link(store: ClassroomStore) -> None:
    created = store.create_class("Lớp", "vi", CHI_AT)
    old = str(created.teacher_token)
    old_projector = store.projector_token(old)
    new = store.new_teacher_link(old)
    assert new is not None and new.id == created.info.id and str(new) != old
    assert store.teacher_class(old) is None
    assert store.teacher_class(str(new)) == created.info
    assert store.projector_class(str(old_projector)) is None
    new_projector = store.projector_token(str(new))
    assert new_projector is not None and store.projector_class(str(new_projector)) == created.info
    assert store.new_teacher_link(old) is None  # the old link cannot issue another
    assert store.set_joining_locked(old, True) is None


def test_a_learner_s_link_issued_again_keeps_their_history(store: ClassroomStore) -> None:
    class_id = store.create_class("Lớp", "vi", CHI_AT).info.id
    lan = store.join(class_id, "Lan")
    made = store.assign(class_id, "Buổi 1", QUICK)
    Grader(store).grade(made).result(timeout=300)
    store.submit(made.id, lan.info.id, 0, "legal", True, None, 3.0)
    again = store.new_learner_link(class_id, lan.info.id)
    assert again is not None and again.id == lan.info.id and str(again) != str(lan.token)
    assert store.learner(str(lan.token)) is None  # the lost link no longer opens anything
    back = store.learner(str(again))
    assert back is not None and (back.id, back.name) == (lan.info.id, "Lan")
    assert [(a.learner_id, a.number, a.code) for a in store.answers(made.id)] == [(lan.info.id, 0, "legal")]
    store.submit(made.id, back.id, 1, "foul", False, None, 2.0)  # and carries on where they were
    assert [a.number for a in store.answers(made.id, back.id)] == [0, 1]
    assert [ln.name for ln in store.learners(class_id)] == ["Lan"]  # no "Lan 2"
    other = store.create_class("Lớp khác", "vi", CHI_AT).info.id
    assert store.new_learner_link(other, lan.info.id) is None  # another class's teacher cannot
    store.remove_learner(class_id, lan.info.id)
    assert store.new_learner_link(class_id, lan.info.id) is None  # nor for a removed learner
