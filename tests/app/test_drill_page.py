"""AppTest of the Drill page: ten graded questions, the score, feedback, the URL seed."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from maubinh import load_rule_set
from maubinh.drill import graded_question

TIMEOUT = 60
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "drill.py")


def drill(**params):
    at = AppTest.from_file(PAGE, default_timeout=TIMEOUT)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def metric(at, index):
    return at.metric[index].value


def test_ten_questions_graded_with_running_score():
    at = drill(seed="7", rules="tinh-chi")
    assert not at.exception
    rule_set = load_rule_set("tinh-chi")
    right = 0
    for number in range(10):
        _, grade = graded_question(7, number, rule_set)
        pick = grade.best if number % 3 else 1 - grade.best  # answer some wrong on purpose
        at.button(key=f"drill_pick_{pick}").click().run()
        assert not at.exception
        right += pick == grade.best
        feedback = at.success if pick == grade.best else at.error
        assert len(feedback) == 1 and "ABCD"[grade.best] in feedback[0].value
        assert metric(at, 0) == f"{right}/{number + 1} đúng"
        assert at.button(key=f"drill_pick_{pick}").disabled
        at.button(key="drill_next").click().run()
        assert at.subheader[0].value == f"Câu {number + 2}"
    assert right == 6


def test_feedback_gives_the_numbers():
    at = drill(seed="3", lang="en")
    _, grade = graded_question(3, 0, load_rule_set("chi-at"))  # the first rule set is the default
    at.button(key=f"drill_pick_{grade.best}").click().run()
    assert at.success[0].value.startswith("Right!")
    table = at.dataframe[0].value
    assert list(table.iloc[:, 0]) == ["A", "B"]
    assert any("±" in str(v) for v in table.iloc[:, 1])


def test_broken_seed_in_the_url_warns_and_falls_back():
    at = drill(seed="abc")
    assert not at.exception
    assert any("seed=abc" in w.value for w in at.warning)
    assert at.query_params["seed"] == ["1"] or at.query_params["seed"] == "1"
