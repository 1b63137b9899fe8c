"""The server's watch (issues 34/35): a waiting page's fragment runs again when what it shows changed, not on a clock.

Why: every waiting page polled (``st.fragment(run_every=0.75)``), and each poll is a whole script run, about 9 ms
of a server's CPU that is Streamlit's own work whatever the page reads. 120 learners cost 1.1-1.5 cores of a 2-core
machine doing nothing (``bench/live_class.py``): the question reached the last phone 3 s after "next".

How: one watch per server process (:func:`watch`). A fragment that waits calls :meth:`Watch.follow` with a
:class:`Topic` (what kind of thing: a class) and a key (which one), and a *view* (the part of the thing's state this
page shows: a learner's page ignores the answers coming in, the wall counts them). The call returns the thing's
state and registers "session S's fragment F shows view V of key K". One thread (started by the background home,
:meth:`background.home.Home.thread`) reads the state of every followed key every :data:`TICK_S` seconds, one read
per topic for all its keys (:attr:`Topic.read`: ``classroom.live.LiveSessions.marks`` is six grouped queries for
every watched class), and for each registration whose view changed asks Streamlit to rerun that session's fragment,
once: the registration is marked asked until the fragment's run registers again (with the view it then shows).
Nothing runs for a page while its view stays the same.

The view a page registers is taken before it draws anything: a change after it is seen by the next tick (the page
shows the newer state or reruns once more), never lost.

Streamlit has no public call for "rerun that session's fragment" from outside a script run; the watch mirrors what
``AppSession.request_rerun`` does when a browser sends ``rerun_script`` with a ``fragment_id`` (Streamlit 1.67,
``streamlit/runtime/app_session.py``): on the runtime's event loop (``call_soon_threadsafe``), skip a session shutting
down or no longer holding the fragment, hand a fragment's ``RerunData`` to the session's script runner, or start
one once the last runner is gone (:class:`_Runtime`). The ``RerunData`` is the one a fragment's ``run_every`` timer
sends (the run's query string, page hash and browser context; no widget states: the widgets keep their values on the
server; ``is_auto_rerun``; not fragment-scoped, so it never cuts a whole run of the page short: it runs after it).
The browser draws the run's deltas as for any fragment run; closed sessions are dropped at the next tick
(``Runtime.get_app_session`` finds them no more), fragments the page no longer holds when a rerun is asked for.

Safety: the fragments keep a slow ``run_every`` (:data:`SAFETY_S`) in case the watch misses something (its thread
failed, a database error); :func:`watched_fragment` gives a fragment that pace when the watch is working, and its old
polling pace when the private calls above are missing (logged once): the pages work as before, at the old cost.

The watch's states are also this server's shared reads of the followed things: a fragment's run (its own, or a
timer's) takes the state the watch read less than :data:`SHARED_S` seconds ago instead of reading it again (a full
run of the page always reads now; :meth:`Watch.changed` after a tap's own write). Reads nobody follows but every page
of a class makes at once (the answers at "next") stay :func:`ui.live.recent`, over :class:`background.flight.Flights`.

At a step, every page of a class changes at once: the watch hands Streamlit at most :data:`BURST` reruns per server
at a time, the next when one has drawn (:meth:`Watch.ran`, called at the end of a watched fragment's body), so the
first pages show it at once instead of forty runs sharing the interpreter's lock and all ending late.

Measured (``bench/live_class.py``, its docstring): 40 learners on one server, the question on every page p95 0.62 s
and an answer counted p95 0.70 s (polling: 1.60 s and 1.38 s under the same load), 1.4 ms of CPU a second per
waiting learner (polling: 7.0). A room's pages follow their room the same way (``ui/rooms/page.py``'s ``ROOMS``:
:meth:`classroom.rooms.Rooms.signatures` of every followed room at once, the view including whether the deal's time
is up, since a page's run settles it).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
import weakref
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

import streamlit as st

__all__ = ["BURST", "RUN_S", "SAFETY_S", "SHARED_S", "TICK_S", "Streamlit", "Topic", "Watch", "available", "watch",
           "watched_fragment"]

_log = logging.getLogger(__name__)

TICK_S = 0.2
"""Seconds between two readings of every followed key: a change reaches a page within this plus its run."""
SAFETY_S = 5.0
"""Seconds between a watched fragment's own runs (``run_every``), in case the watch missed a change."""
BURST = 6
"""Reruns the watch lets run at once on a server; the others wait for one of them to end. At "next", forty pages
asked at once share the CPU and the lock of the interpreter, and every one of them ends late (each message a page
sends wakes the event loop, and waits for the interpreter's lock again); a few at a time, the first pages show the
question at once and the last no later."""
RUN_S = 2.0
"""Seconds a rerun asked for counts as under way at most (a page that went away never says it ran)."""
SHARED_S = 0.5
"""Seconds a state the watch read is taken by a fragment's run instead of reading it again (the watch keeps the
followed keys younger than this; a key nobody follows is read at most once per this by this server's pages)."""

