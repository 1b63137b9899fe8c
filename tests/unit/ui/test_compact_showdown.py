"""The showdown in a few lines (:func:`ui.table.views.compact_showdown_html`), as Play and a room draw it: the marks
are the viewer's results against each other seat's chi, from whichever seat (a room's viewer is any seat), none for
someone watching; a seat's notes follow its total; names are escaped."""

from __future__ import annotations

from maubinh.arrangement import Arrangement
from maubinh.cards import parse_cards
from maubinh.rules import load_rule_set
from maubinh.settle import settle
from ui.table.views import compact_showdown_html

CHI_AT = load_rule_set("chi-at")
AN = Arrangement(*(tuple(parse_cards(chi)) for chi in ("As Ah Ad Ac 2c", "Ks Kh Kd 3c 3d", "Qs Qh 4c")))
"""Four aces, a full house, a pair of queens: wins every chi against :data:`BINH`'s."""
BINH = Arrangement(*(tuple(parse_cards(chi)) for chi in ("Js Jh 9d 8c 6s", "Ts 9s 7h 6d 5h", "8h 7d 4d")))


def _rows(html: str) -> list[str]:
    """Each seat's chi row (the chi's names' row left out)."""
    return html.split('<div class="mb-sd-row">')[1:]


def test_the_marks_are_the_viewers_results_from_any_seat_and_none_for_a_watcher() -> None:
    settlement = settle([AN, BINH], CHI_AT)
    assert settlement.totals[0] > 0 and settlement.scoops[0]  # An wins all three chi (sập)
    names = {0: "<b>An</b>", 1: "Bình"}
    an = compact_showdown_html([AN, BINH], settlement, CHI_AT, names, "en")  # Play: the viewer is seat 0
    assert [row.count("mb-win") for row in _rows(an)] == [0, 3] and "mb-lose" not in an
    binh = compact_showdown_html([AN, BINH], settlement, CHI_AT, names, "en", me=1, notes={1: ["timed out"]})
    assert [row.count("mb-lose") for row in _rows(binh)] == [3, 0] and "mb-win" not in binh  # Bình lost all three
    assert "<b>Bình</b> · " in binh and "chi · timed out</div>" in binh
    watcher = compact_showdown_html([AN, BINH], settlement, CHI_AT, names, "vi", me=None)
    assert "mb-mark" not in watcher
    assert "<b>&lt;b&gt;An&lt;/b&gt;</b> · " in watcher  # the name as typed, never markup
