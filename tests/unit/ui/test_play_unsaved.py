"""A Play hand the database cannot take yet (issue 32, 5): kept in the session and sent again on each run, logged
as one line per retry with the traceback once (ui.errors.log_failure), stored once when the database is back; on
SQLite and PostgreSQL."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest
from sqlalchemy.exc import OperationalError

from classroom.play_hands import PlayedHand, PlayHands
from classroom.practice import Practice
from classroom.service import ClassroomStore
from tests.unit.classroom.conftest import BIG_SEED, BOTS, played_hand
from ui import errors
from ui.play import history
from ui.play.state import PlaySession


class _Flaky:
    """PlayHands on ``store`` whose writes fail while :attr:`down`."""

    def __init__(self, store: ClassroomStore) -> None:
        self.real, self.down, self.tries = PlayHands(store), True, 0

    def keep(self, learner_id: str, hand: PlayedHand) -> PlayedHand:
        self.tries += 1
        if self.down:
            raise OperationalError("INSERT INTO play_hands ...", {}, Exception("play: server closed the connection"))
        return self.real.keep(learner_id, hand)


def test_an_unsaved_hand_is_retried_each_run_logged_once_with_its_traceback_and_stored_once(
        store: ClassroomStore, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(errors, "_SEEN", {})
    made = Practice(store).create_profile("Lan")
    profile = SimpleNamespace(learner=made.info, token=str(made.token))
    hand = played_hand(2)
    session = PlaySession(hand.table, hands={2: hand})
    flaky = _Flaky(store)
    monkeypatch.setattr(history, "_hands", lambda: flaky)
    with caplog.at_level(logging.WARNING, logger="ui.play.history"):
        for _ in range(3):  # three runs of the page while the database is down
            history.keep_hands(profile, session)
    records = [r for r in caplog.records if r.name == "ui.play.history"]
    assert [r.exc_info is not None for r in records] == [True, False, False]
    assert all(len(r.getMessage().splitlines()) == 1 for r in records)
    assert "again: 2" in records[-1].getMessage()
    assert session.saved == set() and session.hands[2] == hand  # kept in the session, not lost
    flaky.down = False
    history.keep_hands(profile, session)  # the next run: stored
    history.keep_hands(profile, session)  # and not again
    assert flaky.tries == 4 and session.saved == {2}
    stored = PlayHands(store).history(made.info.id)
    assert [(h.deal, h.table_seed, h.split) for h in stored] == [(2, BIG_SEED, hand.split)]
    assert stored[0].bots == tuple(b.value for b in BOTS)
