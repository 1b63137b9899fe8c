"""Explanations (maubinh.drills.explain, worded by ui.drill.explain): the sentence naming what decided it comes
first, losses and gaps are never negative, no number reads -0.00, and no gap inside the error is asked."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from maubinh.arrangement import Arrangement
from maubinh.drills import GAP_IN_STDERRS, DrillSet, Kind, Level, assess, make_question
from maubinh.drills.explain import Explanation, Sentence, decisive_line, explain
from maubinh.drills.payouts import clear_keys
from maubinh.drills.sampling import Breakdown
from maubinh.rules import POSITIONS, Position, load_rule_set
from maubinh.settle import ItemKind
from maubinh.strategy.arrangers import arrange_simple, random_legal
from maubinh.strategy.payouts import PlayByRules
from ui.drill.explain import sentence_text

NEGATIVE_ZERO = re.compile(r"[-−]0[.,]0+(?!\d*[1-9])")


def _lines(**lines: float) -> Breakdown:
    found: dict[object, float] = {p: lines.pop(p.value, 0.0) for p in POSITIONS}
    found.update({ItemKind[name.upper()]: value for name, value in lines.items()})
    return Breakdown(found, (0, 1), {p: (0.5, 0.0, 0.5) for p in POSITIONS})  # type: ignore[arg-type]


def test_the_decisive_line_gains_most_and_the_other_side_is_what_it_gives_up() -> None:
    chosen = _lines(front=0.40, middle=-0.10, back=0.2, scoop=0.05)
    other = _lines(front=-0.24, middle=0.05, back=0.2)
    assert decisive_line(chosen, other) == (Position.FRONT, pytest.approx(0.64), Position.MIDDLE, pytest.approx(0.15))
    # nothing lost anywhere (below half a hundredth of a chi): no "loses a little"
    assert decisive_line(_lines(back=1.0, front=-0.004), _lines()) == (Position.BACK, 1.0, None, 0.0)
    assert decisive_line(_lines(scoop=0.5), _lines(scoop=-0.1))[0] is ItemKind.SCOOP


def test_a_sentence_refuses_a_negative_loss_gap_or_error() -> None:
    with pytest.raises(ValueError, match="never negative"):
        Sentence("explain.gap", {"mine": "A", "gap": -0.01, "err": 0.1})
    Sentence("explain.line", {"mine_value": -0.5})  # a line's own value may be negative: it is not a loss


def test_the_words_in_both_languages() -> None:
    rules = load_rule_set("chi-at")
    sentence = Sentence("explain.chi", {"mine": "A", "other": "B", "position": Position.FRONT,
                                        "mine_hand": Arrangement.parse("As Ks Qs Js 9s", "8d 8c 7h 5d 4c",
                                                                       "Th Tc 4s").front,
                                        "other_hand": Arrangement.parse("As Ks Qs Js 9s", "Th Tc 8h 5d 4c",
                                                                        "8d 7c 4s").front,
                                        "mine_win": 64, "other_win": 2})
    assert sentence_text(sentence, rules, "en") == (
        "The Chi 3 (front) decides it: in option A, Đôi (pair): 10 · 4 wins that chi 64 % of the time, against "
        "2 % for Mậu thầu (high card): 8 7 4 in option B.")
    assert sentence_text(sentence, rules, "vi").startswith("Điều quyết định là Chi 3: ở cách A, Đôi: 10 · 4 thắng")
    gap = Sentence("explain.gap", {"mine": "A", "gap": 0.0001, "err": 0.2})
    assert sentence_text(gap, rules, "en") == "Altogether option A is ahead by 0.00 ± 0.20 chi per deal."
    source = Explanation((gap,), 1000).source
    assert sentence_text(source, rules, "vi") == (
        "Số liệu từ 1000 ván chia ngẫu nhiên, mỗi ván gặp 1 đối thủ do máy xếp bài.")


def _play(costs: list[list[float]], errors: list[list[float]]) -> PlayByRules:
    """Three rule sets, the first two playing their own splits, the third the second's; ``costs[i][j]``: what the
    split of rule set ``i`` costs under ``j``."""
    a = Arrangement.parse("As Ks Qs Js 9s", "8d 8c 7h 5d 4c", "Th Tc 4s")
    b = Arrangement.parse("As Ks Qs Js 9s", "Th Tc 8h 5d 4c", "8d 7c 4s")
    worth = -np.array(costs, dtype=np.float64)
    return PlayByRules(a.cards, tuple(load_rule_set(r) for r in ("chi-at", "luckywin", "tinh-chi")), (a, b, b),
                       worth, np.array(errors, dtype=np.float64), 400)


def test_a_rule_set_is_the_answer_only_when_it_alone_is_right_beyond_the_error() -> None:
    errors = [[0.0, 0.1, 0.1], [0.1, 0.0, 0.0], [0.1, 0.0, 0.0]]
    # chi-at's split is the best under chi-at, and 0.4 worse under the two others: beyond 3 errors of 0.1
    assert clear_keys(_play([[0, 0.4, 0.4], [0.5, 0, 0], [0.5, 0, 0]], errors)) == [0]
    # only 0.25 better under chi-at: still its best (within the error is enough for the key's own rule set)
    assert clear_keys(_play([[0, 0.4, 0.4], [0.25, 0, 0], [0.25, 0, 0]], errors)) == [0]
    # under luckywin it costs 0.25, inside three errors: luckywin would be as right, so not asked (issue 31)
    assert clear_keys(_play([[0, 0.25, 0.4], [0.5, 0, 0], [0.5, 0, 0]], errors)) == []
    # the others' split is a little better under chi-at itself: the split shown is not chi-at's best
    assert clear_keys(_play([[0, 0.4, 0.4], [-0.05, 0, 0], [-0.05, 0, 0]], errors)) == []


def _texts(explanation: Explanation, rule_set_id: str) -> list[str]:
    rules = load_rule_set(rule_set_id)
    return [sentence_text(s, rules, lang) for lang in ("vi", "en")
            for s in (*explanation.sentences, explanation.source)]


@pytest.mark.parametrize(("kind", "level", "count"), [
    (Kind.BETTER, Level.BEGINNER, 3), (Kind.BETTER, Level.MASTER, 2), (Kind.DECLARE, Level.BEGINNER, 4),
    (Kind.DECLARE, Level.MASTER, 2), (Kind.ARRANGE, Level.EXPERT, 2), (Kind.RULES, Level.EXPERT, 1)])
def test_generated_answers_start_with_what_decided_them_and_never_read_minus_zero(
        kind: Kind, level: Level, count: int) -> None:
    rules_id = "chi-at"
    drill_set = DrillSet((kind,), level, rules_id, seed=23, count=count)
    rule_set = load_rule_set(rules_id)
    rng = random.Random(5)
    for index in range(count):
        q = make_question(drill_set, index)
        if kind in (Kind.BETTER, Kind.DECLARE):
            assert q.gap > GAP_IN_STDERRS * q.gap_stderr  # the gap asked is beyond the error
        if kind is Kind.ARRANGE:
            found = [explain(q, assess(q, split, rule_set))
                     for split in (q.best, arrange_simple(q.cards, rule_set), random_legal(q.cards, rule_set, rng))]
        else:
            found = [explain(q)]
        for explanation in found:
            assert explanation is not None and explanation.deals >= 160 and explanation.opponents == 1
            first = explanation.sentences[0].key
            assert first.startswith("explain.") and first != "explain.gap"
            for text in _texts(explanation, q.key if kind is Kind.RULES else rules_id):
                assert "{" not in text and not NEGATIVE_ZERO.search(text), text
