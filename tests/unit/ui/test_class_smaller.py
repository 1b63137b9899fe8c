"""Issue 22, item 15 ("a class, smaller") where no page is needed: a class's name stands alone in the
texts, one Vietnamese word for the seed, the CSV says which questions were not answered, Streamlit's own
select-box and connection texts in Vietnamese, the Progress charts' dates and titles, the kinds box's
height."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import streamlit

from classroom.board import board
from maubinh.rules import load_rule_set
from tests.unit.classroom.test_board import ANSWERS, PEOPLE, RECORDS
from ui.builtin_text import RULES, rules_for
from ui.cards import CARD_CSS
from ui.classes.export import ANSWER_COLUMNS, answer_sections
from ui.i18n import LANGUAGES, catalogue, translate
from ui.progress.view import figure_for

STREAMLIT_JS = Path(streamlit.__file__).parent / "static" / "static" / "js"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_puts_the_word_class_before_a_class_s_name(lang: str) -> None:
    word = {"vi": "lớp", "en": "class"}[lang]
    doubled = {key: text for key, text in catalogue(lang).items()
               if re.search(rf"\b{word}\s*\{{klass\}}", text, re.IGNORECASE)}
    assert doubled == {}  # "Lớp Lớp 10A", "Class Class 10A"
    assert translate("classes.joining", lang, klass="Lớp 10A").lower().count("lớp") <= (2 if lang == "vi" else 1)


def test_the_seed_has_one_vietnamese_name_and_a_help_that_says_what_it_is() -> None:
    vi = catalogue("vi")
    assert [key for key, text in vi.items() if re.search(r"hạt giống|\(seed\)", text, re.IGNORECASE)] == []
    assert vi["common.seed"] == vi["drill.set.seed"] == "Mã bộ"
    assert "mã bộ" in vi["classes.assignment_detail"] and "mã bộ" in vi["sim.done"]
    for key in ("common.seed_help", "drill.set.seed_help"):
        assert "the same" in translate(key, "en") and "cùng mã bộ" in translate(key, "vi"), key


def _frame(lang: str):  # type: ignore[no-untyped-def]
    _, answers = answer_sections(board(PEOPLE, RECORDS, ANSWERS), "chi-at", "expert", {}, load_rule_set("chi-at"), lang,
                                 None)[1]
    return answers


@pytest.mark.parametrize(("lang", "words"), [("vi", ("đã trả lời", "chưa trả lời")), ("en", ("answered", "not answered"))])
def test_the_class_csv_says_which_questions_were_not_answered(lang: str, words: tuple[str, str]) -> None:
    frame = _frame(lang)
    headers = list(frame.columns)
    assert headers == [translate(f"classes.csv.col.{key}", lang, zone="UTC") for key in ANSWER_COLUMNS]  # the page's words
    assert headers[:3] == (["Học viên", "Câu", "Bộ luật"] if lang == "vi" else ["Learner", "Question", "Rule set"])
    frame.columns = list(ANSWER_COLUMNS)
    minh = frame[frame["learner"] == "Minh"]
    assert list(minh["status"]) == [words[0], words[0], words[1], words[1]]  # Minh answered questions 1 and 2
    assert list(minh["answer"])[2:] == [words[1], words[1]]
    assert list(minh["answer"])[:2] == ["B", "a"]  # unreadable questions: the stored codes
    assert not (frame["answer"] == "").any()


STREAMLIT_TEXTS = {
    ("placeholder", "Choose options"): "Chọn một hay nhiều mục",
    ("placeholder", "Choose an option"): "Chọn một mục",
    ("text", "No results"): "Không tìm thấy",
    ("text", "Select all"): "Chọn tất cả",
    ("label", "Clear all"): "Bỏ chọn tất cả",
    ("label", "Selected values"): "Các mục đã chọn",
    ("label", "Open"): "Mở danh sách",
    ("text", "Connection error"): "Mất kết nối",
    ("text", "Streamlit server is not responding. Are you connected to the internet?"): translate(
        "builtin.not_responding", "vi"),
    ("text", ("Is Streamlit still running? If you accidentally stopped Streamlit, just restart it in your "
              "terminal:")): translate("builtin.not_responding", "vi"),
}


@pytest.mark.parametrize(("where", "original"), list(STREAMLIT_TEXTS))
def test_streamlit_s_select_and_connection_texts_are_rewritten_in_vietnamese(where: str, original: str) -> None:
    bundle = "".join(path.read_text(encoding="utf-8", errors="replace") for path in STREAMLIT_JS.glob("*.js"))
    assert f"`{original}`" in bundle  # still Streamlit's words: an upgrade that changes them fails here
    shown = next(text for kind, pattern, text in rules_for("vi") if kind == where and re.search(pattern, original))
    assert shown == STREAMLIT_TEXTS[(where, original)]
    assert not any(re.search(pattern, original) for _, pattern, _ in rules_for("en"))  # English: Streamlit's own
    assert {key for _, _, key in RULES} <= set(catalogue("en")) & set(catalogue("vi"))


def test_progress_dates_are_numeric_day_month_on_vietnamese_pages_and_charts_carry_no_title() -> None:
    vi, en = figure_for("Hệ số", "vi", dates=True), figure_for("Rating", "en", dates=True)
    stops = [stop.value for stop in vi.layout.xaxis.tickformatstops]
    assert stops == ["%H:%M<br>%d/%m", "%d/%m", "%m/%Y"] and vi.layout.xaxis.hoverformat == "%d/%m/%Y %H:%M"
    assert not any("%b" in stop or "%B" in stop for stop in stops)  # no English month names
    assert not en.layout.xaxis.tickformatstops  # plotly's own English dates
    assert vi.layout.title.text is None and en.layout.title.text is None  # the title is written above, and wraps


def test_every_chosen_option_of_a_multiselect_stays_in_view() -> None:
    assert re.search(r"stMultiSelectTagsContainer\"\]\) \{ max-height: none !important; \}", CARD_CSS)
    assert "overflow-y: visible" in CARD_CSS


def _shown(where: str, original: str) -> str:
    """What the page's script shows for ``original`` on a Vietnamese page (the first rule that matches)."""
    for kind, pattern, text in rules_for("vi"):
        found = re.search(pattern, original)
        if kind == where and found:
            for n, group in enumerate(found.groups(), start=1):
                text = text.replace(f"{{{n}}}", group)
            return text
    return original


def test_a_chosen_option_s_remove_button_is_read_out_in_vietnamese_and_a_file_s_still_as_before() -> None:
    assert _shown("label", "Remove Chi nào thắng?") == "Bỏ Chi nào thắng?"
    assert _shown("label", "Remove file") == "Bỏ tệp"
    assert _shown("text", "Select 3 matches") == "Chọn cả 3 mục khớp"
    assert _shown("text", "Remove Chi nào thắng?") == "Remove Chi nào thắng?"  # a text, not a label: left alone
