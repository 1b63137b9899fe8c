"""A class's CSV by hand (issue 35, "after the class"): the summary per learner above every answer or hand, values and
headers in the page's language, times in the teacher's zone, a crafted name neutralised, a BOM for Excel.

The assignment is tests/unit/classroom/test_board.py's: Lan answered 3 of 4 (2 right; decisions lost 0.0 and 0.8:
0.4 chi per decision, its standard error √(0.32 / 2) = 0.4, within two of them from 0: excellent), Minh 2 (none
right; one decision, 1.0: inaccuracy, no spread), Tú 4 (1 right; 1.0 and 0.4: 0.7 ± √(0.18 / 2) = 0.3,
inaccuracy). Every answer was given at 09:00 UTC: 16:00 in Hồ Chí Minh City (UTC+7).
"""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from classroom.board import board
from classroom.service import LearnerInfo
from classroom.table_board import table_board
from classroom.tables import StoredHand
from maubinh.arrangement import Arrangement
from maubinh.play import Origin
from maubinh.rules import load_rule_set
from tests.unit.classroom.test_board import ANSWERS, PEOPLE, RECORDS, T
from ui.classes.export import answer_sections, table_sections
from ui.escape import csv_bytes

RULES = load_rule_set("chi-at")
SAIGON = ZoneInfo("Asia/Ho_Chi_Minh")


def _read(data: bytes) -> list[list[str]]:
    assert data.startswith("\ufeff".encode())  # Excel reads the Vietnamese as UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def _assignment_csv(lang: str, people: list[LearnerInfo] = PEOPLE, answers: list = ANSWERS) -> list[list[str]]:  # type: ignore[type-arg]
    return _read(csv_bytes(*answer_sections(board(people, RECORDS, answers), "chi-at", "expert", {}, RULES, lang, SAIGON)))


SUMMARY = {
    "vi": (["Tóm tắt theo học viên"],
           ["Học viên", "Số câu đã trả lời", "Số câu đã hỏi", "Số câu đúng", "Số quyết định tính chi",
            "Chi mất mỗi quyết định", "± sai số chuẩn (chi)", "Mức"],
           [["Lan", "3", "4", "2", "2", "0.4", "0.4", "rất tốt"],
            ["Minh", "2", "4", "0", "1", "1.0", "0.0", "chưa chính xác"],
            ["Tú", "4", "4", "1", "2", "0.7", "0.3", "chưa chính xác"]]),
    "en": (["Summary per learner"],
           ["Learner", "Answered", "Questions asked", "Right", "Decisions graded in chi", "Chi lost per decision",
            "± standard error (chi)", "Band"],
           [["Lan", "3", "4", "2", "2", "0.4", "0.4", "excellent"],
            ["Minh", "2", "4", "0", "1", "1.0", "0.0", "inaccuracy"],
            ["Tú", "4", "4", "1", "2", "0.7", "0.3", "inaccuracy"]]),
}
ANSWERS_PART = {
    "vi": (["Từng câu trả lời"],
           ["Học viên", "Câu", "Bộ luật", "Trình độ", "Loại câu", "Tình trạng", "Câu trả lời", "Đáp án tốt nhất", "Đúng",
            "Chi mất", "Mức", "Giây", "Lúc trả lời (Asia/Ho_Chi_Minh)"],
           ["Lan", "1", "chi-at", "Cao thủ", "Cách xếp nào tốt hơn?", "đã trả lời", "A", "A", "có", "0.0", "tốt nhất",
            "10", "2026-12-01 16:00:00"],
           ["Lan", "3", "chi-at", "Cao thủ", "Tự xếp bài", "đã trả lời", "X", "As Ks Qs Js Ts | ... | ...", "không",
            "0.8", "chưa chính xác", "60", "2026-12-01 16:00:00"],
           ["Minh", "4", "chi-at", "Cao thủ", "Chi nào thắng?", "chưa trả lời", "chưa trả lời", "a", "", "", "", "",
            ""]),
    "en": (["Every answer"],
           ["Learner", "Question", "Rule set", "Level", "Kind", "Status", "Answer", "Best answer", "Correct", "Chi lost",
            "Band", "Seconds", "Answered at (Asia/Ho_Chi_Minh)"],
           ["Lan", "1", "chi-at", "Expert", "Which arrangement is better?", "answered", "A", "A", "yes", "0.0", "best", "10",
            "2026-12-01 16:00:00"],
           ["Lan", "3", "chi-at", "Expert", "Set it yourself", "answered", "X", "As Ks Qs Js Ts | ... | ...", "no", "0.8",
            "inaccuracy", "60", "2026-12-01 16:00:00"],
           ["Minh", "4", "chi-at", "Expert", "Which chi wins?", "not answered", "not answered", "a", "", "", "", "", ""]),
}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_assignment_s_csv_sums_up_each_learner_then_lists_every_answer(lang: str) -> None:
    rows = _assignment_csv(lang)
    title, headers, learners = SUMMARY[lang]
    assert rows[0] == title and rows[1] == headers and rows[2:5] == learners
    assert rows[5] == []  # a blank line between the two parts
    title, headers, lan_first, lan_third, minh_last = ANSWERS_PART[lang]
    assert rows[6] == title and rows[7] == headers
    answers = rows[8:]
    assert len(answers) == 3 * 4  # every learner x question, unanswered ones too
    assert answers[0] == lan_first and answers[2] == lan_third and answers[7] == minh_last


