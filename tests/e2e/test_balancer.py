"""Two app servers behind a real HAProxy (deploy/haproxy.cfg.template) on one fresh PostgreSQL database
(issue 21): a browser sticks to the server its cookie names; when that server is killed, the same browser goes
through the balancer to the other one, its page works again at the next question, and the answers it gave
before are in the database. A room of people on both servers (issue 34) plays three deals through a reload and a
server killed, every hand stored once. The two tests share one pair of servers (a server killed is started again). On a
PostgreSQL cluster of the test's own, stopped for 10 s while a
learner answers: the page says "Not saved yet", keeps the answer, and stores it once the database is back
(no server restart, no reload).

Skipped when ``haproxy`` is missing (Debian: ``apt-get install haproxy``; .ci/run installs it), without
chromium (tests/e2e/conftest.py); the first test also without a PostgreSQL test server (tests/conftest.py),
the outage test without Debian's postgresql package (it starts a cluster of its own with .ci/postgres).
"""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from background.grading import Grader
from classroom.practice import Practice
from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from deploy.cluster import HAPROXY_MISSING, Supervisor, server_command, start_haproxy, stop, wait_healthy
from deploy.render import COOKIE, server_name
from maubinh.arrangement import Arrangement
from maubinh.drills import DrillSet, Kind, Level
from maubinh.play import Strength
from maubinh.rules import POSITIONS, Position, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.conftest import drop_postgres_database, fresh_postgres_database
from tests.e2e.arrange import place_at_once, place_by_taps
from tests.e2e.conftest import (
    ARTIFACTS,
    IDLE_TIMEOUT_MS,
    PHONE,
    REPO_ROOT,
    VIEWPORT,
    assert_no_exception,
    screenshot,
    start_server,
    stop_server,
    wait_idle,
    wait_until,
)
from tests.e2e.test_rooms import (
    DEALS,
    assert_only_own_cards,
    assert_placed,
    assert_score_shown,
    assert_stored_once,
    confirm,
    dealt_on,
    reload_from_server,
    wait_showdown,
    wait_stored,
)

pytestmark = pytest.mark.skipif(shutil.which("haproxy") is None and not Path("/usr/sbin/haproxy").exists(),
                                reason=f"the load-balancer test needs HAProxy. {HAPROXY_MISSING}")

SERVERS = 2
# HAProxy checks each server every 2 s and marks it down after 2 failures (deploy/haproxy.cfg.template); a
# loaded machine gets more than that.
DOWN_TIMEOUT_S = 30.0
RECONNECT_TIMEOUT_MS = 60_000
HAPROXY_LOG = ARTIFACTS / "e2e-haproxy.log"
OUTAGE_S = 10.0
"""How long PostgreSQL stays down in the outage test (seconds, from the stop to the start again)."""


