"""User-made text shown as text: one helper per kind of output.

Names of house rule sets and of their chi, class names, learner names and assignment titles come from
users (typed, or carried by a link) and reach other users' pages. Each output kind has one helper, used
wherever such text goes:

- :func:`markdown_literal`: into Markdown (``st.markdown``, ``st.caption``, ``st.write``, alerts, titles,
  labels of widgets, buttons, tabs, expanders and metrics, radio / pills / segmented options, ``st.table``
  cells): Markdown's special characters escaped, so no link, image, emphasis or directive is made.
- :func:`html_literal`: into HTML (``st.markdown(..., unsafe_allow_html=True)``, plotly texts): ``html.escape``
  and Markdown's special characters as character references, so no tag and no Markdown survives.
- :func:`plain_text`: where text is drawn as-is (``st.selectbox`` options, ``st.dataframe`` cells, CSV):
  bidirectional controls dropped and right-to-left text isolated.
- :func:`csv_safe` / :func:`csv_bytes`: every CSV the app writes, with cells that a spreadsheet would read as a
  formula (``= + - @``, tab, carriage return first) prefixed by ``'`` (OWASP's advice on CSV injection).

All of them drop the bidirectional controls (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C), wrap
text holding right-to-left letters in FSI .. PDI (U+2068 .. U+2069) so it cannot reorder the line around it,
and put a word joiner (U+2060) after a ``:`` that a word follows and into ``www.`` and ``@``, so that
Markdown's automatic links leave a URL or an address as text and Streamlit's colour, icon and emoji marks
(``:red[x]``, ``:material/x:``, ``:smile:``) stay text.

>>> markdown_literal("[Log in](https://evil.example)")
'\\\\[Log in\\\\](https:\\u2060//evil.example)'
>>> html_literal("<b>x</b>")
'&lt;b&gt;x&lt;/b&gt;'
>>> csv_safe("=1+1"), csv_safe("-3"), csv_safe("Lan")
("'=1+1", '-3', 'Lan')
"""

from __future__ import annotations

import html
import re
import unicodedata

import pandas as pd

__all__ = [
    "BIDI_CONTROLS",
    "FSI",
    "PASTE_ROOM",
    "PDI",
    "csv_bytes",
    "csv_frame",
    "csv_safe",
    "html_literal",
    "markdown_literal",
    "md_text",
    "plain_text",
]