def test_a_learner_s_name_that_a_spreadsheet_would_run_stays_text() -> None:
    """Names typed to run in Excel or Sheets (a formula, a DDE call, a signed sum) get a leading quote in both parts;
    a comma, a quote and a line break in a name are escaped as CSV, so the cells do not shift."""
    names = ['=HYPERLINK("http://evil.example","Lan")', "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3", 'Vy, "the best"\nnext']
    people = [LearnerInfo(f"l{n}", "c", name, T, None) for n, name in enumerate(names)]
    rows = _assignment_csv("en", people)
    summary = [row[0] for row in rows[2:6]]
    assert summary == ["'" + names[0], "'" + names[1], "'" + names[2], names[3]]
    assert rows[7:9] == [ANSWERS_PART["en"][0], ANSWERS_PART["en"][1]]
    assert {row[0] for row in rows[9:]} == set(summary)  # the answers' part too, 4 rows each
    assert all(len(row) == len(ANSWERS_PART["en"][1]) for row in rows[9:])
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)


def test_times_are_in_the_teacher_s_zone_or_utc_when_it_is_unknown() -> None:
    late = [replace(a, answered_at=datetime(2026, 12, 1, 20, 30, tzinfo=UTC)) for a in ANSWERS]
    result = board(PEOPLE, RECORDS, late)
    saigon = _read(csv_bytes(*answer_sections(result, "chi-at", "expert", {}, RULES, "vi", SAIGON)))
    assert saigon[8][-1] == "2026-12-02 03:30:00"  # the next day in Vietnam
    utc = _read(csv_bytes(*answer_sections(result, "chi-at", "expert", {}, RULES, "en", None)))
    assert utc[7][-1] == "Answered at (UTC)" and utc[8][-1] == "2026-12-01 20:30:00"


def test_a_live_session_s_summary_counts_the_questions_asked() -> None:
    """A live session asked 2 of its 4 questions: the summary says of 2 (Tú's answers to 3 and 4 are the fixture's),
    the questions never asked have no rows."""
    rows = _read(csv_bytes(*answer_sections(board(PEOPLE, RECORDS, ANSWERS), "chi-at", "", {}, RULES, "en", SAIGON,
                                            asked=2)))
    assert [row[:3] for row in rows[2:5]] == [["Lan", "3", "2"], ["Minh", "2", "2"], ["Tú", "4", "2"]]
    assert rows[8][3] == ""  # no level said: the records here have none
    assert [(row[0], row[1]) for row in rows[8:]] == [(name, n) for name in ("Lan", "Minh", "Tú") for n in "12"]


