"""ui.learn.quiz: three questions per step, each answer worked out again here with the engine.

The quiz must never disagree with the grader: for every step, source and a range of seeds, the
answer a question carries is recomputed from its cards with evaluate / foul_reason /
find_instant_win / settle, and every question asks what its step teaches.
"""

from __future__ import annotations

import doctest

import pytest

import ui.learn.quiz
from maubinh.arrangement import foul_reason
from maubinh.hands import Category, evaluate
from maubinh.naturals import find_instant_win
from maubinh.rules import RULE_SET_IDS, AceRule, Position, RuleSet, load_rule_set
from maubinh.settle import ItemKind, settle
from ui.learn.content import STEP_IDS
from ui.learn.quiz import QUIZ_LENGTH, Question, QuizKind, quiz

SEEDS = range(1, 7)
SOURCES = [load_rule_set(i) for i in RULE_SET_IDS]
CASES = [(step, rs, seed) for step in STEP_IDS for rs in SOURCES for seed in SEEDS]


def engine_answer(question: Question, rule_set: RuleSet) -> str:
    """The answer to ``question`` worked out from its cards, independently of the quiz module."""
    kind = question.kind
    if kind is QuizKind.STRONGER:
        a, b = (evaluate(hand, rule_set.wheel) for hand in question.hands)
        return "a" if a > b else "b" if b > a else "tie"
    if kind is QuizKind.CATEGORY:
        return evaluate(question.hands[0], rule_set.wheel).category.name
    if kind is QuizKind.FOUL:
        return "foul" if foul_reason(question.seats[0], rule_set) else "legal"
    if kind is QuizKind.INSTANT:
        win = find_instant_win(question.hands[0], rule_set)
        return win.pattern.value if win else "none"
    if kind is QuizKind.MOST_PAID:
        totals = {rs.id: settle(question.seats, rs).pair(0, 1).total for rs in SOURCES}
        best = max(totals.values())
        (winner,) = [i for i, total in totals.items() if total == best]
        return winner
    settlement = settle(question.seats, rule_set)
    pair = settlement.pair(0, 1)
    if kind is QuizKind.PAIR_TOTAL:
        return str(pair.total)
    if kind is QuizKind.SEAT_TOTAL:
        return str(settlement.totals[0])
    if kind is QuizKind.CHI_AMOUNT:
        return str(sum(item.amount for item in pair.items if item.position is question.position))
    return str(sum(item.amount for item in pair.items if item.kind is ItemKind.ACES))


@pytest.mark.parametrize(("step", "rule_set", "seed"), CASES, ids=lambda v: getattr(v, "id", v))
def test_every_answer_is_the_engines(step: str, rule_set: RuleSet, seed: int) -> None:
    questions = quiz(step, seed, rule_set)
    assert len(questions) == QUIZ_LENGTH
    for question in questions:
        assert len(set(question.options)) == len(question.options) >= 2
        assert question.answer in question.options
        assert question.answer == engine_answer(question, rule_set)
        assert question.is_right(question.answer) and not question.is_right(None)


def test_the_same_seed_gives_the_same_questions_and_another_seed_others() -> None:
    rule_set = SOURCES[0]
    for step in STEP_IDS:
        first, again, other = quiz(step, 3, rule_set), quiz(step, 3, rule_set), quiz(step, 4, rule_set)
        assert first == again
        assert first != other, step


def _all(step: str, rule_set: RuleSet) -> list[Question]:
    return [q for seed in SEEDS for q in quiz(step, seed, rule_set)]


@pytest.mark.parametrize("rule_set", SOURCES, ids=lambda rs: rs.id)
def test_each_step_asks_what_it_teaches(rule_set: RuleSet) -> None:
    kinds = {step: {q.kind for q in _all(step, rule_set)} for step in STEP_IDS}
    assert kinds["deck"] == {QuizKind.STRONGER}
    assert kinds["chi"] == kinds["foul"] == {QuizKind.FOUL}
    assert kinds["five"] == kinds["front"] == {QuizKind.CATEGORY, QuizKind.STRONGER}
    assert kinds["settle"] == {QuizKind.PAIR_TOTAL, QuizKind.SEAT_TOTAL}
    assert kinds["bonus"] == {QuizKind.CHI_AMOUNT}
    assert kinds["naturals"] == {QuizKind.INSTANT}
    assert kinds["scoop"] == {QuizKind.PAIR_TOTAL, QuizKind.SEAT_TOTAL}
    assert QuizKind.ACES in kinds["aces"]
    assert kinds["sources"] == {QuizKind.MOST_PAID}


def test_the_deck_quiz_includes_a_tie_on_suits_alone() -> None:
    ties = [q for q in _all("deck", SOURCES[0]) if q.answer == "tie"]
    assert ties
    for question in ties:
        a, b = question.hands
        assert sorted(c.rank for c in a) == sorted(c.rank for c in b) and not set(a) & set(b)


def test_both_answers_come_up_in_the_foul_quizzes() -> None:
    for step in ("chi", "foul"):
        assert {q.answer for rs in SOURCES for q in _all(step, rs)} == {"legal", "foul"}


