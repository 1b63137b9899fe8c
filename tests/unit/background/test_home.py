"""background.home (issue 33, item 2; issue 32: stop in 2 s): the one home of background work stops within 2 s with
work in flight in every part of it (a lane computing, work queued, a job with a worker process, a child with a
grandchild) and leaves no process behind (by process group); lanes run at their priority and refuse past their
bound."""

from __future__ import annotations

import os
import subprocess
import threading
import time

import pytest

from background.home import Home, Lane, LaneSpec
from tests.unit.background.test_jobs import _running, _until, with_worker
from tests.unit.background.test_topup import _group


def test_the_home_stops_within_two_seconds_with_work_in_flight_and_leaves_no_child() -> None:
    home = Home({"work": LaneSpec(1, 0, 8, "a test's lane")})
    release = threading.Event()
    busy = home.submit("work", release.wait, 60)  # a thread computing (it is not waited for)
    queued = home.submit("work", sum, (1, 2))
    child = home.spawn(["sh", "-c", "sleep 60 & sleep 60"], stdout=subprocess.DEVNULL)
    job = home.jobs().submit("owner", with_worker)
    assert _until(lambda: job.done > 0 and len(_group(child.pid)) >= 2, 60), (job.state, _group(child.pid))
    (job_group,) = home.jobs().pids()
    worker = job.done
    assert _running(worker) and busy.running() and not queued.done()
    began = time.monotonic()
    took = home.stop()
    assert took < 2.0 and time.monotonic() - began < 2.0
    assert queued.cancelled()  # queued work is dropped
    assert _until(lambda: not _group(child.pid) and not _group(job_group) and not _running(worker), 1.0), (
        _group(child.pid), _group(job_group))
    assert home.submit("work", sum, (1,)).cancelled()  # a stopped home takes no more work
    with pytest.raises(RuntimeError, match="stopping"):
        home.spawn(["true"])
    with pytest.raises(RuntimeError):
        home.jobs().submit("owner", with_worker)
    release.set()


def test_an_idle_lane_runs_at_a_lower_cpu_priority_and_a_full_lane_refuses() -> None:
    lane = Lane("test-idle", workers=1, nice=10, bound=2)
    release = threading.Event()
    niceness = lane.submit(lambda: (os.getpriority(os.PRIO_PROCESS, threading.get_native_id()), release.wait(10))[0])
    queued = [lane.submit(int, "7") for _ in range(2)]  # the bound: two waiting
    refused = lane.submit(int, "8")
    assert refused.cancelled() and lane.refused == 1
    release.set()
    assert niceness.result(10) == min(19, os.nice(0) + 10)  # this thread only: the server's own stays as it is
    assert [f.result(10) for f in queued] == [7, 7] and os.nice(0) == os.getpriority(os.PRIO_PROCESS, 0)
    lane.stop(timeout=5)
