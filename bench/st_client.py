"""A Streamlit client that speaks the app's own websocket protocol, for load scripts (no browser).

Forty Chromium tabs on a 2-core machine measure the browsers, not the server; this client does what a
browser tab does on the wire and nothing else (no layout, no JavaScript), so many of them fit in one
asyncio process. It was written against streamlit 1.67 (``streamlit/web/server/starlette/
starlette_websocket.py``, ``streamlit/runtime/app_session.py``, ``streamlit/runtime/state/``, the
``streamlit/proto`` files), and checked against a real Chromium by ``bench/class_load.py --browser-check``.

The protocol, as found there
----------------------------
- Streamlit 1.67 serves on Starlette/uvicorn (Tornado is no longer installed with it; this client uses the
  ``websockets`` package, which Streamlit depends on). A tab opens a websocket at
  ``ws://<host>/_stcore/stream``. The ``Sec-WebSocket-Protocol`` header is reused to carry tokens:
  ``"streamlit"`` (selected), then an XSRF token and an existing session id (both optional: without an
  XSRF token only auth cookies are ignored; a session id resumes a session after a reconnect). An
  ``Origin`` header must be absent or same-origin. Frames are binary protobufs only (a text frame
  closes the connection).
- Nothing runs on connect: the tab sends a ``BackMsg`` whose ``rerun_script`` is a ``ClientState``:
  ``query_string`` (without ``?``), ``page_name`` (the URL path, e.g. ``"drill"``: resolved against
  each ``st.Page``'s ``url_pathname``) or ``page_script_hash`` (once known), ``widget_states``,
  ``context_info`` (time zone, locale, the page URL: ``st.context``), and ``fragment_id`` to rerun one
  fragment only. ``cached_message_hashes`` is left empty, so the server never answers with a
  ``ref_hash`` to a message it thinks we hold.
- The server answers every run with ``ForwardMsg`` frames, in order: ``new_session`` (sent at the start of
  *every* run, fragment runs too; ``metadata.run`` holds the run id and the fragment ids of the run; its
  ``app_pages`` list the pages of a ``pages/`` folder app), ``session_status_changed``, ``navigation`` (an
  ``st.navigation`` app: every page's hash and URL path, and the hash of the page this run shows: the tab
  sends that hash from then on), then ``delta`` messages
  (``metadata.delta_path``: root container (0 main, 1 sidebar...) then child indexes; ``delta.new_element``
  an element, ``delta.add_block`` a container (columns, form, expander...), ``delta.fragment_id`` the
  fragment that wrote it), ``page_info_changed`` (the script set ``st.query_params``: the tab updates its
  URL and sends that query string from then on), ``auto_rerun`` (a fragment with ``run_every``: the
  tab sends ``rerun_script`` with ``is_auto_rerun`` and that ``fragment_id`` every ``interval`` s), and
  finally ``script_finished``: ``FINISHED_SUCCESSFULLY`` (0), ``FINISHED_FRAGMENT_RUN_SUCCESSFULLY`` (3),
  or ``FINISHED_EARLY_FOR_RERUN`` (2, ``st.rerun`` or a newer request: another run follows).
- Deltas carry no run id: they belong to the run whose ``new_session`` came last. When a run finishes,
  the tab drops what that run did not write again: after a full run every element not written in it;
  after a fragment run the elements of that fragment not written in it. :class:`Session` does the same
  (:meth:`Session._clear_stale`), so :meth:`Session.find` sees what is on screen.
- Widgets: an element's proto has an ``id``; a keyed widget's id ends with ``-<key>`` (``$$ID-<hash>-<key>``).
  A click on ``st.button`` is a rerun with a ``WidgetState(id, trigger_value=True)`` (the trigger is
  true for that run only); a text input's value is a ``WidgetState(string_value=...)``. Widgets inside a
  form (``form_id``) keep their value in the tab until the form's submit button (a button with
  ``is_form_submitter``) is clicked: then their values go together with its trigger. A widget inside a
  fragment reruns only that fragment: its rerun carries the ``fragment_id`` of the delta that drew it. A
  widget the tab sends no state for keeps its last value on the server (``SessionState`` moves widget
  values into the old state before reading the new ones), so sending only what the user touched is
  enough. ``st.page_link`` is a rerun with the link's ``page_script_hash`` and ``query_string``.
- ``st.fragment(run_every=...)``: an ``auto_rerun`` message starts the tab's timer for that fragment; a whole run's
  ``new_session`` stops every timer (the browser's ``cleanupAutoReruns``), and the fragments it draws send theirs
  again.
- A fragment rerun for a fragment the session no longer holds (a full run, after an outage say, did not draw it
  again) is dropped by the server without a word (``AppSession.request_rerun``: "does not exist anymore"):
  no ``new_session``, no ``script_finished``. A tab then does nothing; :meth:`Session.rerun` sends such a
  request as a full run when the fragment is no longer on the page, and when a fragment run has not started
  within :attr:`Session.fragment_grace` seconds it sends the same states as a full run (it waited the whole
  :attr:`Session.timeout`, 120 s, for a run that would never come).

Use (inside an ``asyncio`` program)::

    async with Session("http://127.0.0.1:8501") as tab:
        await tab.load("classes", "join=K7P2QX&lang=en")
        name = tab.find(key="classes_learner_name")
        await tab.submit(tab.find(kind="button", form=name.form_id), {name: "Lan"})
        tab.query_string  # 'me=...&lang=en'
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Self
from urllib.parse import urlsplit

from streamlit.proto.Alert_pb2 import Alert
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect

__all__ = ["Node", "RunResult", "ScriptTimeout", "Session", "open_pages"]

FINISHED = ForwardMsg.FINISHED_SUCCESSFULLY
FRAGMENT_FINISHED = ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
EARLY_FOR_RERUN = ForwardMsg.FINISHED_EARLY_FOR_RERUN
COMPILE_ERROR = ForwardMsg.FINISHED_WITH_COMPILE_ERROR


class ScriptTimeout(TimeoutError):
    """A run did not finish within the time allowed."""


@dataclass(eq=False)
class Node:
    """One element or container on the page, as the last delta at its path drew it.

    Attributes:
        path: the delta path (root container first).
        kind: the element's type (``"button"``, ``"text_input"``, ``"alert"``, ``"heading"``...) or, for a
            container, ``"block:<type>"`` (``"block:form"``, ``"block:expandable"``...).
        proto: the element's own proto (e.g. a ``Button``), or the ``Block``.
        run_id: the run that wrote it.
        fragment_id: the fragment that wrote it (``""`` outside fragments).
    """

    path: tuple[int, ...]
    kind: str
    proto: Any
    run_id: str
    fragment_id: str

    @property
    def id(self) -> str:
        """The widget id (``""`` for elements that are not widgets)."""
        return str(getattr(self.proto, "id", "") or "")

    @property
    def key(self) -> str:
        """The user key of a keyed widget (its id ends with ``-<key>``), else ``""``."""
        parts = self.id.split("-", 2)
        return parts[2] if len(parts) == 3 and parts[0] == "$$ID" and parts[2] != "None" else ""

    @property
    def label(self) -> str:
        return str(getattr(self.proto, "label", "") or "")

    @property
    def form_id(self) -> str:
        return str(getattr(self.proto, "form_id", "") or "")

    @property
    def disabled(self) -> bool:
        return bool(getattr(self.proto, "disabled", False))

    @property
    def text(self) -> str:
        """The text an element shows: a markdown/heading/alert body, a caption, a label."""
        for name in ("body", "label"):
            value = getattr(self.proto, name, None)
            if isinstance(value, str) and value:
                return value
        return ""


@dataclass
class RunResult:
    """One run as the tab saw it: the final status, wall seconds from the request, messages read."""

    status: int
    seconds: float
    messages: int
    exceptions: list[str] = field(default_factory=list)


class Session:
    """One browser tab: a websocket session with the page state the frontend would hold.

    ``base_url`` is the server's address (``http://127.0.0.1:8501``). ``timezone``/``locale`` are sent as
    ``st.context`` would read them from a browser. ``timeout`` bounds each run (seconds).
    """

    def __init__(self, base_url: str, *, timezone: str = "Asia/Ho_Chi_Minh", locale: str = "vi-VN",
                 timeout: float = 120.0, fragment_grace: float = 15.0) -> None:
        parts = urlsplit(base_url)
        self.base_url = base_url.rstrip("/")
        self._ws_url = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}{parts.path.rstrip('/')}/_stcore/stream"
        self.timezone, self.locale, self.timeout = timezone, locale, timeout
        self.fragment_grace = fragment_grace
        """Seconds a fragment rerun may take to start before it is taken as dropped (see the module)."""
        self.dropped_fragments = 0
        """Fragment reruns the server dropped (sent again as full runs)."""
        self.page_name = ""
        self.page_script_hash = ""
        self.query_string = ""
        self.pages: dict[str, str] = {}
        """URL path -> page script hash (from ``new_session``)."""
        self.nodes: dict[tuple[int, ...], Node] = {}
        self.exceptions: list[str] = []
        """Every exception the server showed (``st.exception`` elements and script errors), oldest first."""
        self.session_id = ""
        self.messages = 0
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._run_id = ""
        self._run_fragments: tuple[str, ...] = ()
        self._waiting: asyncio.Future[int] | None = None
        self._started = False
        self._lock = asyncio.Lock()
        self._auto: dict[str, float] = {}
        self._auto_task: asyncio.Task[None] | None = None
        self._auto_stopped = False
        self.auto_reruns = 0
        self.trace: collections.deque[str] = collections.deque(maxlen=60)
        """The last runs asked and seen (``send``, ``new`` with its fragments, ``end`` with its status), for a bench
        to show what a page went through when it shows something wrong."""
        self.on_node: Callable[[Node], None] | None = None
        """Called with each element or container as its delta arrives (a bench notes when something is drawn)."""
        self.on_finished: Callable[[int], None] | None = None
        """Called with the status of each finished run (not one ended early for a rerun), after the stale
        elements are dropped."""

    # ------------------------------------------------------------------ connection

    async def open(self) -> Self:
        """Open the websocket (no script runs until :meth:`load`)."""
        origin = self.base_url.split("/", 3)
        self._ws = await connect(self._ws_url, subprotocols=["streamlit"],  # type: ignore[list-item]
                                 origin="/".join(origin[:3]), max_size=None, ping_interval=None,  # type: ignore[arg-type]
                                 open_timeout=self.timeout)
        self._reader = asyncio.create_task(self._read())
        return self

    async def close(self) -> None:
        """Close the tab (the server ends the session)."""
        for task in (self._auto_task, self._reader):
            if task is not None:
                task.cancel()
        if self._ws is not None:
            await self._ws.close()
        for task in (self._auto_task, self._reader):
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):  # closing anyway
                    await task

    async def __aenter__(self) -> Self:
        return await self.open()

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    def stop_auto_reruns(self) -> dict[str, float]:
        """Stop the ``run_every`` timer (as a hidden browser tab would); returns fragment id -> interval."""
        self._auto_stopped = True
        if self._auto_task is not None:
            self._auto_task.cancel()
            self._auto_task = None
        return dict(self._auto)

    # ------------------------------------------------------------------ what the user does

    async def load(self, page: str = "", query: str = "") -> RunResult:
        """Open ``/<page>?<query>`` as typing the address would (a full run of that page)."""
        self.page_name, self.query_string = page, query.lstrip("?")
        self.page_script_hash = self.pages.get(page, "")
        return await self.rerun()

    async def click(self, node: Node) -> RunResult:
        """Click a button (a form's submit button sends nothing else: use :meth:`submit` for its fields)."""
        if node.kind == "page_link":
            return await self.follow(node)
        return await self.rerun({node.id: WidgetState(id=node.id, trigger_value=True)}, node.fragment_id)

    async def send_event(self, component: Node, event: str, value: Any) -> RunResult:
        """What a ``st.components.v2`` component's ``setTriggerValue(event, value)`` sends (e.g. the arranging
        component's ``"confirm"`` with the arrangement): one rerun with the event in the component's trigger
        widget (``$$STREAMLIT_INTERNAL_KEY_<id>__events``, a JSON list of ``{event, value}``)."""
        widget = f"$$STREAMLIT_INTERNAL_KEY_{component.id}__events"
        state = WidgetState(id=widget, json_trigger_value=json.dumps([{"event": event, "value": value}]))
        return await self.rerun({widget: state}, component.fragment_id)

    async def submit(self, button: Node, values: Mapping[Node, Any]) -> RunResult:
        """Submit a form: its fields' ``values`` (str for text inputs, bool for checkboxes, numbers) with the
        submit ``button``'s trigger, in one rerun."""
        states = {node.id: _state(node, value) for node, value in values.items()}
        states[button.id] = WidgetState(id=button.id, trigger_value=True)
        return await self.rerun(states, button.fragment_id)

    async def follow(self, link: Node) -> RunResult:
        """Follow an ``st.page_link``: the linked page with the link's query string."""
        self.page_script_hash = link.proto.page_script_hash
        self.page_name = next((name for name, h in self.pages.items() if h == self.page_script_hash), "")
        self.query_string = link.proto.query_string
        return await self.rerun()

    async def rerun(self, states: Mapping[str, WidgetState] | None = None, fragment_id: str = "",
                    auto: bool = False) -> RunResult:
        """Send one ``rerun_script`` and wait until its run has finished (a run ended early for a rerun is
        followed into the next one).

        Raises:
            ScriptTimeout: no finished run within :attr:`timeout` seconds.
        """
        if fragment_id and fragment_id not in self._auto and all(n.fragment_id != fragment_id
                                                                 for n in self.nodes.values()):
            fragment_id = ""  # no longer on the page: the server holds it no more either
        async with self._lock:
            start = time.perf_counter()
            seen, errors = self.messages, len(self.exceptions)
            status = await self._send(states, fragment_id, auto, self.fragment_grace if fragment_id else None)
            if status is None:  # the fragment run never started: dropped by the server
                self.dropped_fragments += 1
                status = await self._send(states, "", False, None)
            assert status is not None
            return RunResult(status, time.perf_counter() - start, self.messages - seen, self.exceptions[errors:])

    async def _send(self, states: Mapping[str, WidgetState] | None, fragment_id: str, auto: bool,
                    grace: float | None) -> int | None:
        """Send one ``rerun_script`` and wait for its run's end; ``None`` when ``grace`` is given and the run has
        not started within it (holding :attr:`_lock`)."""
        message = BackMsg()
        client = message.rerun_script
        client.query_string = self.query_string
        client.page_script_hash = self.page_script_hash
        client.page_name = "" if self.page_script_hash else self.page_name
        client.fragment_id = fragment_id
        client.is_auto_rerun = auto
        for state in (states or {}).values():
            client.widget_states.widgets.append(state)
        _context(client, self)
        loop = asyncio.get_running_loop()
        self._waiting, self._started = loop.create_future(), False
        deadline = time.perf_counter() + self.timeout
        assert self._ws is not None, "open() first"
        self._note(f"send {fragment_id[-6:] or 'whole'}{' auto' if auto else ''}")
        await self._ws.send(message.SerializeToString())
        try:
            if grace is not None:
                started_by = time.perf_counter() + grace
                while not self._started and not self._waiting.done() and time.perf_counter() < started_by:
                    await asyncio.sleep(0.05)
                if not self._started and not self._waiting.done():
                    return None
            return await asyncio.wait_for(self._waiting, max(0.0, deadline - time.perf_counter()))
        except TimeoutError:
            raise ScriptTimeout(f"no finished run after {self.timeout:g} s ({self.page_name}?{self.query_string})") from None
        finally:
            self._waiting = None

    # ------------------------------------------------------------------ what is on the page

    def find(self, key: str | None = None, label: str | None = None, kind: str | None = None,
             form: str | None = None, text: str | None = None) -> Node | None:
        """The first node (in page order) matching every given filter: ``key`` (a keyed widget's key),
        ``label`` (exact), ``kind`` (element type), ``form`` (form id), ``text`` (contained in its text)."""
        return next(self.find_all(key, label, kind, form, text), None)

    def find_all(self, key: str | None = None, label: str | None = None, kind: str | None = None,
                 form: str | None = None, text: str | None = None) -> Iterator[Node]:
        """Every node matching the filters of :meth:`find`, in page order."""
        for path in sorted(self.nodes):
            node = self.nodes[path]
            if ((key is None or node.key == key) and (label is None or node.label == label)
                    and (kind is None or node.kind == kind) and (form is None or node.form_id == form)
                    and (text is None or text in node.text)):
                yield node

    def alerts(self, *formats: int) -> list[Node]:
        """The ``st.error``/``st.warning``/``st.info``/``st.success`` boxes shown (``Alert.SUCCESS``...)."""
        return [n for n in self.find_all(kind="alert") if not formats or n.proto.format in formats]

    def feedback(self) -> Node | None:
        """A success or error box (the Drill's right/wrong verdict), or ``None``."""
        found = self.alerts(Alert.SUCCESS, Alert.ERROR)
        return found[0] if found else None

    # ------------------------------------------------------------------ reading the stream

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for frame in self._ws:
                message = ForwardMsg()
                message.ParseFromString(frame if isinstance(frame, bytes) else frame.encode())
                self.messages += 1
                self._handle(message)
        except Exception as exc:  # noqa: BLE001 - the waiting run fails with it
            if self._waiting is not None and not self._waiting.done():
                self._waiting.set_exception(ConnectionError(f"websocket closed: {exc!r}"))
            return
        if self._waiting is not None and not self._waiting.done():
            self._waiting.set_exception(ConnectionError("websocket closed by the server"))

    def _handle(self, message: ForwardMsg) -> None:
        which = message.WhichOneof("type")
        if which == "new_session":
            self._run_id = message.metadata.run.script_run_id
            self._run_fragments = tuple(message.metadata.run.fragment_ids)
            self._note(f"new {self._run_id[-4:]} {','.join(f[-6:] for f in self._run_fragments) or 'whole'}")
            if not self._run_fragments:  # a whole run: the browser drops every fragment's timer (the run's own
                self._auto.clear()  # fragments send theirs again), so a fragment no longer drawn is not rerun
            session = message.new_session
            self.session_id = session.initialize.session_id or self.session_id
            if session.app_pages:
                self.pages = {page.url_pathname: page.page_script_hash for page in session.app_pages}
            self._started = True
        elif which == "navigation":  # st.navigation: the page this run shows, and the page list
            self.pages = {page.url_pathname: page.page_script_hash for page in message.navigation.app_pages}
            self.page_script_hash = message.navigation.page_script_hash
            self.page_name = next((n for n, h in self.pages.items() if h == self.page_script_hash), self.page_name)
        elif which == "delta":
            self._delta(message)
        elif which == "page_info_changed":
            self.query_string = message.page_info_changed.query_string
        elif which == "auto_rerun":
            self._auto[message.auto_rerun.fragment_id] = message.auto_rerun.interval
            if self._auto_task is None and not self._auto_stopped:
                self._auto_task = asyncio.create_task(self._auto_reruns())
        elif which == "stop_auto_rerun":
            self._auto.pop(message.stop_auto_rerun.fragment_id, None)
        elif which == "session_event" and message.session_event.HasField("script_compilation_exception"):
            self.exceptions.append(message.session_event.script_compilation_exception.message)
        elif which == "script_finished":
            status = message.script_finished
            self._note(f"end {status}")
            if status == EARLY_FOR_RERUN:
                return
            self._clear_stale(status)
            if self.on_finished is not None:
                self.on_finished(status)
            if self._waiting is not None and self._started and not self._waiting.done():
                self._waiting.set_result(status)

    def _note(self, what: str) -> None:
        self.trace.append(f"{time.monotonic() % 1000:.2f} {what}")

    def _delta(self, message: ForwardMsg) -> None:
        delta = message.delta
        path = tuple(message.metadata.delta_path)
        which = delta.WhichOneof("type")
        if which == "new_element":
            element = delta.new_element
            kind: str = element.WhichOneof("type") or "empty"
            proto: Any = getattr(element, kind) if kind != "empty" else element
            if kind == "exception":
                self.exceptions.append(f"{proto.type}: {proto.message}")
        elif which == "add_block":
            block = delta.add_block
            kind = "block:" + (block.WhichOneof("type") or "vertical")
            proto = block
        else:  # transient elements (spinners, toasts) are not kept
            return
        node = self.nodes[path] = Node(path, kind, proto, self._run_id, delta.fragment_id)
        if self.on_node is not None:
            self.on_node(node)

    def _clear_stale(self, status: int) -> None:
        if status == FRAGMENT_FINISHED:
            stale = [p for p, n in self.nodes.items() if n.fragment_id in self._run_fragments and n.run_id != self._run_id]
        else:
            stale = [p for p, n in self.nodes.items() if n.run_id != self._run_id]
        for path in stale:
            del self.nodes[path]

    async def _auto_reruns(self) -> None:
        """``st.fragment(run_every=...)``: rerun each such fragment every interval, as the tab's timer does (the
        frontend's ``setInterval``: a fixed pace from the ``auto_rerun`` message, whatever each run takes; a tick
        that falls while another run of this tab is going is sent when it ends)."""
        due: dict[str, float] = {}
        while True:
            now = time.monotonic()
            for fragment, interval in list(self._auto.items()):
                due.setdefault(fragment, now + interval)
            ready = [f for f in self._auto if now >= due[f]]
            if ready and not self._lock.locked():
                fragment = ready[0]
                interval = self._auto[fragment]
                due[fragment] = max(due[fragment] + interval, now)  # the next tick of the same interval timer
                self.auto_reruns += 1
                try:
                    await self.rerun(fragment_id=fragment, auto=True)
                except (ScriptTimeout, ConnectionError):
                    return
                continue
            soonest = min((due[f] for f in self._auto), default=now + 0.25)
            await asyncio.sleep(0.02 if ready else min(0.25, max(0.005, soonest - now)))


async def open_pages(tabs: list[tuple[Session, str, str]], at_once: int, errors: list[str]) -> None:
    """Open every ``(tab, page, query)``, ``at_once`` at a time (as a class arriving); failures go to ``errors``."""
    gate = asyncio.Semaphore(at_once)

    async def one(tab: Session, page: str, query: str) -> None:
        async with gate:
            try:
                await tab.open()
                result = await tab.load(page, query)
            except Exception as exc:  # noqa: BLE001 - every failure is a counted error
                errors.append(f"open {page}?{query[:30]}: {exc!r}")
                return
            if result.exceptions:
                errors.append(f"open {page}?{query[:30]}: {result.exceptions}")

    await asyncio.gather(*(one(*tab) for tab in tabs))


def _state(node: Node, value: Any) -> WidgetState:
    state = WidgetState(id=node.id)
    if isinstance(value, bool):
        state.bool_value = value
    elif isinstance(value, int) and node.kind == "number_input" and not _float_input(node):
        state.int_value = value
    elif isinstance(value, (int, float)):
        state.double_value = float(value)
    else:
        state.string_value = str(value)
    return state


def _float_input(node: Node) -> bool:
    return bool(getattr(node.proto, "data_type", 0))  # NumberInput.DataType: INT 0, FLOAT 1


def _context(client: ClientState, session: Session) -> None:
    context = client.context_info
    context.timezone = session.timezone
    context.locale = session.locale
    page = f"/{session.page_name}" if session.page_name else "/"
    context.url = f"{session.base_url}{page}{'?' + session.query_string if session.query_string else ''}"
    context.is_embedded = False
    context.color_scheme = "light"
