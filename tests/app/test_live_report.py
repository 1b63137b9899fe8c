"""AppTest of a live session's report on the teacher's Live tab (issue 35, "after the class"): per learner (right of
the answers, chi lost ± its standard error), who did not answer every question asked, per kind, the hardest
question, the CSV; hand-counted; both languages."""

from __future__ import annotations

import csv
import io

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest, app_test

from classroom.live import LivePick, LiveSessions
from classroom.service import ClassroomStore
from classroom.snapshot import pack, record
from maubinh.bands import Band
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from ui.bands import band_name
from ui.classes.export import SUMMARY_COLUMNS
from ui.classes.words import kind_words
from ui.i18n import translate
from ui.labels import number

RULES = load_rule_set("chi-at")
SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=11, count=3)


def _tables(at: AppTest) -> list[str]:
    return [table.value.to_csv() for table in at.table]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_ended_live_session_is_reported_per_learner_kind_and_question(db: ClassroomStore, lang: str) -> None:
    """Three questions, two asked: Lan answers both (right, 0.0 chi lost; wrong, 1.0); Minh the first only (wrong,
    0.5); Hoa none. Lan 1/2 (50%), 0.5 ± 0.5 chi; Minh 0/1, 0.5 (one decision: no spread); question 1: 1/2 right,
    question 2: 0/1 right, the hardest; Minh and Hoa did not answer both."""
    made = db.create_class("Lớp chiều", lang, RULES)
    class_id = made.info.id
    lan, minh, _hoa = (db.join(class_id, name).info.id for name in ("Lan", "Minh", "Hoa"))
    questions = [make_question(SET, n) for n in range(SET.count)]
    live = LiveSessions(db)
    info = live.start(class_id, RULES, [LivePick(f"q{n}", q.kind.value, (), record(q), pack(q))
                                        for n, q in enumerate(questions)], seconds=30)
    live.advance(class_id, info.id, -1)
    live.answer(info.id, lan, 0, "a", True, 0.0)
    live.answer(info.id, minh, 0, "b", False, 0.5)
    live.advance(class_id, info.id, 0)
    live.answer(info.id, lan, 1, "b", False, 1.0)
    live.end(class_id, info.id)

    at = open_page("classes", teacher=str(made.teacher_token), lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    assert translate("live.report.title", lang) in [s.value for s in at.subheader]
    learners, kinds = _tables(at)[-2:]
    half, nothing = translate("classes.share", lang, right=1, total=2, percent="50"), translate(
        "classes.share", lang, right=0, total=1, percent="0")
    lan_row = next(line for line in learners.splitlines() if "Lan" in line)
    assert half in lan_row and f"{number(0.5, lang)} ± {number(0.5, lang)}" in lan_row  # mean 0.5, sd 0.707 / √2
    minh_row = next(line for line in learners.splitlines() if "Minh" in line)
    assert nothing in minh_row and "±" not in minh_row
    assert kind_words("chi", lang) in kinds and translate("classes.share", lang, right=1, total=3, percent="33") in kinds
    shown = "\n".join(m.value for m in at.markdown)
    assert translate("live.report.unfinished_line", lang, name="Minh", answered=1, asked=2) in shown
    assert translate("live.report.unfinished_line", lang, name="Hoa", answered=0, asked=2) in shown
    assert "Lan:" not in shown
    hardest = translate("live.report.hardest_line", lang, n=2, kind=kind_words("chi", lang), right=translate(
        "classes.share", lang, right=0, total=1, percent="0"))
    assert hardest in shown.split(translate("live.report.hardest", lang))[1].splitlines()[1]  # named first
    assert _csv(at, lang)[:5] == [  # the session's CSV: the summary per learner first, in the page's words
        [translate("classes.csv.summary_title", lang)],
        [translate(f"classes.csv.col.{key}", lang) for key in SUMMARY_COLUMNS],
        ["Lan", "2", "2", "1", "2", "0.5", "0.5", band_name(Band.EXCELLENT, lang)],  # 0.5 within 2 x 0.5 of 0
        ["Minh", "1", "2", "0", "1", "0.5", "0.0", band_name(Band.GOOD, lang)],
        ["Hoa", "0", "2", "0", "0", "", "", ""]]


def _csv(at: AppTest, lang: str) -> list[list[str]]:
    """The rows of the CSV the page offers under "Download" (kept from the run's media files)."""
    download = next(el for el in at.get("download_button") if el.proto.label == translate("classes.download", lang))
    data = _Kept.storage.get_file(download.proto.url.rsplit("/", 1)[1]).content
    assert data.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


class _Kept(MemoryMediaFileStorage):
    """The run's media files, kept after AppTest puts its mock runtime away (the last storage made)."""

    storage: MemoryMediaFileStorage

    def __init__(self, prefix: str) -> None:
        super().__init__(prefix)
        _Kept.storage = self


@pytest.fixture(autouse=True)
def _kept_media(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_test, "MemoryMediaFileStorage", _Kept)
