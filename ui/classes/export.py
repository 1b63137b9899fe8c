"""A class's CSV (issue 35, "after the class"): an assignment's, a live session's or a table session's, each a
summary per learner (answered, right, chi lost per decision ± its standard error, its band) above one row per
answer or hand. Values and headers are in the page's language (kinds, levels, answers, yes / no, band names), times
in the teacher's time zone (the browser's, :func:`ui.when.viewer_zone`; UTC when it is unknown), the zone named in
the time's header. Written by :func:`ui.escape.csv_bytes`: a learner's name that a spreadsheet would read as a
formula (``= + - @``) is neutralised, and a BOM makes Excel read Vietnamese as UTF-8.

The numbers come from the boards (:func:`classroom.board.summary_rows`, :func:`classroom.board.export_rows`,
:func:`classroom.table_board.summary_rows`, :func:`classroom.table_board.export_rows`), language-free; this module
only puts them in words. Numbers stay numbers (a dot before the decimals), so a spreadsheet can add them up.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, tzinfo
from typing import Any

import pandas as pd

from classroom.board import Board, export_rows, summary_rows
from classroom.table_board import TableBoard
from classroom.table_board import export_rows as hand_rows
from classroom.table_board import summary_rows as table_summary_rows
from maubinh.bands import Band
from maubinh.drills import Question
from maubinh.play import Origin
from maubinh.rules import RuleSet
from ui.bands import band_name
from ui.classes.table_common import chi_order
from ui.classes.words import answer_words, kind_words
from ui.i18n import translate

__all__ = ["ANSWER_COLUMNS", "HAND_COLUMNS", "SUMMARY_COLUMNS", "TABLE_SUMMARY_COLUMNS", "TIME_FORMAT", "Section",
           "answer_sections",
           "cell", "header", "joined_sections", "table_sections"]

Section = tuple[str, pd.DataFrame]
"""A CSV's part: its title and its rows (:func:`ui.escape.csv_bytes`)."""

SUMMARY_COLUMNS = ("learner", "answered", "asked", "right", "decisions", "chi_per_decision", "stderr", "band")
"""The summary of an assignment or a live session (:func:`classroom.board.summary_rows`' keys), in this order."""
ANSWER_COLUMNS = ("learner", "question", "rule_set", "level", "kind", "status", "answer", "best", "correct", "chi_lost",
                  "band", "seconds", "answered_at")
"""Its rows, one per learner and question (:func:`classroom.board.export_rows`' keys)."""
TABLE_SUMMARY_COLUMNS = ("place", "learner", "hands", "deals", "good_hands", "decisions", "chi_per_decision", "stderr", "band",
                         "timed_out", "chi_at_table")
"""The summary of a table session (:func:`classroom.table_board.summary_rows`' keys), in ranking order."""
HAND_COLUMNS = ("learner", "deal", "split", "declared", "origin", "expected_chi", "best_split", "best_declared",
                "best_expected_chi", "chi_lost", "chi_lost_stderr", "band", "chi_at_table", "seconds", "played_at")
"""Its rows, one per learner and deal (:func:`classroom.table_board.export_rows`' keys)."""
TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
"""A time as the CSV writes it (a spreadsheet reads it as a date and time), in the teacher's zone."""


def _zone_name(zone: tzinfo | None) -> str:
    return "UTC" if zone is None else str(getattr(zone, "key", None) or zone)


def header(key: str, lang: str, zone: tzinfo | None, order: str = "") -> str:
    """A column's header in ``lang``; a time's names its zone (``"Lúc trả lời (Asia/Ho_Chi_Minh)"``), a split's
    the order of its chi (``order``, the rule set's names).

    >>> header("answered_at", "en", None), header("chi_per_decision", "vi", None)
    ('Answered at (UTC)', 'Chi mất mỗi quyết định')
    """
    return translate(f"classes.csv.col.{key}", lang, zone=_zone_name(zone), order=order)


