"""ui.watch: a followed key's change reruns each registered fragment exactly once (until it registers again), one read
per topic per tick whatever the number of pages, a view that ignores a part ignores its changes, closed sessions
dropped, Streamlit's rerun mirrored on the event loop, and without Streamlit's calls the old polling (logged once)."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Hashable, Mapping
from typing import Any

import pytest

import ui.watch as watch_module
from ui.watch import SAFETY_S, Topic, Watch, watched_fragment


class FakeRuntime:
    """Sessions open, the fragment a "run" is in, and the reruns asked for."""

    def __init__(self) -> None:
        self.open: set[str] = set()
        self.current: tuple[str, str] | None = None
        self.reruns: list[tuple[str, str, Any]] = []

    def alive(self, session_id: str) -> bool:
        return session_id in self.open

    def rerun(self, session_id: str, fragment_id: str, request: Any) -> None:
        self.reruns.append((session_id, fragment_id, request))

    def here(self) -> tuple[str, str, Any] | None:
        if self.current is None:
            return None
        session_id, fragment_id = self.current
        return session_id, fragment_id, f"rerun {fragment_id} of {session_id}"


class Classes:
    """A topic over a dict of states, counting its reads."""

    def __init__(self, states: dict[str, tuple[int, int]]) -> None:
        self.states = states
        self.reads: list[frozenset[str]] = []
        self.topic: Topic[str, tuple[int, int]] = Topic("classes", self.read)

    def read(self, keys: frozenset[str]) -> Mapping[str, tuple[int, int]]:
        self.reads.append(keys)
        return {key: self.states[key] for key in keys if key in self.states}


def step(state: tuple[int, int]) -> Hashable:
    """A learner's view: the step, not the answers in."""
    return state[0]


def _follow(watch: Watch, runtime: FakeRuntime, classes: Classes, session: str, key: str, fragment: str = "f") -> None:
    runtime.open.add(session)
    runtime.current = (session, fragment)
    watch.follow(classes.topic, key, step)
    runtime.current = None


def test_a_change_reruns_each_following_fragment_once_and_one_read_serves_every_page() -> None:
    runtime, classes = FakeRuntime(), Classes({"A": (1, 0), "B": (7, 0)})
    watch = Watch(runtime, autostart=False)
    for n in range(3):
        _follow(watch, runtime, classes, f"s{n}", "A")
    _follow(watch, runtime, classes, "s9", "B")
    assert watch.following() == 4
    classes.reads.clear()
    assert watch.tick() == 0 and runtime.reruns == []  # nothing changed
    assert classes.reads == [frozenset({"A", "B"})]  # one read for the topic, not one per page

    classes.states["A"] = (1, 5)  # answers in: not part of the learner's view
    assert watch.tick() == 0
    classes.states["A"] = (2, 0)  # the next question
    assert watch.tick() == 3
    assert sorted(runtime.reruns) == [(f"s{n}", "f", f"rerun f of s{n}") for n in range(3)]
    classes.states["A"] = (3, 0)
    assert watch.tick() == 0 and len(runtime.reruns) == 3  # asked once: the fragment has not run again yet
    _follow(watch, runtime, classes, "s0", "A")  # s0's fragment ran: it registers the view it shows
    assert watch.tick() == 0 and watch.following() == 4 and watch.reruns == 3


def test_a_change_between_the_view_taken_and_the_page_drawn_reruns_the_page() -> None:
    """A page registers the view it read before drawing; a change after that is seen by the next tick."""
    runtime, classes = FakeRuntime(), Classes({"A": (1, 0)})
    watch = Watch(runtime, autostart=False)
    _follow(watch, runtime, classes, "s0", "A")
    classes.states["A"] = (2, 0)  # the teacher's "next" while the page was drawing
    assert watch.tick() == 1 and runtime.reruns[0][:2] == ("s0", "f")