A = Arrangement.parse("As Ks Qs Js Ts", "9h 9d 9c 4h 4d", "7c 7s 2d")
B = Arrangement.parse("9h 9d 9c 4h 4d", "As Ks Qs Js Ts", "7c 7s 2d")
HANDS = [
    StoredHand(1, "l0", 1, A, False, 20.0, 3.5, A, False, 3.5, 0.0, 0.0, 6, T),
    StoredHand(1, "l1", 1, B, False, 31.0, -2.0, A, False, 3.5, 5.5, 0.4, -6, T),
    StoredHand(1, "l0", 2, B, False, 90.0, -1.0, A, False, 1.2, 2.2, 0.1, 0, T, Origin.TIMER),
]
"""Lan: deal 1 the best split (0.0 chi lost), deal 2 timed out, her split played (2.2 lost: a mistake); Minh: deal 1
the middle and back swapped, binh lủng (5.5 lost: a blunder); Tú played nothing."""


@pytest.mark.parametrize(("lang", "summary", "lan_second"), [
    ("vi", [["Tóm tắt theo học viên"],
            ["Hạng", "Học viên", "Số ván đã chơi", "Số ván của buổi", "Số ván từ mức tốt trở lên", "Số quyết định tính chi",
             "Chi mất mỗi quyết định", "± sai số chuẩn (chi)", "Mức", "Số ván hết giờ", "Chi thắng thua tại bàn"],
            ["1", "Lan", "2", "2", "1", "2", "1.1", "1.1", "rất tốt", "1", "6"],
            ["2", "Minh", "1", "2", "0", "1", "5.5", "0.0", "sai nặng", "0", "-6"],
            ["", "Tú", "0", "2", "0", "0", "", "", "", "0", "0"]],
     ["Lan", "2", "9h 9d 9c 4h 4d | As Ks Qs Js Ts | 7c 7s 2d", "không", "hết giờ", "-1.0", str(A), "không", "1.2",
      "2.2", "0.1", "sai", "0", "90.0", "2026-12-01 16:00:00"]),
    ("en", [["Summary per learner"],
            ["Place", "Learner", "Hands played", "Deals in the session", "Hands good or better", "Decisions graded in chi",
             "Chi lost per decision", "± standard error (chi)", "Band", "Hands timed out", "Chi won at the table"],
            ["1", "Lan", "2", "2", "1", "2", "1.1", "1.1", "excellent", "1", "6"],
            ["2", "Minh", "1", "2", "0", "1", "5.5", "0.0", "blunder", "0", "-6"],
            ["", "Tú", "0", "2", "0", "0", "", "", "", "0", "0"]],
     ["Lan", "2", "9h 9d 9c 4h 4d | As Ks Qs Js Ts | 7c 7s 2d", "no", "timed out", "-1.0", str(A), "no", "1.2", "2.2",
      "0.1", "mistake", "0", "90.0", "2026-12-01 16:00:00"]),
])
def test_a_table_session_s_csv_ranks_the_summary_and_lists_every_hand(lang: str, summary: list[list[str]],
                                                                      lan_second: list[str]) -> None:
    """Lan's two hands lost 0.0 and 2.2 chi: 1.1 per decision ± √(2.42 / 2) = 1.1, within two standard errors of 0
    (excellent); Minh's one hand 5.5 (a blunder), and -6 chi at the table (luck is apart from chi lost)."""
    rows = _read(csv_bytes(*table_sections(table_board(PEOPLE, 2, HANDS), RULES, lang, SAIGON)))
    assert rows[:5] == summary
    assert rows[5] == [] and rows[6] == (["Từng ván"] if lang == "vi" else ["Every hand"])
    split = "Cách xếp (Chi 1 | Chi 2 | Chi 3)" if lang == "vi" else "Split (Chi 1 (back) | Chi 2 (middle) | Chi 3 (front))"
    assert rows[7][2] == split and rows[7][-1].endswith("(Asia/Ho_Chi_Minh)")
    assert len(rows[8:]) == 3 * 2 and rows[9] == lan_second