K = TypeVar("K", bound=Hashable)
S = TypeVar("S")
P = ParamSpec("P")


@dataclass(frozen=True)
class Topic(Generic[K, S]):
    """A kind of thing pages wait on: ``read(keys)`` is the state of each key (a key missing from the answer is
    followed no more this tick), in as few queries as it can."""

    name: str
    read: Callable[[frozenset[K]], Mapping[K, S]]


class Streamlit(Protocol):
    """What the watch needs of Streamlit's runtime (:class:`_Runtime`; a fake in the tests)."""

    def alive(self, session_id: str) -> bool:
        """Whether the session is still open."""

    def rerun(self, session_id: str, fragment_id: str, request: Any) -> None:
        """Ask the session to rerun the fragment (from any thread); ``request`` is what :meth:`here` gave."""

    def here(self) -> tuple[str, str, Any] | None:
        """In a fragment's run: the session id, the fragment id and what a rerun of it needs; else ``None``."""


@dataclass
class _Follow:
    topic: Topic[Any, Any]
    key: Hashable
    view: Callable[[Any], Hashable]
    seen: Hashable
    request: Any
    asked: bool = False


@dataclass
class _Kept:
    at: float
    state: Any


class Watch:
    """Followed keys by session and fragment, and the thread that reruns them (see the module).

    Args: ``runtime`` (``None``: nothing is rerun, reads are shared only), ``tick_s`` (:data:`TICK_S`), ``clock``,
    ``burst`` (:data:`BURST`), ``autostart`` (the thread starts at the first :meth:`follow`; else :meth:`tick` by hand).
    """

    def __init__(self, runtime: Streamlit | None, tick_s: float = TICK_S,
                 clock: Callable[[], float] = time.monotonic, burst: int = BURST, autostart: bool = True) -> None:
        self._runtime, self._autostart = runtime, autostart
        self._tick_s, self._burst = tick_s, burst
        self._waiting: dict[tuple[str, str], Any] = {}
        """Reruns asked for and not yet handed to Streamlit, first asked first (dicts keep their order)."""
        self._running: dict[tuple[str, str], float] = {}
        """Reruns handed to Streamlit whose run has not drawn yet, and since when."""
        self._clock = clock
        self._follows: dict[tuple[str, str], _Follow] = {}
        self._states: dict[tuple[str, Hashable], _Kept] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._failed_at = -1e9
        self.reruns = 0
        """Reruns asked for since the start."""

    @property
    def working(self) -> bool:
        """Whether changes rerun the pages (the runtime's calls are there and the thread runs)."""
        return self._runtime is not None and self._thread is not None and self._thread.is_alive()

    def follow(self, topic: Topic[K, S], key: K, view: Callable[[S], Hashable] = lambda s: s,
               shared: bool | None = None) -> S:
        """``key``'s state now (see :data:`SHARED_S`; ``shared``: as :meth:`state`, by default only in a fragment's
        own run: a full run reads now, unless the page has just read it itself); in a fragment's run, that fragment is
        rerun once when ``view(state)`` changes. Raises what ``topic.read`` raises."""
        here = self._runtime.here() if self._runtime is not None else None
        state = self.state(topic, key, shared=_fragment_run() if shared is None else shared)
        if here is not None:
            session_id, fragment_id, request = here
            with self._lock:
                self._follows[(session_id, fragment_id)] = _Follow(topic, key, view, view(state), request)
            if self._autostart:
                self.start()
        return state

    def state(self, topic: Topic[K, S], key: K, shared: bool = True) -> S:
        """``key``'s state: as read less than :data:`SHARED_S` seconds ago when ``shared``, else read now."""
        slot = (topic.name, key)
        now = self._clock()
        if shared:
            with self._lock:
                kept = self._states.get(slot)
            if kept is not None and now - kept.at < SHARED_S:
                return kept.state  # type: ignore[no-any-return]  # kept under this topic and key
        state = topic.read(frozenset({key}))[key]
        with self._lock:
            if len(self._states) > 4096:  # things nobody waits on any more
                self._states.clear()
            self._states[slot] = _Kept(now, state)
        return state

    def changed(self, topic: Topic[K, S], key: K) -> None:
        """``key`` was just changed here (a tap's callback): the next :meth:`follow` of it reads it again (the person
        sees what they did at once, not the state the watch read before)."""
        with self._lock:
            self._states.pop((topic.name, key), None)

    def following(self) -> int:
        """Fragments followed now."""
        with self._lock:
            return len(self._follows)

    def tick(self) -> int:
        """One round: drop closed sessions, read every followed key (one read per topic), ask a rerun of each
        fragment whose view changed (once); the reruns asked."""
        runtime = self._runtime
        if runtime is None:
            return 0
        with self._lock:
            follows = list(self._follows.items())
        closed = [slot for slot, _ in follows if not runtime.alive(slot[0])]
        by_topic: dict[str, tuple[Topic[Any, Any], set[Hashable]]] = {}
        for slot, follow in follows:
            if slot not in closed:
                by_topic.setdefault(follow.topic.name, (follow.topic, set()))[1].add(follow.key)
        now = self._clock()
        states: dict[tuple[str, Hashable], Any] = {}
        for name, (topic, keys) in by_topic.items():
            for key, value in topic.read(frozenset(keys)).items():
                states[(name, key)] = value
        with self._lock:
            for slot in closed:
                self._follows.pop(slot, None)
                self._running.pop(slot, None)
            for (name, key), value in states.items():
                self._states[(name, key)] = _Kept(now, value)
            for slot, follow in self._follows.items():
                found = (follow.topic.name, follow.key)
                if follow.asked or found not in states:
                    continue
                if follow.view(states[found]) != follow.seen:
                    follow.asked = True
                    self._waiting[slot] = follow.request
        return self._pump()

    def ran(self, session_id: str, fragment_id: str) -> None:
        """That fragment's run (one the watch asked for, or any other) has drawn what it shows: the next waiting
        rerun may start (:data:`BURST`)."""
        with self._lock:
            if self._running.pop((session_id, fragment_id), None) is None:
                return
        self._pump()

    def _pump(self) -> int:
        """Ask the waiting reruns, at most :data:`BURST` under way at once; the reruns asked now."""
        runtime = self._runtime
        if runtime is None:
            return 0
        now = self._clock()
        asked: list[tuple[tuple[str, str], Any]] = []
        with self._lock:
            for slot, since in list(self._running.items()):
                if now - since > RUN_S:  # not heard of (the page went away meanwhile): no longer counted
                    del self._running[slot]
            while self._waiting and len(self._running) < self._burst:
                slot = next(iter(self._waiting))
                asked.append((slot, self._waiting.pop(slot)))
                self._running[slot] = now
            self.reruns += len(asked)
        for (session_id, fragment_id), request in asked:
            runtime.rerun(session_id, fragment_id, request)
        return len(asked)

    def forget(self, session_id: str, fragment_id: str) -> None:
        """Follow that fragment no more (the session no longer holds it)."""
        with self._lock:
            self._follows.pop((session_id, fragment_id), None)
            self._waiting.pop((session_id, fragment_id), None)
        self.ran(session_id, fragment_id)

    def ran_here(self) -> None:
        """:meth:`ran` for the fragment this thread runs (nothing outside a fragment's run)."""
        here = self._runtime.here() if self._runtime is not None else None
        if here is not None:
            self.ran(here[0], here[1])

    def start(self) -> None:
        """Start the thread (once; a second call does nothing)."""
        if self._runtime is None or self._thread is not None:
            return
        with self._lock:
            if self._thread is not None:
                return
            from background.home import home

            self._thread = home().thread("watch", self._run)

    def _run(self) -> None:
        from background.home import home

        while not home().stopping:
            started = self._clock()
            try:
                self.tick()
            except Exception:  # noqa: BLE001 - the safety poll carries the pages meanwhile
                if started - self._failed_at > 60:
                    _log.exception("the watch's tick failed (pages fall back on their %g s poll)", SAFETY_S)
                self._failed_at = started
            time.sleep(max(0.02, self._tick_s - (self._clock() - started)))