def test_a_fragment_runs_take_the_watch_s_state_and_a_full_run_reads_now(monkeypatch: pytest.MonkeyPatch) -> None:
    runtime, classes = FakeRuntime(), Classes({"A": (1, 0)})
    watch = Watch(runtime, autostart=False)
    _follow(watch, runtime, classes, "s0", "A")
    watch.tick()
    classes.reads.clear()
    monkeypatch.setattr(watch_module, "_fragment_run", lambda: True)
    assert watch.follow(classes.topic, "A", step) == (1, 0) and classes.reads == []  # shared: no read
    classes.states["A"] = (3, 0)
    watch.changed(classes.topic, "A")  # the teacher's own tap: their run shows it at once
    assert watch.follow(classes.topic, "A", step) == (3, 0) and classes.reads == [frozenset({"A"})]
    monkeypatch.setattr(watch_module, "_fragment_run", lambda: False)
    classes.states["A"] = (4, 0)
    assert watch.follow(classes.topic, "A", step) == (4, 0) and len(classes.reads) == 2


def test_closed_sessions_are_dropped_and_a_forgotten_fragment_is_followed_no_more() -> None:
    runtime, classes = FakeRuntime(), Classes({"A": (1, 0)})
    watch = Watch(runtime, autostart=False)
    _follow(watch, runtime, classes, "s0", "A")
    _follow(watch, runtime, classes, "s1", "A")
    _follow(watch, runtime, classes, "s2", "A")
    runtime.open.discard("s1")  # the tab was closed
    watch.forget("s2", "f")  # the page no longer holds the fragment
    classes.states["A"] = (2, 0)
    assert watch.tick() == 1 and [r[0] for r in runtime.reruns] == ["s0"]
    assert watch.following() == 1
    runtime.open.clear()
    assert watch.tick() == 0 and watch.following() == 0
    reads = len(classes.reads)  # nothing followed: nothing read
    watch.tick()
    assert len(classes.reads) == reads


def test_a_burst_is_asked_a_few_at_a_time_the_next_when_one_has_drawn() -> None:
    """Five pages of one class at "next", two at a time: the third is asked when one of the first two has drawn, and
    a rerun never heard of stops counting after RUN_S seconds."""
    now = [0.0]
    runtime, classes = FakeRuntime(), Classes({"A": (1, 0)})
    watch = Watch(runtime, clock=lambda: now[0], burst=2, autostart=False)
    for n in range(5):
        _follow(watch, runtime, classes, f"s{n}", "A")
    classes.states["A"] = (2, 0)
    assert watch.tick() == 2 and [r[0] for r in runtime.reruns] == ["s0", "s1"]
    assert watch.tick() == 0  # both still drawing
    runtime.current = ("s1", "f")
    watch.ran_here()  # s1's run has drawn (the end of its watched fragment)
    assert [r[0] for r in runtime.reruns] == ["s0", "s1", "s2"]
    watch.ran("s9", "f")  # a run the watch did not ask for: nothing more
    assert len(runtime.reruns) == 3
    now[0] += 2.5  # s0 and s2 never said they drew (their tabs went away)
    assert watch.tick() == 2 and [r[0] for r in runtime.reruns][3:] == ["s3", "s4"]
    assert watch.reruns == 5


def test_outside_a_fragment_nothing_is_followed() -> None:
    runtime, classes = FakeRuntime(), Classes({"A": (1, 0)})
    watch = Watch(runtime, autostart=False)
    assert watch.follow(classes.topic, "A", step) == (1, 0) and watch.following() == 0


class FakeRunner:
    def __init__(self, accepts: bool) -> None:
        self.accepts = accepts
        self.requests: list[Any] = []

    def request_rerun(self, request: Any) -> bool:
        self.requests.append(request)
        return self.accepts


