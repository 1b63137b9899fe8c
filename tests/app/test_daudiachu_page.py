"""The Đấu địa chủ page run by Streamlit (AppTest, no browser): the lesson with every example as the engine
reads it, the try-your-cards and bidding boxes with their errors, the three drills graded by the engine, the
URL seed, and the score calculator.

The page file is named ``dau_dia_chu.py`` so that, run as the main script with ``pages/`` first on
``sys.path``, it can never shadow the ``daudiachu`` package.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from daudiachu.bidding import PASS, bidding_result
from daudiachu.drills import follow_question, score_question, type_question
from daudiachu.examples import load_examples
from daudiachu.plays import classify, follow, why_not
from daudiachu.scoring import score
from ui.daudiachu.labels import (
    bidding_outcome,
    describe_play,
    describe_rejection,
    describe_verdict,
    signed,
    type_name,
)
from ui.i18n import translate

PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "dau_dia_chu.py")
TIMEOUT_S = 60
EXAMPLES = load_examples()


def _run(**query: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=TIMEOUT_S)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    _ok(at)
    return at


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _markdown(at: AppTest) -> str:
    return "\n".join(element.value for element in at.markdown)


def _texts(elements) -> list[str]:
    return [element.value for element in elements]


# --------------------------------------------------------------------------- the lesson


def test_opens_in_vietnamese_with_the_lesson_drills_and_calculator():
    at = _run()
    assert at.title[0].value == "Đấu địa chủ"
    assert [tab.label for tab in at.tabs] == ["Bài học", "Luyện tập", "Tính điểm"]
    subheaders = _texts(at.subheader)
    for heading in ("Thứ tự lá bài", "Gọi địa chủ", "Mười kiểu bài", "Bài nào chặn được bài nào", "Tính điểm"):
        assert heading in subheaders
    assert not at.error and not at.warning


def test_english_with_lang_en():
    at = _run(lang="en")
    assert at.title[0].value == "Dou Dizhu (Đấu địa chủ)"
    assert [tab.label for tab in at.tabs] == ["Lesson", "Drills", "Score calculator"]
    assert "The ten play types" in _texts(at.subheader)
    assert "Airplane (phi cơ)" in _markdown(at)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_play_example_is_drawn_and_labelled_as_the_engine_reads_it(lang):
    markdown = _markdown(_run(lang=lang))
    for example in EXAMPLES.plays:
        play = classify(example.cards)
        label = describe_play(play, lang)
        assert f'aria-label="{label}"' in markdown, label
    for kind in {example.type for example in EXAMPLES.plays}:
        assert f"**{type_name(kind, lang)}**" in markdown


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_look_alike_shows_the_engines_reason(lang):
    markdown = _markdown(_run(lang=lang))
    for example in EXAMPLES.not_plays:
        reason = describe_rejection(why_not(example.cards), lang)
        assert f"✗ {reason}" in markdown.replace("&quot;", '"'), reason


def test_every_follow_example_shows_the_engines_verdict():
    markdown = _markdown(_run())
    for example in EXAMPLES.follows:
        play, previous = classify(example.play), classify(example.previous)
        verdict = follow(play, previous)
        assert verdict is example.verdict
        mark = ":green[✓]" if verdict.beats else ":red[✗]"
        assert f"{mark} {describe_verdict(verdict, play, previous, 'vi')}" in markdown


def test_bidding_examples_show_the_engines_outcome():
    markdown = _markdown(_run(lang="en"))
    for example in EXAMPLES.biddings:
        if example.error is None:
            assert bidding_outcome(bidding_result(example.calls, example.first), "en") in markdown
    assert "Call 2 (Player 2): Bid 1 is not above the highest bid so far (2); bid 3 or pass." in markdown


def test_score_examples_table_is_the_engines():
    at = _run()
    table = at.table[0].value
    assert isinstance(table, pd.DataFrame)
    for row, example in zip(table.itertuples(index=False), EXAMPLES.scores, strict=True):
        assert list(row)[-3:] == [signed(p) for p in score(example.game).points]
        assert list(row)[-3:] == [signed(p) for p in example.points]


def test_the_readings_are_shown_as_readings():
    markdown = "\n".join(_texts(_run(lang="en").caption))
    assert markdown.count(":blue-badge[Our reading]") == 6
    assert "a) the landlord goes out before either farmer has played a card" in markdown


# --------------------------------------------------------------------------- try your own cards


def test_try_box_names_both_plays_and_says_whether_one_beats_the_other():
    at = _run(lang="en")
    assert at.text_input(key="ddz_try_previous").value == "9 10 J Q K"
    assert "Straight (sảnh đơn) of 5 cards, 10 to A" in _texts(at.success)
    at.text_input(key="ddz_try_play").input("2222").run()
    _ok(at)
    assert "Bomb (bom) of 2" in _texts(at.success)
    assert any(text.startswith("A bomb beats any play") for text in _texts(at.success))
    at.text_input(key="ddz_try_play").input("J Q K A 2").run()
    assert any("2♠: straights, pair straights and trio straights use only 3 up to A" in e for e in _texts(at.error))


def test_unreadable_cards_are_named_next_to_the_box_and_the_text_is_kept():
    at = _run()
    at.text_input(key="ddz_try_play").input("10 J Q K Zx").run()
    _ok(at)
    assert _texts(at.error) == ["“Zx”: không đọc được số của lá bài (dùng 3–10, J, Q, K, A, 2, hoặc RJ / BJ cho lá vương)."]
    assert at.text_input(key="ddz_try_play").value == "10 J Q K Zx"
    at.text_input(key="ddz_try_play").input("9s").run()  # 9♠ is already in the play on the table
    assert _texts(at.error) == ["“9s”: lá này đã nằm trong bài trên bàn."]
    at.text_input(key="ddz_try_play").input("joker").run()
    assert "lá vương nào" in at.error[0].value
    at.text_input(key="ddz_try_play").input("").run()
    assert not at.error


def test_markdown_in_a_typed_token_is_escaped():
    at = _run(lang="en")
    at.text_input(key="ddz_try_play").input("*x*").run()
    assert at.error[0].value.startswith("“\\*x\\*”")


# --------------------------------------------------------------------------- the bidding box


def _bid(at: AppTest, calls: list[int | None], first: int = 0) -> AppTest:
    at.selectbox(key="ddz_bid_first").set_value(first)
    for index, call in enumerate(calls):
        at.selectbox(key=f"ddz_bid_call_{index}").set_value(call)
    at.run()
    _ok(at)
    return at


def test_bidding_box_judges_the_calls():
    at = _run(lang="en")
    assert "Player 3 becomes the landlord with a bid of 2." in _texts(at.success)
    _bid(at, [PASS, 3, None], first=1)
    assert "Player 3 becomes the landlord with a bid of 3." in _texts(at.success)
    _bid(at, [PASS, PASS, PASS])
    assert "All three passed: the cards are dealt again." in _texts(at.success)
    _bid(at, [2, 1, None])
    assert "Call 2 (Player 2): Bid 1 is not above the highest bid so far (2); bid 3 or pass." in _texts(at.error)
    _bid(at, [3, PASS, None])
    assert "Call 2 (Player 2): the bidding had already ended." in _texts(at.error)
    _bid(at, [1, None, None])
    assert _texts(at.info) == ["Not over yet: Player 2 calls next and may choose Pass (không theo), Bid 2, Bid 3."]
    _bid(at, [1, None, 2])
    assert "Call 2 is empty: calls are made in order." in _texts(at.error)


# --------------------------------------------------------------------------- drills


def _drill(kind: str, **query: str) -> AppTest:
    at = _run(**query)
    at.radio(key="ddz_drill_kind").set_value(kind).run()
    _ok(at)
    return at


def _score_metric(at: AppTest) -> str:
    return next(metric.value for metric in at.metric if metric.label in ("Điểm", "Score"))


def test_type_drill_is_graded_by_the_engine_and_keeps_score():
    at = _drill("type", seed="5")
    right = 0
    for number in range(6):
        question = type_question(5, number)
        answer = question.answer.value if question.answer else "not_a_play"
        pick = answer if number % 2 == 0 else ("not_a_play" if question.answer else "pair")
        at.radio(key=f"ddz_type_choice_5_{number}").set_value(pick)
        at.button(key="ddz_type_check").click().run()
        _ok(at)
        right += pick == answer
        feedback = at.success if pick == answer else at.error
        assert len(feedback) >= 1
        if question.play is not None:  # the answer and the reason: what makes cards that type
            assert describe_play(question.play, "vi") in feedback[-1].value
            assert translate(f"ddz.define.{question.play.type.value}", "vi") in feedback[-1].value
        else:
            assert describe_rejection(question.rejection, "vi") in feedback[-1].value
        assert _score_metric(at) == f"{right}/{number + 1} đúng"
        at.button(key="ddz_next").click().run()
        assert at.subheader[-1].value == f"Câu {number + 2}"
    assert right == 3


def test_type_drill_asks_for_an_answer_before_checking():
    at = _drill("type", seed="5")
    at.button(key="ddz_type_check").click().run()
    _ok(at)
    assert _texts(at.warning) == ["Hãy chọn một câu trả lời trước."]
    assert _score_metric(at) == "0/0 đúng"


def test_follow_drill_is_graded_by_the_engine():
    at = _drill("follow", seed="8", lang="en")
    for number in range(5):
        question = follow_question(8, number)
        answer = question.beats if number != 2 else not question.beats
        at.button(key="ddz_follow_yes" if answer else "ddz_follow_no").click().run()
        _ok(at)
        why = describe_verdict(question.verdict, question.play, question.previous, "en")
        if answer == question.beats:
            assert at.success[-1].value.startswith("Right!") and why in at.success[-1].value
        else:
            assert at.error[-1].value.startswith("Not quite") and why in at.error[-1].value
        assert at.button(key="ddz_follow_yes").disabled and at.button(key="ddz_follow_no").disabled
        at.button(key="ddz_next").click().run()
    assert _score_metric(at) == "4/5 right"


def test_score_drill_is_graded_by_the_engine_with_the_steps():
    at = _drill("score", seed="3", lang="en")
    question = score_question(3, 0)
    for seat, points in enumerate(question.score.points):
        at.number_input(key=f"ddz_score_in_3_0_{seat}").set_value(points)
    at.button(key="ddz_score_check").click().run()
    _ok(at)
    assert at.success[-1].value.startswith("Right!")
    assert any("Multiplier: " in line for line in _markdown(at).splitlines())
    assert at.table[-1].value.iloc[:, -1].tolist() == [signed(p) for p in question.score.points]
    at.button(key="ddz_next").click().run()
    wrong = score_question(3, 1)
    at.button(key="ddz_score_check").click().run()  # all zeros
    _ok(at)
    if wrong.score.points != (0, 0, 0):
        assert at.error[-1].value.startswith("Not quite: you wrote 0, 0, 0")
    assert _score_metric(at) in ("1/2 right", "2/2 right")


def test_the_drill_set_comes_from_the_url_and_a_broken_seed_is_named():
    at = _drill("type", seed="42")
    shown = at.markdown
    cards = type_question(42, 0).cards
    assert any(all(f'data-card="{_face(card)}"' in m.value for card in cards) for m in shown)
    at = _run(seed="abc")
    assert any("seed=abc" in warning.value or "abc" in warning.value for warning in at.warning)
    assert at.query_params["seed"] in (["1"], "1")
    # named above the tabs (the first tab, the lesson, is the one open), not inside the drill tab
    assert not any(tab.warning for tab in at.tabs)


def _face(card) -> str:
    return card.rank.symbol if card.rank.is_joker else f"{card.rank.symbol}{card.suit.value}"


def test_new_set_changes_the_seed():
    at = _drill("follow", seed="9")
    at.button(key="ddz_new_set").click().run()
    _ok(at)
    seed = at.query_params["seed"]
    seed = seed[-1] if isinstance(seed, list) else seed
    assert re.fullmatch(r"\d+", seed) and seed != "9"
    assert _score_metric(at) == "0/0 đúng"


# --------------------------------------------------------------------------- the score calculator


def _metrics(at: AppTest) -> list[str]:
    return [metric.value for metric in at.metric if re.match(r"(Người|Player) \d", metric.label)]


def test_calculator_scores_the_default_game():
    at = _run(lang="en")
    assert _metrics(at) == ["+2", "−1", "−1"]
    assert "Player 1 (landlord)" in [metric.label for metric in at.metric]


def test_calculator_doubles_per_bomb_rocket_and_case_b():
    at = _run(lang="en")
    at.selectbox(key="ddz_calc_landlord").set_value(1)
    at.radio(key="ddz_calc_bid").set_value(2)
    at.selectbox(key="ddz_calc_who").set_value(2)
    at.number_input(key="ddz_calc_bombs").set_value(2)
    at.checkbox(key="ddz_calc_rocket").check()
    at.run()
    _ok(at)
    assert _metrics(at) == ["+16", "−32", "+16"]
    spring = at.checkbox(key="ddz_calc_spring_anti_spring")
    assert spring.label == "Case b): the landlord played only once"
    spring.check().run()
    _ok(at)
    assert _metrics(at) == ["+32", "−64", "+32"]
    markdown = _markdown(at)
    assert "Multiplier: 1 × 2 (bomb) × 2 (bomb) × 2 (rocket) × 2 (case b)) = 16." in markdown
    assert "Each farmer: 2 × 16 = 32, so +32." in markdown
    assert "Read as two cases" in markdown  # the spring reading is shown with the result


def test_calculator_landlord_out_offers_case_a_and_quit_scores_zero():
    at = _run()
    assert at.checkbox(key="ddz_calc_spring_spring").label.startswith("Trường hợp a)")
    at.checkbox(key="ddz_calc_spring_spring").check().run()
    assert _metrics(at) == ["+4", "−2", "−2"]
    at.radio(key="ddz_calc_ending").set_value("quit").run()
    _ok(at)
    assert _metrics(at) == ["0", "0", "0"]
    assert at.checkbox(key="ddz_calc_spring_spring").disabled
    assert "bỏ cuộc: cả ván tính 0 điểm cho mọi người" in _markdown(at)


def test_every_calculator_setting_matches_the_engine():
    from daudiachu.scoring import Game

    at = _run()
    for landlord, who, bid, bombs in [(0, 1, 3, 0), (2, 2, 1, 5), (1, 0, 2, 13)]:
        at.selectbox(key="ddz_calc_landlord").set_value(landlord)
        at.selectbox(key="ddz_calc_who").set_value(who)
        at.radio(key="ddz_calc_bid").set_value(bid)
        at.number_input(key="ddz_calc_bombs").set_value(bombs)
        at.run()
        _ok(at)
        expected = score(Game(bid=bid, landlord=landlord, went_out=who, bombs=bombs)).points
        assert _metrics(at) == [signed(p) for p in expected]


def test_a_paste_past_the_limit_is_named_not_cut_and_the_last_result_goes():
    from ui.daudiachu.lesson import MAX_TYPED

    at = _run(lang="en")
    box = at.text_input(key="ddz_try_play")
    assert box.max_chars > MAX_TYPED
    before = len(at.success)
    box.set_value("3 " * 150).run()  # 300 characters
    _ok(at)
    assert any("too long for a play" in e.value for e in at.error)
    assert len(at.success) < before  # the earlier 10-J-Q-K-A and its verdict are gone