def cell(value: object, lang: str, zone: tzinfo | None) -> object:
    """A language-free value as the CSV writes it: yes / no and band names in ``lang``, a time in ``zone`` (UTC when
    ``None``, :data:`TIME_FORMAT`), nothing for ``None``; numbers and text as they are.

    >>> from zoneinfo import ZoneInfo
    >>> cell(datetime(2026, 12, 5, 14, 5, tzinfo=UTC), "vi", ZoneInfo("Asia/Ho_Chi_Minh")), cell(True, "vi", None)
    ('2026-12-05 21:05:00', 'có')
    >>> cell(Band.INACCURACY, "vi", None), cell(Band.INACCURACY, "en", None), cell(None, "en", None), cell(-0.5, "en", None)
    ('chưa chính xác', 'inaccuracy', '', -0.5)
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return translate("classes.csv.yes" if value else "classes.csv.no", lang)
    if isinstance(value, Band):
        return band_name(value, lang)
    if isinstance(value, datetime):
        return value.astimezone(zone or UTC).strftime(TIME_FORMAT)
    return value


def _frame(rows: Sequence[Mapping[str, Any]], columns: Sequence[str], lang: str, zone: tzinfo | None,
           order: str = "") -> pd.DataFrame:
    return pd.DataFrame([[cell(row[key], lang, zone) for key in columns] for row in rows],
                        columns=[header(key, lang, zone, order) for key in columns])


def _sections(summary: pd.DataFrame, rows: pd.DataFrame, rows_title: str, lang: str) -> tuple[Section, Section]:
    return (translate("classes.csv.summary_title", lang), summary), (translate(rows_title, lang), rows)


def answer_sections(result: Board, rule_set_id: str, level: str, questions: Mapping[int, Question | None],
                    rule_set: RuleSet, lang: str, zone: tzinfo | None, asked: int | None = None) -> tuple[Section, Section]:
    """The CSV of an assignment or a live session (its board ``result``): the summary per learner, then one row per
    learner x question, answers and best answers in words (a question not answered says so in its status and
    answer cells: issue 22, item 15). ``level``: the assignment's (a question's own record says it first);
    ``asked``: how many questions were asked (a live session's: those never asked are left out; default all)."""
    rows = [row for row in export_rows(result, rule_set_id, level) if asked is None or int(row["question"]) <= asked]
    for row in rows:
        question = questions.get(int(row["question"]) - 1)
        row["kind"] = kind_words(str(row["kind"]), lang)
        row["level"] = translate(f"drill.level.{row['level']}", lang) if row["level"] else ""
        row["status"] = translate(f"classes.csv.{row['status']}", lang)
        row["answer"] = (answer_words(question, str(row["answer"]), rule_set, lang) if row["answer"]
                         else translate("classes.csv.not_answered", lang))
        row["best"] = answer_words(question, str(row["best"]), rule_set, lang)
    return _sections(_frame(summary_rows(result, asked), SUMMARY_COLUMNS, lang, zone),
                     _frame(rows, ANSWER_COLUMNS, lang, zone), "classes.csv.answers_title", lang)


def joined_sections(parts: Sequence[tuple[Section, Section]]) -> tuple[Section, Section]:
    """Several boards' CSVs as one (a source's follow-ups, one assignment per learner: issue 35): the summaries one
    under the other, then every answer; ``parts`` each :func:`answer_sections`' (at least one).

    >>> one = (("S", pd.DataFrame({"a": [1]})), ("R", pd.DataFrame({"b": [2]})))
    >>> two = (("S", pd.DataFrame({"a": [3]})), ("R", pd.DataFrame({"b": [4, 5]})))
    >>> [(title, frame.iloc[:, 0].tolist()) for title, frame in joined_sections([one, two])]
    [('S', [1, 3]), ('R', [2, 4, 5])]
    """
    (summary_title, _), (rows_title, _) = parts[0]
    return ((summary_title, pd.concat([s for (_, s), _ in parts], ignore_index=True)),
            (rows_title, pd.concat([r for _, (_, r) in parts], ignore_index=True)))


def table_sections(result: TableBoard, rule_set: RuleSet, lang: str, zone: tzinfo | None) -> tuple[Section, Section]:
    """The CSV of a table session (its board ``result``, played under ``rule_set``): the summary per learner in
    ranking order, then one row per learner x deal (splits as card text, back | middle | front, the headers naming
    the chi as the rule set does; how a hand was made in words, the learner's own left empty)."""
    rows = hand_rows(result)
    for row in rows:
        origin = row["origin"]
        row["origin"] = translate(f"origin.mark.{origin}", lang) if origin and origin != Origin.OWN.value else ""
    return _sections(_frame(table_summary_rows(result), TABLE_SUMMARY_COLUMNS, lang, zone),
                     _frame(rows, HAND_COLUMNS, lang, zone, chi_order(rule_set, lang)), "classes.csv.hands_title", lang)