PASTE_ROOM = 4
"""A name or title box takes this many times its limit (its ``max_chars``): Streamlit drops a paste that does not
fit the box whole (a new user's 41-character name left the box empty), so a longer one arrives and is refused
with the limit named, the text kept in the box to shorten."""
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters that change the direction of text around them: dropped from anything shown."""
FSI, PDI = "\u2068", "\u2069"
_LINKABLE = re.compile(r"(?i)(:(?=[\w+/-])|www(?=\.)|@)")
"""What a word joiner (U+2060) is put into: a colon before a word, ``/``, ``+`` or ``-`` (``://`` of a URL, and
Streamlit's own Markdown: ``:red[x]``, ``:material/icon:``, ``:smile:``: a new user's name ``Ann:red`` lost its
colour word and icons were drawn; a colon before a space makes nothing), ``www.`` and ``@`` (automatic links)."""
_MARKDOWN_INLINE = re.compile(r"([\\`*_\[\]<~$&|])")
"""Marks that make inline Markdown anywhere in a line: emphasis, code, links and images (``[``), HTML and
autolinks (``<``), strikethrough, Streamlit's LaTeX, entities, table cells; escaped wherever they are."""
_MARKDOWN_BLOCK = re.compile(r"^(\s*)(?:(\d+)([.)])|([#>+\-=]))")
"""Marks that make a block (heading, quote, list, setext line) only at the start: escaped there."""
_HTML_MARKDOWN = str.maketrans({c: f"&#{ord(c)};" for c in "\\`*_[]~$|%"})
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?%?")


def _cut(text: str, limit: int | None) -> str:
    if limit is not None and len(text) > limit:
        return text[: limit - 1] + "…"
    return text


def plain_text(text: object, limit: int | None = None) -> str:
    """``text`` as a string with no bidirectional control, right-to-left text isolated, cut to ``limit``.

    >>> plain_text("a\\u202eb")
    'ab'
    >>> plain_text("\\u05d0\\u05d1") == "\\u2068\\u05d0\\u05d1\\u2069"
    True
    """
    cleaned = _cut(BIDI_CONTROLS.sub("", str(text)), limit)
    if any(unicodedata.bidirectional(c) in ("R", "AL") for c in cleaned):
        return f"{FSI}{cleaned}{PDI}"
    return cleaned


def _unlinked(text: str) -> str:
    return _LINKABLE.sub(lambda m: m.group(1)[0] + "\u2060" + m.group(1)[1:] if m.group(1) != "@" else "@\u2060",
                         text)


def markdown_literal(text: object, limit: int | None = 40) -> str:
    """Text from a user made safe to show inside Markdown: escaped, cut to ``limit`` (``None``: not cut).

    Line breaks become spaces (a name is one line). The marks that make inline Markdown (``\\ ` * _ [ ] < ~ $
    & |``) are escaped with a backslash wherever they are, those that make a block (``# > + - =``, ``1.``) at
    the start; ``://``, ``www.`` and ``@`` get a word joiner. Brackets, dots and dashes inside the text stay as
    they are (``Chi 1 (back)``): without a ``[`` before them they make nothing.

    >>> markdown_literal("*s")
    '\\\\*s'
    >>> len(markdown_literal("x" * 100))
    40
    """
    shown = _MARKDOWN_INLINE.sub(r"\\\1", _unlinked(plain_text(" ".join(str(text).splitlines()), limit)))
    return _MARKDOWN_BLOCK.sub(lambda m: f"{m[1]}{m[2]}\\{m[3]}" if m[2] else f"{m[1]}\\{m[4]}", shown)


def html_literal(text: object, limit: int | None = None) -> str:
    """Text from a user made safe to put into HTML (also HTML that Markdown reads): no tag, no Markdown.

    >>> html_literal("[x](y)")
    '&#91;x&#93;(y)'
    """
    escaped = html.escape(_unlinked(plain_text(text, limit)), quote=True)
    return escaped.translate(_HTML_MARKDOWN)


def csv_safe(value: object) -> object:
    """A CSV cell a spreadsheet reads as text: a string starting with ``= + - @``, a tab or a carriage
    return gets a leading ``'`` (plain numbers such as ``-3`` or ``+1.5`` stay as they are); anything
    else is returned unchanged."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with every cell and column name passed through :func:`csv_safe`."""
    safe = frame.map(csv_safe)
    safe.columns = [csv_safe(column) for column in frame.columns]
    return safe


def csv_bytes(*sections: pd.DataFrame | tuple[str, pd.DataFrame]) -> bytes:
    """The CSV every export of the app writes: each section :func:`csv_frame`, no index, UTF-8 with a BOM (Excel).

    A section is a frame, or a title and a frame (the title on a line of its own above the frame's headers: a
    class's summary, then its answers); sections are one blank line apart.

    >>> csv_bytes(("Sum", pd.DataFrame({"a": [1]})), pd.DataFrame({"b": ["=x"]})).decode("utf-8-sig").splitlines()
    ['Sum', 'a', '1', '', 'b', "'=x"]
    """
    parts = []
    for section in sections:
        title, frame = section if isinstance(section, tuple) else (None, section)
        text: str = csv_frame(frame).to_csv(index=False)
        if title is not None:
            text = pd.DataFrame([[csv_safe(title)]]).to_csv(index=False, header=False) + text
        parts.append(text)
    return "\n".join(parts).encode("utf-8-sig")


def md_text(text: object) -> str:
    """:func:`markdown_literal` not cut: a name, a title or a composed line of text put into Markdown."""
    return markdown_literal(text, None)