def _fragment_run() -> bool:
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    context = get_script_run_ctx()
    return context is not None and bool(context.fragment_ids_this_run)


_DRAWN_KEY = "_watch_drawn"
"""Session key: (the page's last whole run that drew a watched fragment, the fragments it drew)."""


def _stale() -> bool:
    """Whether this is a watched fragment's own run of a fragment the page's last whole run did not draw; in a whole
    run, note the fragment as drawn by it.

    Why: Streamlit keeps a page's fragments until a whole run of the page ends normally; a run cut short by
    ``st.rerun`` keeps the earlier ones too. A fragment the page drew before its layout changed (a room's seat list
    above the cards while a deal is arranged, below the room's heading otherwise: another place, another fragment)
    stays followed with the arguments of its time, and each change of the room reran it, which found the room
    changed since those arguments and drew the whole page again: 17 whole runs per player and deal instead of about
    5 (``bench/rooms_load.py``). Such a run now does nothing, and the watch follows that fragment no more.
    """
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    context, runtime = get_script_run_ctx(), watch()._runtime
    here = None if runtime is None else runtime.here()
    if context is None or here is None:
        return False
    session_id, fragment_id, _ = here
    kept: tuple[weakref.ref[object], set[str]] | None = st.session_state.get(_DRAWN_KEY)
    if not context.fragment_ids_this_run:  # a whole run (or a fragment drawn within it)
        run = getattr(context, "parallel_coordinator", None)  # made anew for each run of the page
        if run is None:
            return False
        if kept is None or kept[0]() is not run:
            kept = st.session_state[_DRAWN_KEY] = (weakref.ref(run), set())
        kept[1].add(fragment_id)
        return False
    if kept is None or fragment_id in kept[1]:
        return False
    watch().forget(session_id, fragment_id)
    return True


