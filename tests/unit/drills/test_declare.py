"""Drill kind "báo hay đánh?" (declare or play it out, issue 12 §1): graded in chi against sampled opponents."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from maubinh.drills import KINDS, DeclareAnswer, DeclareQuestion, DrillSet, Kind, Lesson, Level, make_question
from maubinh.drills.better import GAP_IN_STDERRS
from maubinh.drills.declare import LEVELS, make_declare_question
from maubinh.naturals import find_instant_win
from maubinh.rules import load_rule_set
from ui.i18n import translate
from ui.learn.content import STEP_IDS

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("rule_set_id", ["chi-at", "tinh-chi"])
def test_drill_declare_or_play_is_graded_in_chi(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    keys: Counter[DeclareAnswer] = Counter()
    for seed in range(4):
        q = make_declare_question(seed, rule_set, Level.BEGINNER)
        assert isinstance(q, DeclareQuestion) and q.kind is Kind.DECLARE
        assert find_instant_win(q.cards, rule_set) == q.natural
        declared, played = q.results
        lead = declared.mean - played.mean
        assert (q.key is DeclareAnswer.DECLARE) == (lead > 0)
        assert q.gap == pytest.approx(abs(lead)) and q.gap > GAP_IN_STDERRS * q.gap_stderr
        assert q.gap >= LEVELS[Level.BEGINNER].min_gap
        assert q.is_correct(q.key) and not q.is_correct(next(c for c in q.choices if c is not q.key))
        assert q.cost(q.key) == 0 and q.cost(next(c for c in q.choices if c is not q.key)) == q.gap
        assert sum(q.breakdowns[0].totals) / len(q.breakdowns[0].totals) == pytest.approx(declared.mean)
        assert sum(q.breakdowns[1].totals) / len(q.breakdowns[1].totals) == pytest.approx(played.mean)
        assert sorted(q.split.cards) == sorted(q.cards)
        keys[q.key] += 1
    assert keys[DeclareAnswer.PLAY] >= 1 and keys[DeclareAnswer.DECLARE] >= 1, keys  # both answers occur


def test_the_declare_kind_is_a_drill_kind_with_its_lesson_in_both_languages() -> None:
    assert Kind.DECLARE in KINDS and DeclareQuestion.lesson is Lesson.NATURALS
    assert Lesson.NATURALS.value in STEP_IDS
    q = make_question(DrillSet((Kind.DECLARE,), Level.BEGINNER, "chi-at", seed=3, count=1), 0)
    assert isinstance(q, DeclareQuestion)
    for lang in ("vi", "en"):
        for key in ("drill.kind.declare", "drill.kind_help.declare", "drill.declare.declare", "drill.declare.play",
                    "drill.declare.prompt", "drill.declare.right", "drill.declare.wrong"):
            assert translate(key, lang) != key
    assert translate("drill.kind.declare", "vi") == "Báo hay đánh?"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "eight kinds" in readme and "báo hay đánh?" in readme


def test_the_close_call_probe_is_made_once_when_many_sessions_ask_at_once() -> None:
    import threading
    from dataclasses import replace

    from maubinh.drills import declare

    house = replace(load_rule_set("chi-at"), id="probe-herd")  # not probed yet in this process
    before = declare._probe_once.cache_info().misses
    barrier = threading.Barrier(8)
    found: list[object] = []

    def ask() -> None:
        barrier.wait()
        found.append(declare.unavailable(house, Level.EXPERT))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert declare._probe_once.cache_info().misses - before == 1  # one thread probed, seven waited for it
    assert len(set(found)) == 1 and len(found) == 8
