"""One split, one grade (issue 36): the same hand fed to the Drill's grader ("set it yourself" on the same deals),
Play's analysis, a class table (the hand stored with its analysis, and on the board) and the profile's copy of the
hand (the history, Progress and its review) gets the same band and the same number, in both languages; on SQLite
and PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import pytest

from background.deals import Deals
from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.service import ClassroomStore
from classroom.table_board import table_board
from classroom.tables import TableSessions
from maubinh.bands import Band
from maubinh.drills import Level, assess
from maubinh.drills.arrange import LEVELS, ArrangeQuestion, played_seed
from maubinh.play import Strength, Table, analyse, play_deal, study
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from ui.bands import band_text

CHI_AT = load_rule_set("chi-at")
SEED, DEAL = 36, 2


def test_the_drill_play_a_class_table_and_the_profile_grade_one_split_the_same(store: ClassroomStore) -> None:
    # chi-at, heads-up against the beginner player, deal 2 of seed 36: strongest back first costs about 1.44 chi a
    # deal (the middle), an inaccuracy
    table = Table(CHI_AT, SEED, (Strength.BEGINNER,))
    cards = table.deal(DEAL)[0]
    mine = arrange_simple(cards, CHI_AT)
    studied = study(table, DEAL)

    # Play: the analysis after the showdown
    result = play_deal(table, DEAL, mine)
    play = analyse(table, DEAL, mine, actual=result.player_total, studied=studied)

    # the Drill: "set it yourself" of the same 13 cards, scored on the same deals
    question = ArrangeQuestion(played_seed(cards), Level.BEGINNER, cards, play.best, studied.scoring,
                               play.best_breakdown, LEVELS[Level.BEGINNER].tolerance)
    drill = assess(question, mine, CHI_AT)

    # a class table: the hand stored with its analysis, and the board built from it
    klass = store.create_class("Lớp 36", "vi", CHI_AT).info
    learner = store.join(klass.id, "Lan").info.id
    tables = TableSessions(store, work=Deals())
    session = tables.start(klass.id, CHI_AT, [Strength.BEGINNER], deals=2, timer=0, seed=SEED)
    stored = tables.submit(session.id, learner, DEAL, mine, False, 20.0)
    board = table_board(store.learners(klass.id), 2, tables.hands(session.id))
    on_board = board.by_learner[learner][DEAL]

    # the profile's copy: the history, Progress and the review queue read it
    kept = PlayHands(store).history(learner)
    assert len(kept) == 1
    profile = kept[0]

    grades = {"play": play.grade, "drill": drill.grade, "table": stored.grade, "board": on_board.grade,
              "profile": profile.grade}
    assert {g.band for g in grades.values()} == {Band.INACCURACY}
    for name, found in grades.items():
        assert found.cost == pytest.approx(play.cost, abs=1e-9), name
        assert found.stderr == pytest.approx(play.cost_stderr, rel=1e-6), name
    assert play.cost == pytest.approx(1.444, abs=0.001)
    for lang, text in (("en", "inaccuracy, 1.44 chi"), ("vi", "chưa chính xác, mất 1,44 chi")):
        assert {band_text(g, lang) for g in grades.values()} == {text}
    # the same verdicts follow from it: an error in Play and its review, wrong in the Drill at any level
    assert profile.error and play.grade.error and not drill.correct
    # ...and the review comes back at the learner's own level (a new learner: intermediate), not an expert's
    due = Practice(store).due(learner, now=profile.played_at.replace(year=profile.played_at.year + 1))  # type: ignore[union-attr]
    assert [item.ref.level for item in due] == [Level.INTERMEDIATE]