_ENDING_S = 0.01
_ENDING_TRIES = 200
"""A rerun asked of a session whose runner is ending is asked again every :data:`_ENDING_S` seconds, this many times
at most (2 s; after that the fragment's own safety run, :data:`SAFETY_S`, carries it)."""


class _Runtime:
    """Streamlit 1.67's runtime as the watch uses it (see the module for what is mirrored and why).

    One difference from ``AppSession.request_rerun``: a session whose runner refuses the rerun (it ended its run and
    has not yet said so on the event loop) is asked again once the runner is gone, not given a new runner at once.
    A browser asks a fragment's rerun only after it received the end of the run; the watch asks at any moment, and a
    new runner made then had Streamlit drop the last messages of the page's whole run: under the load of ten rooms,
    pages were left blank or half drawn (``bench/rooms_load.py``, the three-deal browser test in
    ``tests/e2e/test_rooms.py``).
    """

    def __init__(self, on_gone: Callable[[str, str], None]) -> None:
        from streamlit.runtime import Runtime
        from streamlit.runtime.app_session import AppSession, AppSessionState
        from streamlit.runtime.scriptrunner_utils.script_requests import RerunData
        from streamlit.runtime.scriptrunner_utils.script_run_context import ThreadState, get_script_run_ctx

        for owner, name in ((AppSession, "has_fragment"), (AppSession, "_create_scriptrunner"),
                            (AppSession, "request_rerun"), (Runtime, "get_app_session"), (ThreadState, "get")):
            if not callable(getattr(owner, name, None)):
                raise AttributeError(f"{owner.__name__}.{name}")  # noqa: TRY004 - missing, not mistyped
        fields = RerunData.__dataclass_fields__
        for name in ("fragment_id", "query_string", "page_script_hash", "is_auto_rerun", "context_info"):
            if name not in fields:
                raise AttributeError(f"RerunData.{name}")
        self._runtime, self._shutdown, self._rerun_data = Runtime, AppSessionState.SHUTDOWN_REQUESTED, RerunData
        self._thread_state, self._context = ThreadState, get_script_run_ctx
        self._on_gone = on_gone

    def alive(self, session_id: str) -> bool:
        return self._runtime.exists() and self._runtime.instance().get_app_session(session_id) is not None

    def here(self) -> tuple[str, str, Any] | None:
        context = self._context()
        if context is None:
            return None
        try:
            fragment_id = self._thread_state.get().fragment_id
        except RuntimeError:
            return None
        if not fragment_id:
            return None
        request = self._rerun_data(query_string=context.query_string, page_script_hash=context.page_script_hash,
                                   fragment_id=fragment_id, is_auto_rerun=True, context_info=context.context_info)
        return context.session_id, fragment_id, request

    def rerun(self, session_id: str, fragment_id: str, request: Any) -> None:
        if not self._runtime.exists():
            return
        session = self._runtime.instance().get_app_session(session_id)
        if session is None:
            return

        def on_loop(tries: int = 0) -> None:  # AppSession.request_rerun with a fragment's RerunData, on the loop
            if getattr(session, "_state", None) == self._shutdown:
                return
            if not session.has_fragment(fragment_id):
                self._on_gone(session_id, fragment_id)
                return
            runner = getattr(session, "_scriptrunner", None)
            if runner is not None:
                if runner.request_rerun(request):
                    return
                # The runner ended its run, and its last messages (the run's last elements, its end, its SHUTDOWN) wait
                # on this loop: a runner made now would have the session drop them (it ignores a replaced runner's
                # events) and the page would stay half drawn. Asked again once they are handled.
                if tries < _ENDING_TRIES:
                    session._event_loop.call_later(_ENDING_S, on_loop, tries + 1)
                return
            session._create_scriptrunner(request)

        try:
            session._event_loop.call_soon_threadsafe(on_loop)
        except RuntimeError:  # the loop is closed: the server is stopping
            pass


