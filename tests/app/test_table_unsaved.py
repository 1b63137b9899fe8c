"""A class table's hand sent while the database is down (issue 32, 5): kept in the session, said plainly ("not
saved yet", not the generic database error), sent again on the timer and stored once the database is back, with
the time it was first received; on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError
from streamlit.testing.v1 import AppTest

from classroom.service import ClassroomStore
from classroom.tables import TableSessionInfo, TableSessions, canonical
from maubinh.arrangement import Arrangement
from maubinh.play import Strength
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.app.arrange import arranger_data
from tests.app.conftest import open_page
from ui.classes.table_learner import SUBMITTED_KEY

RULES = load_rule_set("chi-at")
SUBMIT_S = 600


@pytest.fixture
def any_db(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassroomStore]:
    monkeypatch.setenv("MAUBINH_DATABASE_URL", database_url)
    monkeypatch.delenv("MAUBINH_SHOW_ERRORS", raising=False)  # the page as a learner sees it (ui.errors)
    store = ClassroomStore.open(database_url)
    yield store
    store.engine.dispose()


def _failing(owner: object, names: tuple[str, ...], down: dict[str, bool], monkeypatch: pytest.MonkeyPatch) -> None:
    """``owner``'s methods ``names`` raise a lost connection while ``down["on"]``."""
    for name in names:
        real: Callable[..., Any] = getattr(owner, name)

        def call(*args: Any, _real: Callable[..., Any] = real, **kwargs: Any) -> Any:
            if down["on"]:
                raise OperationalError("SELECT ...", {}, Exception("table: connection refused"))
            return _real(*args, **kwargs)

        monkeypatch.setattr(owner, name, call)


def _seated(db: ClassroomStore, lang: str, deals: int, seed: int) -> tuple[Any, TableSessionInfo, Arrangement, AppTest]:
    """Lan in a new class's table session of ``deals`` deals, no timer: her link, the session, the simple split of
    deal 1, her page at it."""
    klass = db.create_class(f"Lớp {seed}", lang, RULES).info
    lan = db.join(klass.id, "Lan")
    info = TableSessions(db).start(klass.id, RULES, [Strength.BEGINNER], deals=deals, timer=0, seed=seed)
    page = open_page("classes", me=str(lan.token), table=str(info.id), lang=lang)
    return lan, info, arrange_simple(info.table.deal(1)[0], RULES), page


def _all_down(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """The whole database down (the page's reads fail too) until the flag returned is set off."""
    from ui.classes.table_common import table_sessions
    from ui.store import classroom

    down = {"on": True}
    _failing(table_sessions(), ("submit", "session", "hands"), down, monkeypatch)
    _failing(classroom().store, ("learner", "class_info"), down, monkeypatch)
    return down


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_table_hand_sent_while_the_database_is_down_is_kept_said_and_stored_when_it_is_back(
        any_db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    lan, info, simple, page = _seated(any_db, lang, deals=1, seed=7)
    assert not page.exception
    down = _all_down(monkeypatch)
    page.session_state[SUBMITTED_KEY] = {p.value: [str(c) for c in simple.chi(p)] for p in POSITIONS}
    page.run(timeout=SUBMIT_S)
    assert not page.exception
    unsaved = "Not saved yet: 1" if lang == "en" else "Chưa lưu được: 1 ván"
    assert any(unsaved in w.value for w in page.warning)  # said plainly...
    assert TableSessions(any_db).hands(info.id, lan.info.id) == []
    page.run()  # a timer tick while still down: kept, still said
    assert any(unsaved in w.value for w in page.warning)
    down["on"] = False
    page.run(timeout=SUBMIT_S)  # the next tick: stored, then the page again with its showdown
    assert not page.exception
    assert [h.arrangement for h in TableSessions(any_db).hands(info.id, lan.info.id)] == [canonical(simple)]
    assert not any(unsaved in w.value for w in page.warning)
    assert ("Analysis" if lang == "en" else "Phân tích") in "\n".join(m.value for m in page.markdown)


def test_while_only_writes_fail_the_deal_says_its_split_waits(any_db: ClassroomStore,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    klass = any_db.create_class("Lớp 10", "en", RULES).info
    lan = any_db.join(klass.id, "Lan")
    info = TableSessions(any_db).start(klass.id, RULES, [Strength.BEGINNER], deals=1, timer=0, seed=8)
    simple = arrange_simple(info.table.deal(1)[0], RULES)
    page = open_page("classes", me=str(lan.token), table=str(info.id), lang="en")
    arranger = f"tables_arrange_{info.id}_1"
    assert arranger_data(page, arranger)["cards"]

    from ui.classes.table_common import table_sessions

    down = {"on": True}
    _failing(table_sessions(), ("submit",), down, monkeypatch)
    page.session_state[SUBMITTED_KEY] = {p.value: [str(c) for c in simple.chi(p)] for p in POSITIONS}
    page.run(timeout=SUBMIT_S)
    assert not page.exception and not page.error  # not the generic database message
    assert any("could not be saved to the database yet" in w.value for w in page.warning)
    with pytest.raises(AssertionError, match="no arranging component"):  # not offered again while the split waits
        arranger_data(page, arranger)
    assert any("|" in c.value for c in page.caption)  # the split kept, in cards
    page.session_state[SUBMITTED_KEY] = {p.value: [str(c) for c in simple.chi(p)] for p in POSITIONS}
    down["on"] = False
    page.run(timeout=SUBMIT_S)  # a second "Confirm" (a double tap) once it is back: one hand stored
    assert len(TableSessions(any_db).hands(info.id, lan.info.id)) == 1


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_hand_kept_unsaved_survives_a_reload_and_is_stored_once_as_it_was_placed(
        any_db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    lan, info, simple, page = _seated(any_db, lang, deals=2, seed=9)
    down = _all_down(monkeypatch)
    page.session_state[SUBMITTED_KEY] = {p.value: [str(c) for c in simple.chi(p)] for p in POSITIONS}
    page.run(timeout=SUBMIT_S)
    kept = page.query_params["kept"]
    assert kept == f"{info.id}.1.-.{simple}"  # in the browser's address: a reload keeps it
    address = {"me": str(lan.token), "table": str(info.id), "lang": lang, "kept": kept}
    unsaved = "Not saved yet: 1" if lang == "en" else "Chưa lưu được: 1 ván"
    reloaded = open_page("classes", **address)  # a new session: nothing of the old one
    assert not reloaded.exception and any(unsaved in w.value for w in reloaded.warning)
    assert TableSessions(any_db).hands(info.id, lan.info.id) == []
    down["on"] = False
    reloaded.run(timeout=SUBMIT_S)  # the timer's tick once the database is back: stored as it was placed
    assert not reloaded.exception and "kept" not in reloaded.query_params
    (hand,) = TableSessions(any_db).hands(info.id, lan.info.id)
    assert hand.arrangement == canonical(simple) and hand.number == 1
    again = open_page("classes", **address)  # the old address once more (another tab): still one hand
    assert not again.exception and "kept" not in again.query_params
    assert [h.arrangement for h in TableSessions(any_db).hands(info.id, lan.info.id)] == [canonical(simple)]
    forged = open_page("classes", **{**address, "me": f"{lan.info.id}.{'A' * 22}"})  # a link that is not Lan's
    assert not forged.exception and len(TableSessions(any_db).hands(info.id, lan.info.id)) == 1