@dataclass
class Balanced:
    """Two servers behind HAProxy: ``url`` is the balancer's, ``servers[i]`` is ``app{i+1}``'s process."""

    url: str
    stats_url: str
    database_url: str
    servers: list[subprocess.Popen[bytes]]
    env: dict[str, str] | None = None
    ports: tuple[int, ...] = ()

    def revive(self) -> None:
        """Start again, where HAProxy expects it, each server a test killed, and wait until HAProxy takes it back
        (the tests of this module share one pair of servers: each may kill one)."""
        for index, process in enumerate(self.servers):
            if process.poll() is None:
                continue
            log = ARTIFACTS / f"e2e-balancer-{server_name(index)}-again.log"
            self.servers[index], _ = start_server(self.env or {}, log, port=self.ports[index])
            self.wait_status(server_name(index), "UP", DOWN_TIMEOUT_S)

    def stats(self) -> dict[str, dict[str, str]]:
        """HAProxy's status per server of the backend: ``{"app1": {"status": "UP", "stot": "3", ...}}``."""
        with urllib.request.urlopen(f"{self.stats_url}/;csv", timeout=10) as response:
            text = response.read().decode().lstrip("# ")
        return {row["svname"]: row for row in csv.DictReader(io.StringIO(text)) if row["pxname"] == "streamlit"}

    def wait_status(self, name: str, status: str, timeout_s: float) -> None:
        """Poll the status page until server ``name`` shows ``status`` ("UP", "DOWN"); fail after ``timeout_s``."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.stats()[name]["status"].startswith(status):
                return
            time.sleep(0.25)
        pytest.fail(f"HAProxy never marked {name} {status}: {self.stats()[name]['status']}", pytrace=False)


@contextlib.contextmanager
def behind_haproxy(database_url: str, show_errors: bool = True) -> Iterator[Balanced]:
    """:data:`SERVERS` app servers on ``database_url`` behind HAProxy, every one up; stopped afterwards.
    ``show_errors=False``: errors as in production (a message and an id, ui/errors.py), not raised."""
    env = {"MAUBINH_DATABASE_URL": database_url, "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32),
           "MAUBINH_TRUST_PROXY": "1", "MAUBINH_SHOW_ERRORS": "1" if show_errors else "0"}
    servers: list[subprocess.Popen[bytes]] = []
    haproxy = None
    ARTIFACTS.mkdir(exist_ok=True)
    log = HAPROXY_LOG.open("w", encoding="utf-8")
    try:
        addresses = []
        for index in range(SERVERS):
            process, url = start_server(env, ARTIFACTS / f"e2e-balancer-{server_name(index)}.log")
            servers.append(process)
            addresses.append(url.removeprefix("http://"))
        port, stats_port = _free_port(), _free_port()
        haproxy = start_haproxy(addresses, ARTIFACTS / "e2e-haproxy.cfg", f"127.0.0.1:{port}",
                                f"127.0.0.1:{stats_port}", log=log)
        balanced = Balanced(f"http://127.0.0.1:{port}", f"http://127.0.0.1:{stats_port}", database_url, servers, env,
                            tuple(int(address.rsplit(":", 1)[1]) for address in addresses))
        wait_healthy(f"{balanced.url}/_stcore/health", 30, haproxy)
        for index in range(SERVERS):
            balanced.wait_status(server_name(index), "UP", DOWN_TIMEOUT_S)
        yield balanced
    finally:
        if haproxy is not None:
            stop(haproxy)
        for process in servers:
            stop_server(process)
        log.close()


@pytest.fixture(scope="module")
def _balanced_pair() -> Iterator[Balanced]:
    database_url, name = fresh_postgres_database()
    try:
        with behind_haproxy(database_url) as balanced:
            yield balanced
    finally:
        drop_postgres_database(name)


@pytest.fixture
def balanced(_balanced_pair: Balanced) -> Balanced:
    """Two servers behind HAProxy on a fresh database of the PostgreSQL test server, shared by the module's tests
    (one start of two servers: ~50 s on a loaded machine); a server the last test killed is started again."""
    _balanced_pair.revive()
    return _balanced_pair


class OwnPostgres:
    """A PostgreSQL cluster of this test's own (``.ci/postgres`` in a folder and on a port of its own), which
    may be stopped; the shared test server never is."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="maubinh-balancer-pg-"))
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        self.env = {**os.environ, "PGTEST_DIR": str(self.folder / "data"), "PGTEST_PORT": str(_free_port())}

    def start(self) -> str:
        """Start it (made the first time); returns the admin URL ``postgresql://postgres@127.0.0.1:<port>/postgres``."""
        done = subprocess.run([str(REPO_ROOT / ".ci" / "postgres"), "start"], env=self.env, check=True,
                              capture_output=True, text=True, timeout=120)
        return done.stdout.strip()

    def stop(self) -> None:
        subprocess.run([str(REPO_ROOT / ".ci" / "postgres"), "stop"], env=self.env, check=True,
                       capture_output=True, timeout=120)