class FakeSession:
    """What ``_Runtime.rerun`` touches of an ``AppSession``, on a real event loop in a thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop, fragments: set[str], runner: FakeRunner | None) -> None:
        self._event_loop, self._fragments, self._scriptrunner = loop, fragments, runner
        self._state = "APP_IS_RUNNING"
        self.created: list[Any] = []
        self.thread: set[int] = set()

    def has_fragment(self, fragment_id: str) -> bool:
        self.thread.add(threading.get_ident())
        return fragment_id in self._fragments

    def _create_scriptrunner(self, request: Any) -> None:
        self.created.append(request)


def _fake_runtime(sessions: dict[str, FakeSession]) -> Any:
    """Streamlit's ``Runtime`` class as ``_Runtime`` uses it, holding ``sessions``."""

    class Instance:
        @staticmethod
        def get_app_session(session_id: str) -> FakeSession | None:
            return sessions.get(session_id)

    class FakeStreamlitRuntime:
        @staticmethod
        def exists() -> bool:
            return True

        @staticmethod
        def instance() -> Instance:
            return Instance()

    return FakeStreamlitRuntime


def test_streamlit_s_rerun_is_asked_on_the_event_loop_as_a_browser_s_fragment_rerun() -> None:
    """``AppSession.request_rerun`` for a fragment: the session's runner takes it, or a runner is made for it (the last
    run ended); a fragment the session no longer holds is forgotten; all on the event loop's thread."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        forgotten: list[tuple[str, str]] = []
        runtime = watch_module._Runtime(lambda s, f: forgotten.append((s, f)))
        running = FakeSession(loop, {"f"}, FakeRunner(accepts=True))
        idle = FakeSession(loop, {"f"}, None)
        gone = FakeSession(loop, set(), FakeRunner(accepts=True))
        sessions = {"running": running, "idle": idle, "gone": gone}

        runtime._runtime = _fake_runtime(sessions)  # type: ignore[assignment]
        for name in sessions:
            runtime.rerun(name, "f", f"request {name}")
        runtime.rerun("closed", "f", "none")
        done = threading.Event()
        loop.call_soon_threadsafe(done.set)
        assert done.wait(5)
        assert running._scriptrunner is not None and running._scriptrunner.requests == ["request running"]
        assert running.created == [] and idle.created == ["request idle"]
        assert gone.created == [] and gone._scriptrunner is not None and gone._scriptrunner.requests == []
        assert forgotten == [("gone", "f")]
        assert running.thread == idle.thread == gone.thread == {thread.ident}
        assert runtime.alive("running") and not runtime.alive("closed")
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


def test_a_session_whose_runner_is_ending_gets_a_new_runner_only_once_the_old_one_is_gone() -> None:
    """The race that left room pages blank: the runner ended its whole run (it refuses reruns) but its last messages
    still wait on the loop. A new runner made then would have Streamlit drop them; the rerun is asked again instead,
    and a runner made once the session let the old one go (its SHUTDOWN handled)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        runtime = watch_module._Runtime(lambda s, f: None)
        ending = FakeSession(loop, {"f"}, FakeRunner(accepts=False))
        runtime._runtime = _fake_runtime({"ending": ending})  # type: ignore[assignment]
        runtime.rerun("ending", "f", "request")
        time.sleep(0.2)
        assert ending.created == []  # Streamlit's own request_rerun would have made a runner here
        assert ending._scriptrunner is not None and len(ending._scriptrunner.requests) > 1  # asked again meanwhile
        loop.call_soon_threadsafe(setattr, ending, "_scriptrunner", None)  # the old runner's SHUTDOWN handled
        deadline = time.monotonic() + 5
        while not ending.created and time.monotonic() < deadline:
            time.sleep(0.01)
        assert ending.created == ["request"]
        time.sleep(0.1)
        assert ending.created == ["request"]  # once
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()


def test_the_rerun_request_is_the_one_a_fragment_rerun_carries() -> None:
    from streamlit.runtime.scriptrunner_utils.script_requests import RerunData

    runtime = watch_module._Runtime(lambda s, f: None)
    assert runtime.here() is None  # not in a script run
    made = runtime._rerun_data(query_string="me=x", page_script_hash="h", fragment_id="f", is_auto_rerun=True)
    assert isinstance(made, RerunData) and made.widget_states is None  # the widgets keep their values


