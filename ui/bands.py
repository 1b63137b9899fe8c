"""The one grading scale in words (:mod:`maubinh.bands`): a decision's band and chi lost, as text or as a badge, and
a level's bar said as a band ("at Mới học, good or better counts as right"). Every page that grades a split shows
it through here: the Drill's "set it yourself", Play's analysis and history, a class table and its board, Progress.

>>> from maubinh.bands import grade
>>> badge_color(grade(0.48, 0.05).band), badge_color(grade(8.4).band)
('blue', 'red')
>>> band_text(grade(0.48, 0.05), "en"), band_badge(grade(1.2, 0.1), "vi")
('good, 0.48 chi', ':yellow-badge[Chưa chính xác, mất 1,20 chi]')
"""

from __future__ import annotations

from collections.abc import Sequence

from maubinh.bands import Band, Grade, mean_grade
from maubinh.drills import Level
from ui.i18n import translate
from ui.labels import number

__all__ = ["badge_color", "band_badge", "band_name", "band_text", "level_bar", "typical_line"]

_COLORS = {Band.BEST: "green", Band.EXCELLENT: "green", Band.GOOD: "blue", Band.INACCURACY: "yellow",
           Band.MISTAKE: "orange", Band.BLUNDER: "red"}


def badge_color(band: Band) -> str:
    """The Markdown badge colour of ``band`` (greens to red)."""
    return _COLORS[band]


def band_name(band: Band, lang: str) -> str:
    """The band's name in ``lang`` ("chưa chính xác" / "inaccuracy")."""
    return translate(f"band.{band.value}", lang)


def band_text(grade: Grade, lang: str) -> str:
    """The band and the chi lost, e.g. "inaccuracy, 0.48 chi" (a loss below 0, the sampling's noise, as 0)."""
    return translate("band.text", lang, band=band_name(grade.band, lang), cost=number(max(0.0, grade.cost), lang))


def band_badge(grade: Grade, lang: str) -> str:
    """:func:`band_text` as a coloured Markdown badge, first letter capitalised."""
    text = band_text(grade, lang)
    return f":{badge_color(grade.band)}-badge[{text[:1].upper()}{text[1:]}]"


def level_bar(level: Level, passing: Band, lang: str) -> str:
    """A level's bar in words: "At Beginner, good or better counts as right" (``passing``: the level's band).

    >>> level_bar(Level.BEGINNER, Band.GOOD, "vi")
    'Ở trình độ Mới học, từ mức tốt trở lên là đạt.'
    """
    return translate("band.bar", lang, level=translate(f"drill.level.{level.value}", lang), band=band_name(passing, lang))


def typical_line(losses: Sequence[float], lang: str) -> str | None:
    """"Your typical decision: good, 0.48 chi (± 0.12)": the band of the mean of ``losses`` (chi lost per decision,
    :func:`maubinh.bands.mean_grade`), for Progress and the Play summary; ``None`` for no decisions.

    >>> typical_line([0.9, 0.1, 0.5, 0.5], "en")
    'Your typical decision: :blue-badge[Good, 0.50 chi] (± 0.16), on the scale of the Learn step “Check your hand”.'
    """
    typical = mean_grade(losses)
    if typical is None:
        return None
    return translate("band.typical", lang, band=band_badge(typical, lang), err=number(typical.stderr, lang))