@pytest.fixture
def own_postgres() -> Iterator[OwnPostgres]:
    if not Path("/usr/lib/postgresql").is_dir():
        pytest.skip("the outage test needs Debian's postgresql package (its own cluster, stopped mid-class)")
    cluster = OwnPostgres()
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(cluster.folder, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _get(url: str, cookie: str | None = None) -> str | None:
    """GET ``url`` (with ``MAUBINH_SERVER=cookie`` if given); returns the server HAProxy's Set-Cookie names."""
    request = urllib.request.Request(url, headers={"Cookie": f"{COOKIE}={cookie}"} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200
        for header in response.headers.get_all("Set-Cookie") or []:
            if header.startswith(f"{COOKIE}="):
                return header.split(";")[0].split("=", 1)[1]
    return None


def _server_cookie(page: Page) -> str:
    values = [c["value"] for c in page.context.cookies() if c["name"] == COOKIE]
    assert len(values) == 1, page.context.cookies()
    return values[0]


def test_sessions_stick_and_move_when_their_server_dies(e2e_browser: Browser, balanced: Balanced) -> None:
    # Without a cookie, HAProxy picks a server in turn and names it in a cookie.
    assert {_get(balanced.url) for _ in range(SERVERS)} == {server_name(i) for i in range(SERVERS)}
    # With one, every request goes to that server and no new cookie is set (the servers never see it).
    before = {name: int(row["stot"]) for name, row in balanced.stats().items()}
    assert [_get(balanced.url, "app2") for _ in range(4)] == [None] * 4
    after = {name: int(row["stot"]) for name, row in balanced.stats().items()}
    assert (after["app1"] - before["app1"], after["app2"] - before["app2"]) == (0, 4)

    store = ClassroomStore.open(balanced.database_url)
    created = store.create_class("Cân bằng tải", "vi", load_rule_set("guide-2026"))
    assignment = store.assign(created.info.id, "Hai máy", DrillSet((Kind.CHI,), Level.BEGINNER, "guide-2026",
                                                                   seed=21, count=3))
    Grader(store).grade(assignment).result(timeout=120)
    lan, minh = store.join(created.info.id, "Lan"), store.join(created.info.id, "Minh")
    # The teacher and Minh on server A, Lan on server B (each browser's cookie names its server).
    a, b = server_name(0), server_name(1)

    def opened(server: str, path: str) -> Page:
        context = e2e_browser.new_context()
        context.add_cookies([{"name": COOKIE, "value": server, "url": balanced.url}])
        page = context.new_page()
        page.set_default_timeout(IDLE_TIMEOUT_MS)
        page.goto(f"{balanced.url}/{path}")
        wait_idle(page)
        assert_no_exception(page)
        assert _server_cookie(page) == server
        return page

    teacher = opened(a, f"classes?teacher={created.teacher_token}&lang=vi")
    learners = {"Lan": opened(b, f"drill?me={lan.token}&assignment={assignment.id}&lang=vi"),
                "Minh": opened(a, f"drill?me={minh.token}&assignment={assignment.id}&lang=vi")}
    for page in learners.values():
        expect(page.get_by_text("Câu 1", exact=True)).to_be_visible(timeout=RECONNECT_TIMEOUT_MS)
        page.locator(".st-key-drill_choice_0 button").click()
        wait_idle(page)
        assert_no_exception(page)
    assert len(store.answers(assignment.id)) == 2

    balanced.servers[1].kill()  # server B dies mid-class
    balanced.wait_status(b, "DOWN", DOWN_TIMEOUT_S)
    # Lan's open tab reconnects through HAProxy to server A; the page runs again there and resumes at the next
    # question (no reload). Minh, on A, goes on as before.
    lan_page = learners["Lan"]
    expect(lan_page.get_by_text("Câu 2", exact=True)).to_be_visible(timeout=RECONNECT_TIMEOUT_MS)
    wait_idle(lan_page, timeout_ms=RECONNECT_TIMEOUT_MS)
    assert_no_exception(lan_page)
    # A reload goes to A too, which now names itself in the cookie.
    lan_page.reload()
    wait_idle(lan_page, timeout_ms=RECONNECT_TIMEOUT_MS)
    assert_no_exception(lan_page)
    assert _server_cookie(lan_page) == a
    minh_page = learners["Minh"]
    minh_page.locator(".st-key-drill_next button").click()
    wait_idle(minh_page)
    for page in learners.values():
        expect(page.get_by_text("Câu 2", exact=True)).to_be_visible(timeout=RECONNECT_TIMEOUT_MS)
        page.locator(".st-key-drill_choice_0 button").click()
        wait_idle(page)
        assert_no_exception(page)
    screenshot(lan_page, "balancer_after_failover_vi")
    answers = store.answers(assignment.id)
    assert len(answers) == 4
    assert len({(x.learner_id, x.number) for x in answers}) == 4 and len({x.learner_id for x in answers}) == 2
    assert int(balanced.stats()[a]["stot"]) > after[a]
    # The teacher's board on A has every answer, the ones given on B before it died too.
    teacher.reload()
    wait_idle(teacher, timeout_ms=RECONNECT_TIMEOUT_MS)
    assert_no_exception(teacher)
    teacher.get_by_role("tab", name="Bảng điểm").click()
    wait_idle(teacher)
    for name in ("Lan", "Minh"):
        expect(teacher.locator("[data-testid=stDataFrame]").filter(has_text=name).first).to_be_visible(
            timeout=RECONNECT_TIMEOUT_MS)
    expect(teacher.locator("[data-testid=stMetric]").filter(has_text="Câu trả lời")
           .locator("[data-testid=stMetricValue]")).to_have_text("4/6", timeout=RECONNECT_TIMEOUT_MS)  # 2 x 3
    screenshot(teacher, "balancer_teacher_board_vi")
    store.engine.dispose()


def _on(browser: Browser, balanced: Balanced, server: str, path: str, viewport: ViewportSize = VIEWPORT) -> Page:
    """A page of ``path`` through HAProxy, on ``server`` (its cookie set beforehand), in a browser context of its own,
    as soon as the server answers (the pages of a test load together: wait for each with :func:`_loaded`)."""
    context = browser.new_context(viewport=viewport)
    context.add_cookies([{"name": COOKIE, "value": server, "url": balanced.url}])
    page = context.new_page()
    page.set_default_timeout(RECONNECT_TIMEOUT_MS)
    page.goto(f"{balanced.url}/{path}", wait_until="commit")
    return page


def _loaded(page: Page, server: str) -> Page:
    """``page`` once its script has run, on ``server``, without an exception."""
    wait_idle(page, timeout_ms=RECONNECT_TIMEOUT_MS)
    assert_no_exception(page)
    assert _server_cookie(page) == server
    return page


def test_a_room_played_on_two_servers_survives_a_reload_and_a_server_killed(e2e_browser: Browser,
                                                                           balanced: Balanced) -> None:
    """Issue 34: Lan (vi) on server A, Minh (en) and Tú (vi, 390 px) on server B, each with their personal link, a
    computer player in the fourth seat; Lan deals three deals from her page, the others' pages follow. In deal 2 Minh
    reloads and the chi he had placed come back from the database; in deal 3 B is killed mid-deal: Minh's open tab and
    Tú's phone (reloaded) come back through HAProxy on A, in their seats, with the cards they had placed. Every
    showdown is on every page; after the three deals each hand is stored once (the room's and the profiles'), each
    deal's end done by one server (its claim in the database), and the score on Minh's page is the stored one."""
    store = ClassroomStore.open(balanced.database_url)
    rooms = Rooms(store)
    made = [Practice(store).create_profile(name) for name in ("Lan", "Minh", "Tú")]
    new = rooms.create(load_rule_set("chi-at"), 4, 120, Strength.BEGINNER, "Lan", learner_id=made[0].info.id)
    room_id = new.room.id
    seats = {0: new.seat, 1: rooms.join(room_id, "Minh", learner_id=made[1].info.id),
             2: rooms.join(room_id, "Tú", learner_id=made[2].info.id)}
    a, b = server_name(0), server_name(1)
    servers, langs = {0: a, 1: b, 2: b}, {0: "vi", 1: "en", 2: "vi"}
    pages = {seat: _on(e2e_browser, balanced, servers[seat],
                       f"play?room={new.room.code}&seat={token}&me={made[seat].token}&lang={langs[seat]}"
                       + (f"&host={new.host}" if seat == 0 else ""), PHONE if seat == 2 else VIEWPORT)
             for seat, token in seats.items()}
    for seat, page in pages.items():
        _loaded(page, servers[seat])

    splits: dict[tuple[int, int], Arrangement] = {}
    for number in range(1, DEALS + 1):
        pages[0].locator(".st-key-rooms_start button").click()  # Lan deals from her page, on A
        dealt = dealt_on(rooms, room_id, pages)
        splits.update({(number, seat): arrange_simple(cards, new.room.rule_set) for seat, cards in dealt.items()})
        placed: dict[int, tuple[Position, ...]] = {}  # the chi a page placed before a reload or a server's end
        if number == 2:  # Minh places his back chi, reloads: B gives it back from the database
            placed = {1: POSITIONS[:1]}
            place_at_once(pages[1], splits[number, 1], placed[1])
            wait_stored(rooms, room_id, pages[1], splits[number, 1], placed[1])
            reload_from_server(pages[1])
            assert _server_cookie(pages[1]) == b
            assert_placed(pages[1], splits[number, 1], placed[1])
        if number == 3:  # Minh places his back chi, Tú taps her front chi; then server B dies
            placed = {1: POSITIONS[:1], 2: POSITIONS[2:]}
            place_at_once(pages[1], splits[number, 1], placed[1])
            place_by_taps(pages[2], splits[number, 2], positions=placed[2])
            for seat in (1, 2):
                wait_stored(rooms, room_id, pages[seat], splits[number, seat], placed[seat])
            balanced.servers[1].kill()
            wait_until(lambda: _server_cookie(pages[1]) == a, "Minh's open tab reconnected through HAProxy to A",
                       RECONNECT_TIMEOUT_MS / 1000)
            wait_idle(pages[1], timeout_ms=RECONNECT_TIMEOUT_MS)
            reload_from_server(pages[2])  # Tú's phone comes back through HAProxy: on A, from the database
            assert _server_cookie(pages[2]) == a
            for seat in (1, 2):  # each in their seat on A, with the chi placed
                assert_placed(pages[seat], splits[number, seat], placed[seat])
            expect(pages[2].get_by_text("Tú (bạn)").first).to_be_visible()
            assert_only_own_cards(pages, dealt, arranging=pages)  # on the other server too
            screenshot(pages[2], "rooms_two_servers_back_phone_vi")
        for seat, page in pages.items():
            place_at_once(page, splits[number, seat], [p for p in POSITIONS if p not in placed.get(seat, ())])
        confirm({seat: pages[seat] for seat in (0, 1)}, langs)
        assert_only_own_cards(pages, dealt, arranging=(2,))
        pages[2].locator("button[data-confirm]").click()
        wait_showdown(pages, langs, number)
    screenshot(pages[1], "rooms_two_servers_showdown_en")

    score = assert_stored_once(store, room_id, splits, {seat: made[seat].info.id for seat in pages})
    assert_score_shown(pages[1], score)
    store.engine.dispose()


def _wait_logged(pattern: str, *logs: Path, timeout_s: float = 30.0) -> str:
    """Poll ``logs`` (default: the balanced servers' logs) until a line matches ``pattern``; returns its first
    group."""
    deadline = time.monotonic() + timeout_s
    logs = logs or tuple(ARTIFACTS / f"e2e-balancer-{server_name(i)}.log" for i in range(SERVERS))
    while time.monotonic() < deadline:
        for log in logs:
            found = re.search(pattern, log.read_text(errors="replace"), re.MULTILINE) if log.exists() else None
            if found:
                return found.group(1)
        time.sleep(0.25)
    pytest.fail(f"no server log line matches {pattern!r}", pytrace=False)


def test_postgresql_down_mid_class_loses_no_answer(e2e_browser: Browser, own_postgres: OwnPostgres) -> None:
    admin = own_postgres.start()
    # A cluster of its own (its postgres database is fresh); errors shown as users see them in production.
    with behind_haproxy(admin, show_errors=False) as balanced:
        store = ClassroomStore.open(balanced.database_url)
        created = store.create_class("Mất điện", "en", load_rule_set("guide-2026"))
        assignment = store.assign(created.info.id, "Outage", DrillSet((Kind.CHI,), Level.BEGINNER, "guide-2026",
                                                                      seed=22, count=3))
        Grader(store).grade(assignment).result(timeout=120)
        lan = store.join(created.info.id, "Lan")
        page = e2e_browser.new_context().new_page()
        page.set_default_timeout(IDLE_TIMEOUT_MS)
        page.goto(f"{balanced.url}/drill?me={lan.token}&assignment={assignment.id}&lang=en")
        wait_idle(page)
        page.locator(".st-key-drill_choice_0 button").click()
        wait_idle(page)
        page.locator(".st-key-drill_next button").click()
        wait_idle(page)
        assert_no_exception(page)
        assert len(store.answers(assignment.id)) == 1

        own_postgres.stop()  # the database goes away while the learner answers question 2
        down = time.monotonic()
        page.locator(".st-key-drill_choice_0 button").click()
        wait_idle(page)
        warning = page.get_by_text(re.compile(r"^Not saved yet: 1\b"))
        expect(warning).to_be_visible()
        # The rest of the page says the database cannot be reached, with an error id; no traceback.
        message = page.get_by_text(re.compile(r"^The database cannot be reached .*\(error e-[0-9a-f]{8}\)")).first
        expect(message).to_be_visible()
        assert_no_exception(page)
        # The server's log has the details under that error id, with HAProxy's request id of the tab.
        shown = re.search(r"e-[0-9a-f]{8}", message.inner_text())
        assert shown is not None
        logged = _wait_logged(rf"error {shown.group(0)}: \w+ \(request ([^)]+)\)")
        assert re.fullmatch(r"[0-9A-F]{8}:[0-9A-F]{4}_[0-9A-F]{8}:[0-9A-F]{4}_[0-9A-F]{8}_[0-9A-F]{4}:[0-9A-F]{4}",
                            logged), logged
        assert _wait_logged(rf'"GET /_stcore/stream HTTP/1.1" id=({re.escape(logged)})$', HAPROXY_LOG) == logged
        assert lan.token.secret not in HAPROXY_LOG.read_text()  # links' tokens stay out of the log
        screenshot(page, "balancer_database_down_en")
        page.wait_for_timeout(max(0.0, OUTAGE_S - (time.monotonic() - down)) * 1000)
        own_postgres.start()
        # The page's own retry stores the answer once the database is back: no restart, no reload.
        expect(warning).to_be_hidden(timeout=RECONNECT_TIMEOUT_MS)
        assert len(store.answers(assignment.id)) == 2
        wait_idle(page, timeout_ms=RECONNECT_TIMEOUT_MS)
        expect(page.get_by_text(re.compile("^The database cannot be reached"))).to_have_count(0)
        page.locator(".st-key-drill_next button").click()
        wait_idle(page)
        page.locator(".st-key-drill_choice_0 button").click()
        wait_idle(page)
        assert_no_exception(page)
        assert len(store.answers(assignment.id)) == 3
        store.engine.dispose()


RESTART_S = 30.0
"""A server killed outright serves again within this (issue 32): supervisord starts it at once, it warms (a few
seconds), HAProxy's health check takes it back (2 checks, 2 s apart)."""


def test_a_server_killed_outright_is_started_again_and_taken_back(tmp_path: Path) -> None:
    """Issue 32: under supervisord, as ``make serve`` runs them (deploy/cluster.py), a SIGKILLed server is started
    again and serves through HAProxy within :data:`RESTART_S`; on a fresh SQLite database (no PostgreSQL needed)."""
    port, balancer, stats = _free_port(), _free_port(), _free_port()
    env = {"MAUBINH_DATABASE_URL": f"sqlite:///{tmp_path / 'classroom.sqlite'}", "MAUBINH_BANK_TOPUP": "0",
           "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32)}
    log = (ARTIFACTS / "e2e-supervised.log").open("w", encoding="utf-8")
    supervisor = Supervisor({"app1": server_command(port)}, tmp_path / "supervisor", env, log)
    haproxy = None
    try:
        supervisor.start()
        wait_healthy(f"http://127.0.0.1:{port}/_stcore/health", 120, supervisor.process)
        haproxy = start_haproxy([f"127.0.0.1:{port}"], tmp_path / "haproxy.cfg", f"127.0.0.1:{balancer}",
                                f"127.0.0.1:{stats}", log=log)
        balanced = Balanced(f"http://127.0.0.1:{balancer}", f"http://127.0.0.1:{stats}", env["MAUBINH_DATABASE_URL"],
                            [])
        wait_healthy(f"{balanced.url}/_stcore/health", 30, haproxy)
        balanced.wait_status("app1", "UP", DOWN_TIMEOUT_S)
        first = supervisor.pid("app1")
        assert first is not None
        os.kill(first, signal.SIGKILL)
        killed = time.monotonic()
        while supervisor.pid("app1") in (None, first) and time.monotonic() - killed < RESTART_S:
            time.sleep(0.1)  # supervisord starts it again (its DOWN may be too short for HAProxy's two checks to see)
        wait_healthy(f"http://127.0.0.1:{port}/_stcore/health", RESTART_S, supervisor.process)  # the new one serves
        balanced.wait_status("app1", "UP", RESTART_S - (time.monotonic() - killed))  # HAProxy takes it back
        assert _get(f"{balanced.url}/_stcore/health") == "app1"  # served by it, through HAProxy
        seconds = time.monotonic() - killed
        again = supervisor.pid("app1")
        print(f"served again {seconds:.1f} s after SIGKILL")
        assert again is not None and again != first and seconds <= RESTART_S
    finally:
        if haproxy is not None:
            stop(haproxy)
        supervisor.stop()
        log.close()