def test_without_streamlit_s_calls_pages_poll_as_before_and_it_is_logged_once(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    def missing(_: Any) -> None:
        raise AttributeError("AppSession._create_scriptrunner")

    monkeypatch.setattr(watch_module, "_Runtime", missing)
    monkeypatch.setattr(watch_module, "_WATCH", None)
    made: list[float] = []
    calls: list[float] = []

    def fragment(run_every: float) -> Any:
        made.append(run_every)
        return lambda body: (lambda *a, **k: calls.append(run_every))

    monkeypatch.setattr("ui.watch.st.fragment", fragment)
    with caplog.at_level(logging.WARNING, logger="ui.watch"):
        assert not watch_module.available() and not watch_module.available()
        paced = watched_fragment(0.75)(lambda: None)
        paced()
        watch_module.watch().tick()
    assert made == [SAFETY_S, 0.75] and calls == [0.75]  # the old pace
    assert [r.getMessage() for r in caplog.records].count(
        "the server's watch is off (Streamlit lacks AppSession._create_scriptrunner): waiting pages poll as before") == 1


def test_with_streamlit_s_calls_a_watched_fragment_waits_at_the_safety_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(watch_module, "_WATCH", None)
    calls: list[float] = []
    monkeypatch.setattr("ui.watch.st.fragment",
                        lambda run_every: (lambda body: (lambda *a, **k: calls.append(run_every))))
    assert watch_module.available()  # Streamlit 1.67 has them
    watched_fragment(0.75)(lambda: None)()
    assert calls == [SAFETY_S]


class _Run:
    """A run's own object (Streamlit's ``parallel_coordinator``, made anew for each run)."""


class _Context:
    """What ``_stale`` reads of Streamlit's run context: the fragments this run is for, and the run's own object."""

    def __init__(self) -> None:
        self.fragment_ids_this_run: list[str] | None = None
        self.parallel_coordinator = _Run()

    def whole_run(self) -> None:
        self.fragment_ids_this_run, self.parallel_coordinator = None, _Run()


def test_a_fragment_the_pages_last_whole_run_did_not_draw_does_nothing_and_is_followed_no_more(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A room's seat list drawn at one place, then (its layout changed) at another: Streamlit keeps both fragments;
    a rerun of the first (its arguments of that time) must not run its body, which would find the room changed and
    draw the whole page again (17 whole runs per player and deal instead of about 5)."""
    runtime, classes, context, state = FakeRuntime(), Classes({"c": (1, 0)}), _Context(), dict[str, Any]()
    watch = Watch(runtime, autostart=False)
    monkeypatch.setattr(watch_module, "_WATCH", watch)
    monkeypatch.setattr("streamlit.runtime.scriptrunner_utils.script_run_context.get_script_run_ctx", lambda: context)
    monkeypatch.setattr(watch_module.st, "session_state", state)
    ran: list[str] = []

    def body(label: str) -> None:
        ran.append(label)
        watch.follow(classes.topic, "c")

    monkeypatch.setattr("ui.watch.st.fragment", lambda run_every=None: lambda f: f)
    seat_list = watched_fragment(1.0)(body)
    runtime.open.add("s")
    for where in ("here", "there"):  # two whole runs: the list drawn above the cards, then below the heading
        context.whole_run()
        runtime.current = ("s", where)
        seat_list(where)
    assert ran == ["here", "there"] and watch.following() == 2
    context.fragment_ids_this_run = ["here"]  # the watch reruns the first: it is no longer on the page
    runtime.current = ("s", "here")
    seat_list("here")
    assert ran == ["here", "there"] and watch.following() == 1  # nothing drawn, followed no more
    context.fragment_ids_this_run = ["there"]
    runtime.current = ("s", "there")
    seat_list("there")
    assert ran == ["here", "there", "there"]  # the one drawn by the last whole run runs