_WATCH: Watch | None = None
_WATCH_LOCK = threading.Lock()


def watch() -> Watch:
    """This server's watch (made on first use; without Streamlit's calls it only shares reads, logged once)."""
    global _WATCH
    with _WATCH_LOCK:
        if _WATCH is None:
            runtime: _Runtime | None = None
            made = Watch(None)
            try:
                runtime = _Runtime(made.forget)
            except (ImportError, AttributeError) as missing:
                _log.warning("the server's watch is off (Streamlit lacks %s): waiting pages poll as before", missing)
            made._runtime = runtime
            _WATCH = made
        return _WATCH


def available() -> bool:
    """Whether this server's waiting pages may wait on the watch (its runtime calls are there, and its thread runs
    or has not been needed yet)."""
    found = watch()
    return found._runtime is not None and (found._thread is None or found._thread.is_alive())


def watched_fragment(poll_s: float | None,
                     safety_s: float = SAFETY_S) -> Callable[[Callable[P, None]], Callable[P, None]]:
    """A fragment whose body follows something with :meth:`Watch.follow`: it runs by itself every ``safety_s``
    seconds while the watch works, and every ``poll_s`` seconds (the old polling; ``None``: never by itself) when it
    does not."""

    def decorate(body: Callable[P, None]) -> Callable[P, None]:
        @functools.wraps(body)
        def drawn(*args: P.args, **kwargs: P.kwargs) -> None:
            try:
                if _stale():
                    return
                body(*args, **kwargs)
            finally:
                watch().ran_here()

        watched = st.fragment(run_every=safety_s)(drawn)
        polled = st.fragment(run_every=poll_s)(body)

        @functools.wraps(body)
        def call(*args: P.args, **kwargs: P.kwargs) -> None:
            (watched if available() else polled)(*args, **kwargs)

        return call

    return decorate
