"""AppTest of issue 36, "Remembered": the browser keeps its learner. The cookie this browser sent is read once a
session (patched here: AppTest has no browser); a good one opens Home as the learner's (streak, goal), put in the
address; an unknown, forged, malformed or removed learner's value is ignored and cleared with no traceback; "not me /
forget this device" clears it and the page offers a profile again; a personal link opened is written to the cookie;
a Drill set answered before a profile is made is carried into it."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import ui.device
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set
from tests.app.conftest import PAGE_TIMEOUT_S, ROOT, open_page
from tests.app.test_drill_page import answer, current
from ui.device import COOKIE, MAX_AGE_S
from ui.i18n import translate

CHI_SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=21, count=2)


def _browser_holds(monkeypatch: pytest.MonkeyPatch, value: str | None) -> None:
    """The cookie the browser sent with the request that opened the session."""
    monkeypatch.setattr(ui.device, "_stored_value", lambda: value)


def _home(**params: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=PAGE_TIMEOUT_S)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def _param(at: AppTest, key: str) -> str | None:
    value = at.query_params.get(key)
    return value[0] if isinstance(value, list) else value


def _scripts(at: AppTest) -> list[str]:
    """The cookie scripts this run sent (``st.html`` in the sidebar)."""
    return [str(h.proto.body) for h in at.sidebar.get("html") if COOKIE in str(h.proto.body)]


def _forget_button(at: AppTest, lang: str):  # type: ignore[no-untyped-def]
    return next((b for b in at.sidebar.button if b.label == translate("device.forget", lang)), None)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_remembered_learner_is_recognised_on_home_then_forgotten(
        db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    made = Practice(db).create_profile("Lan")
    token = str(made.token)
    _browser_holds(monkeypatch, token)
    at = _home(lang=lang)  # the home address: no ?me=
    assert not at.exception
    assert _param(at, "me") == token  # the page opens as the learner's
    streak = translate("habit.streak", lang)
    assert streak in {m.label for m in at.metric}  # the streak and the day's goal, not "make a profile"
    assert "Lan" in " ".join(c.value for c in at.sidebar.caption)
    assert not _scripts(at)  # the browser holds it already: nothing written
    links = {str(link.proto.page): str(link.proto.query_string) for link in at.sidebar.get("page_link")}
    assert all(f"me={token}" in query for query in links.values())  # every page opens as theirs

    _forget_button(at, lang).click().run()
    assert not at.exception
    assert _param(at, "me") is None and _param(at, "lang") == lang
    assert not at.metric and _forget_button(at, lang) is None
    (script,) = _scripts(at)
    assert f"{COOKIE}=" in script and "Max-Age=0" in script and token not in script  # cleared
    make = translate("habit.make_profile", lang)
    assert make in [str(link.proto.label) for link in at.get("page_link")]
    at.run()  # the session read the cookie once: the stale value it sent is not taken back
    assert _param(at, "me") is None and not at.metric


@pytest.mark.parametrize("value", ["zz99zz.AAAAAAAAAAAAAAAAAAAAAA", "<script>alert(1)</script>", "a b", "x" * 300,
                                   "only-a-name", "é.é"])
def test_an_unknown_forged_or_malformed_value_is_ignored_and_cleared(
        db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    _browser_holds(monkeypatch, value)
    at = _home(lang="en")
    assert not at.exception and not at.error
    assert _param(at, "me") is None and not at.metric and _forget_button(at, "en") is None
    (script,) = _scripts(at)
    assert "Max-Age=0" in script and value not in script


def test_a_wrong_secret_and_a_removed_learner_are_not_recognised(
        db: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    made = Practice(db).create_profile("Lan")
    learner, secret = str(made.token).split(".")
    _browser_holds(monkeypatch, f"{learner}.{'A' * len(secret)}")  # the right learner, a forged secret
    at = _home(lang="vi")
    assert not at.exception and _param(at, "me") is None and not at.metric
    assert "Max-Age=0" in _scripts(at)[0]
    klass = db.create_class("Lớp 5A", "vi", load_rule_set("chi-at"))
    joined = db.join(klass.info.id, "Minh")
    db.remove_learner(klass.info.id, joined.info.id)
    _browser_holds(monkeypatch, str(joined.token))
    removed = _home(lang="vi")
    assert not removed.exception and _param(removed, "me") is None and not removed.metric


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_personal_link_opened_is_written_to_the_browser(
        db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    _browser_holds(monkeypatch, None)
    token = str(Practice(db).create_profile("Lan").token)
    at = open_page("progress", me=token, lang=lang)
    assert not at.exception
    (script,) = _scripts(at)
    assert f'"{COOKIE}={token}"' in script and f"Max-Age={MAX_AGE_S}" in script
    assert "SameSite=Lax" in script and "'https:' ? '; Secure'" in script  # Secure when served over https
    assert _forget_button(at, lang) is not None
    at.run()
    assert not _scripts(at)  # written once
    bad = open_page("progress", me="zz99zz.AAAAAAAAAAAAAAAAAAAAAA", lang=lang)  # a wrong link is not remembered
    assert not bad.exception and bad.error and not _scripts(bad)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_set_answered_before_the_profile_is_carried_into_it(
        db: ClassroomStore, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    _browser_holds(monkeypatch, None)
    at = open_page("drill", lang=lang, **CHI_SET.params())
    for number, right in enumerate((True, False)):
        _, _, question = current(at)
        answer(at, question, number, right)
        if number == 0:
            at.button(key="drill_next").click().run()
    assert _param(at, "ans") is not None  # kept in the address only
    offer = translate("drill.no_profile", lang)
    assert offer in [e.label for e in at.expander]
    at.text_input(key="progress_name").input("Lan")
    next(b for b in at.button if b.label == translate("progress.create", lang)).click()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    token = _param(at, "me")
    learner = db.learner(token)
    assert learner is not None
    stored = Practice(db).history(learner.id)
    assert sorted((a.number, a.correct) for a in stored) == [(0, True), (1, False)]
    assert len({a.run_id for a in stored}) == 1 and stored[0].run_id == _param(at, "run")
    assert _param(at, "ans") is None  # the profile keeps them now
    box = translate("device.keep_title", lang)
    assert any(box in m.value for m in at.markdown)  # the link to keep, with its QR code
    assert any(token in c.value for c in at.code)
    at.run()
    assert len(Practice(db).history(learner.id)) == 2  # carried once
    at.button(key="keep_link_close").click().run()
    assert not any(box in m.value for m in at.markdown)
