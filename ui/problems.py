"""Lists of problems as people read them: each different problem once (with how many times it came),
at most the first few, then "… and N more" (a hostile paste or file can hold thousands)."""

from __future__ import annotations

from collections.abc import Iterable

from ui.i18n import translate

__all__ = ["SHOWN_PROBLEMS", "problem_lines"]

SHOWN_PROBLEMS = 8
"""The most problems listed one by one; the rest are counted."""


def problem_lines(texts: Iterable[str], lang: str, limit: int = SHOWN_PROBLEMS, total: int | None = None) -> str:
    """A Markdown bullet list of ``texts`` (already worded and escaped): repeats folded into one line
    with their count, in the order first seen, at most ``limit`` lines and then how many more
    (``total``: how many problems the texts stand for, when some were only counted, not worded).

    >>> print(problem_lines(["a", "b", "a"], "en"))
    - a (2 times)
    - b
    >>> problem_lines([f"p{i}" for i in range(20)], "vi", limit=2).splitlines()[-1]
    '- … và 18 lỗi khác.'
    >>> problem_lines(["p1", "p2"], "en", limit=1, total=500).splitlines()[-1]
    '- … and 499 more.'
    """
    counts: dict[str, int] = {}
    for text in texts:
        counts[text] = counts.get(text, 0) + 1
    shown = list(counts.items())[:limit]
    lines = [translate("limits.repeated", lang, text=text, n=n) if n > 1 else text for text, n in shown]
    hidden = (sum(counts.values()) if total is None else total) - sum(n for _, n in shown)
    if hidden > 0:
        lines.append(translate("limits.more_problems", lang, n=hidden))
    return "\n".join(f"- {line}" for line in lines)