def test_front_questions_compare_a_front_with_a_middle() -> None:
    for question in _all("front", SOURCES[2]):
        if question.kind is QuizKind.STRONGER:
            assert question.labels == (Position.FRONT, Position.MIDDLE)
            assert [len(hand) for hand in question.hands] == [3, 5]
        else:
            assert len(question.hands[0]) == 3
            assert {Category.MAU_THAU.name, Category.DOI.name, Category.SAM_CO.name} <= set(question.options)


@pytest.mark.parametrize("rule_set", SOURCES, ids=lambda rs: rs.id)
def test_settle_questions_are_plain_deals(rule_set: RuleSet) -> None:
    """Step 6 comes before bonuses, scoops and aces: its deals hold none of them."""
    for question in _all("settle", rule_set):
        settlement = question.settlement
        assert settlement is not None
        assert not any(settlement.fouls) and not any(settlement.naturals)
        kinds = {item.kind for pair in settlement.pairs for item in pair.items}
        assert kinds <= {ItemKind.CHI, ItemKind.ACES}
        assert all(item.amount == 0 for pair in settlement.pairs for item in pair.items if item.kind is ItemKind.ACES)


@pytest.mark.parametrize("rule_set", SOURCES, ids=lambda rs: rs.id)
def test_bonus_questions_are_about_a_special_chi_that_wins(rule_set: RuleSet) -> None:
    for question in _all("bonus", rule_set):
        pair = question.pair
        assert pair is not None and question.position is not None
        (item,) = [item for item in pair.items if item.position is question.position]
        assert item.kind in (ItemKind.BONUS, ItemKind.CLASH) and item.amount > rule_set.chi_win


@pytest.mark.parametrize("rule_set", SOURCES, ids=lambda rs: rs.id)
def test_scoop_questions_have_player_1_win_every_chi(rule_set: RuleSet) -> None:
    for question in _all("scoop", rule_set):
        settlement = question.settlement
        assert settlement is not None
        for other in range(1, len(question.seats)):
            assert set(settlement.pair(0, other).chi_results().values()) == {1}


def test_the_scoop_answers_follow_each_sources_multiplier() -> None:
    """Two players, player 1 wins three plain chi: 3 x the source's first multiplier (guide-2026: no scoop)."""
    for rule_set in SOURCES:
        for question in _all("scoop", rule_set):
            if question.kind is QuizKind.PAIR_TOTAL and len(question.seats) == 2:
                assert question.answer == str(3 * rule_set.scoop.multipliers[0])


@pytest.mark.parametrize("rule_set", SOURCES, ids=lambda rs: rs.id)
def test_ace_questions_have_players_1_and_2_hold_different_aces(rule_set: RuleSet) -> None:
    for question in _all("aces", rule_set):
        counts = [sum(card.rank == 14 for card in seat.cards) for seat in question.seats[:2]]
        assert counts[0] != counts[1]
        if question.kind is QuizKind.ACES and rule_set.ace_rule is AceRule.NONE:
            assert question.answer == "0"


def test_naturals_questions_offer_no_instant_win_and_patterns_of_the_source() -> None:
    for rule_set in SOURCES:
        listed = {rule.pattern.value for rule in rule_set.naturals}
        for question in _all("naturals", rule_set):
            assert "none" in question.options
            assert set(question.options) - {"none"} <= listed


def test_most_paid_options_are_the_four_sources() -> None:
    for question in _all("sources", SOURCES[1]):
        assert question.options == tuple(RULE_SET_IDS)
        assert len(question.by_rule_set) == 4


def test_number_options_offer_the_other_sources_answers() -> None:
    """A wrong option worth offering: what the same cards pay under another source."""
    question = quiz("bonus", 1, load_rule_set("chi-at"))[0]
    others = {str(sum(i.amount for i in settle(question.seats, rs).pair(0, 1).items if i.position is question.position))
              for rs in SOURCES}
    assert others & set(question.options) - {question.answer} or len(others) == 1


def test_an_unknown_step_is_refused() -> None:
    with pytest.raises(ValueError, match="no quiz for step 'check'"):
        quiz("check", 1, SOURCES[0])


def test_docstring_examples() -> None:
    result = doctest.testmod(ui.learn.quiz, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_learn_quiz_chi_amount_says_what_is_asked_before_or_after_scoop() -> None:
    """Issue 12 §4: the bonus step's "how many chi for this chi alone" is asked on deals where nobody wins
    all three chi (so the scoop cannot change the line asked about), and the question says so."""
    from maubinh.rules import RULE_SET_IDS, load_rule_set
    from ui.i18n import translate
    from ui.learn.quiz import QuizKind, quiz

    for rule_set_id in RULE_SET_IDS:
        rule_set = load_rule_set(rule_set_id)
        for seed in range(1, 9):
            for question in quiz("bonus", seed, rule_set):
                assert question.kind is QuizKind.CHI_AMOUNT
                pair = question.settlement.pair(0, 1)
                assert set(pair.chi_results().values()) != {1}, (rule_set_id, seed)
                assert not any(item.kind.value == "scoop" for item in pair.items)
    for lang in ("vi", "en"):
        text = translate("learn.quiz.ask.chi_amount", lang, position="Chi 2", a="1", b="2")
        assert ("sập" in text) if lang == "vi" else ("scoop" in text)
