"""The leaderboard between a live session's questions (issue 35: "by chi lost, not speed alone"), from the stored
answers on both databases, by hand: right answers first, then chi lost (fewer first); the fastest learner gains
nothing by speed; learners level (the same right answers, chi lost within the "best" band, 0.05 chi) share a
place; a learner who answered nothing is not on it."""

from __future__ import annotations

from classroom.board import standings
from classroom.live import LiveSessions
from classroom.service import ClassroomStore
from tests.unit.classroom.test_live import RULES, _class, _picks


def test_the_leaderboard_ranks_by_right_answers_then_chi_lost_never_by_speed(store: ClassroomStore) -> None:
    """Two questions. Ace: both right (0.0 chi lost): 1st. Careful: right, then wrong (0.30): 1 right, 0.30. Twin:
    wrong (0.32), then right: 1 right, 0.32, level with Careful (0.02 apart): 2= too. Speedy answers first each time
    but wrong (1.00), then right: 1 right, 1.00 chi lost: 4th, though the fastest. Absent answered nothing."""
    live = LiveSessions(store)
    class_id, (ace, careful, twin, speedy, _absent) = _class(store, 5)
    info = live.start(class_id, RULES, _picks(2), seconds=60, leaderboard=True)
    given = {0: [(speedy, False, 1.0), (ace, True, 0.0), (twin, False, 0.32), (careful, True, 0.0)],
             1: [(speedy, True, 0.0), (twin, True, 0.0), (careful, False, 0.3), (ace, True, 0.0)]}
    for number, answers in given.items():
        live.advance(class_id, info.id, number - 1)
        for learner, right, lost in answers:  # in this order: Speedy's answer is first in, and the quickest
            live.answer(info.id, learner, number, "a" if right else "b", right, lost)
        # between the questions, the wall's board
        if number == 0:
            first = standings(live.report(info.id))
            assert [(s.place, s.row.learner_id) for s in first] == [(1, ace), (1, careful), (3, twin), (4, speedy)]
    board = standings(live.report(info.id))
    assert [(s.place, s.row.learner_id, s.level) for s in board] == [
        (1, ace, False), (2, careful, False), (2, twin, True), (4, speedy, False)]
    rows = {s.row.learner_id: s.row for s in board}
    assert [(rows[x].right, round(rows[x].chi_lost, 2)) for x in (ace, careful, twin, speedy)] == [
        (2, 0.0), (1, 0.3), (1, 0.32), (1, 1.0)]
    assert rows[speedy].seconds < rows[careful].seconds  # the quickest, and 4th
