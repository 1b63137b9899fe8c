"""ui.escape (issue 22, items 8 to 10): user-made text stays text in Markdown, HTML and CSV."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pandas as pd
import pytest

from ui.escape import (
    FSI,
    PDI,
    csv_bytes,
    csv_frame,
    csv_safe,
    html_literal,
    markdown_literal,
    md_text,
    plain_text,
)

ROOT = Path(__file__).resolve().parents[3]
HOSTILE = [
    "[Log in again](https://evil.example)",
    "![](https://evil.example/p.png)",
    "<style>*{visibility:hidden}</style>",
    "<a href=//evil.example>Log in</a>",
    "**bold** _it_ `code` ~~x~~ $x$ :red[red] # head",
    "https://evil.example www.evil.example me@evil.example",
    "&lt;b&gt; &#91;",
]


def _unescaped(text: str) -> str:
    """What Markdown shows for ``text``: backslash escapes resolved, word joiners dropped."""
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", text).replace("\u2060", "")


@pytest.mark.parametrize("text", HOSTILE)
def test_markdown_literal_leaves_no_syntax_and_reads_back_as_typed(text: str) -> None:
    escaped = md_text(text)
    assert _unescaped(escaped) == text
    assert not re.search(r"(?<!\\)[\[\]<*_`$~&|]|^[#>+=-]", escaped), escaped  # every mark escaped
    for link in ("https://", "www.", "@evil"):
        assert link not in escaped  # a word joiner stops Markdown's automatic links


def test_markdown_literal_cuts_to_its_limit_and_makes_one_line() -> None:
    assert markdown_literal("x" * 100) == "x" * 39 + "…"
    assert markdown_literal("a\nb\r\n# c", None) == r"a b # c"  # one line: "#" starts no heading mid-line
    assert [md_text(x) for x in ("# h", "- x", "1. y", "> q", "Chi 1 (back)")] == [
        r"\# h", r"\- x", r"1\. y", r"\> q", "Chi 1 (back)"]


@pytest.mark.parametrize("text", HOSTILE)
def test_html_literal_leaves_no_tag_and_no_markdown(text: str) -> None:
    escaped = html_literal(text)
    assert "<" not in escaped and ">" not in escaped and '"' not in escaped
    for live in ("](", "![", "**", "`", "https://", "www.", "["):
        assert live not in escaped


def test_bidirectional_controls_are_dropped_and_right_to_left_text_isolated() -> None:
    assert plain_text("Lan\u202e nhA") == "Lan nhA"
    assert plain_text("\u2066x\u2069\u200f") == "x"
    hebrew = "\u05e9\u05dc\u05d5\u05dd"
    assert plain_text(hebrew) == FSI + hebrew + PDI
    assert md_text(hebrew) == FSI + hebrew + PDI
    assert html_literal("\u202e<b>") == "&lt;b&gt;"


@pytest.mark.parametrize("cell", ["=1+1", "+1+1", "-1+1", "@SUM(A1:A2)", "\t=1", "\r=1", "=HYPERLINK(\"x\")",
                                  "-", "+", "=cmd|' /C calc'!A0"])
def test_a_cell_a_spreadsheet_would_read_as_a_formula_is_prefixed(cell: str) -> None:
    assert csv_safe(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["Lan", "", "-3", "+2", "−3", "1.5", "-0,75", "50%", 3, -3, 2.5, None, " =x"])
def test_other_cells_are_left_alone(cell: object) -> None:
    assert csv_safe(cell) == cell


def test_the_csv_the_app_writes_has_no_formula_in_any_cell_or_header() -> None:
    frame = pd.DataFrame({"=name": ["=1+1", "Lan", "@x"], "chi": [-3, 2, 0], "text": ["-2+3", "+5", "\tx"]})
    written = csv_bytes(frame)
    assert written.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(written.decode("utf-8-sig"))))
    assert rows == [["'=name", "chi", "text"], ["'=1+1", "-3", "'-2+3"], ["Lan", "2", "+5"], ["'@x", "0", "'\tx"]]
    assert list(csv_frame(frame)["chi"]) == [-3, 2, 0]  # numbers stay numbers


def test_every_csv_export_goes_through_the_one_helper() -> None:
    """No page writes a CSV of its own: every ``to_csv`` is in ui/escape.py, and every ``text/csv`` download
    gets its data from :func:`ui.escape.csv_bytes`."""
    sources = [p for folder in ("ui", "pages") for p in (ROOT / folder).rglob("*.py")] + [ROOT / "app.py"]
    writers = [p.relative_to(ROOT).as_posix() for p in sources if ".to_csv(" in p.read_text(encoding="utf-8")]
    assert writers == ["ui/escape.py"]
    downloads = 0
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r'"text/csv"', text):
            call = text[text.rindex("download_button(", 0, found.start()): found.start()]
            downloads += 1
            assert "csv_bytes(" in call, (path, call)
    assert downloads == 8  # Drill summary, class board (an earlier version's too), table board, live report, a source's
    # follow-ups, Progress, Play history, Sandbox simulation


def test_streamlits_own_marks_in_a_name_stay_text() -> None:
    # A new user joined as "Ann:red" and "Vy :material/verified: :smile:": the colour word vanished and the icon and
    # the emoji were drawn (two "Ann" rows on the board). A word joiner after each colon leaves them as typed.
    from ui.escape import html_literal, markdown_literal

    for name in ("Ann:red", "Huy:rainbow[x]", "Vy :material/verified: :smile:", ":red[red]"):
        for shown in (markdown_literal(name, None), html_literal(name)):
            assert not re.search(r":[A-Za-z+/-]", shown), shown  # no colon directly before a mark's name
            assert shown.replace("\u2060", "").replace("\\", "").replace("&#91;", "[").replace("&#93;", "]") == name
