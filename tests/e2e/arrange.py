"""Driving the arranging component (ui/arrange) in a real browser: tap each card then its chi, count what the
page sends to the server over its websocket."""

from __future__ import annotations

from collections.abc import Sequence

from playwright.sync_api import Locator, Page, WebSocket

from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS, Position


def place_by_taps(page: Page | Locator, arrangement: Arrangement, targets: dict[str, str] | None = None,
                  positions: Sequence[Position] = POSITIONS) -> None:
    """Tap each card of ``arrangement`` in the hand, then its chi's heading, for the chi of ``positions`` (default
    all three; ``targets`` maps a chi to the one it is put in instead, e.g. ``{"back": "middle"}``). Nothing is sent
    to the server (a room's page sends the chi as they stand a moment after the last tap)."""
    for position in positions:
        target = (targets or {}).get(position.value, position.value)
        for card in arrangement.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{target}"]').click()


_TAPS = """(root, moves) => { for (const [card, chi] of moves) {
  root.querySelector(`.mb-hand button[data-card="${card}"]`).click();
  root.querySelector(`button.mb-chi-head[data-place="${chi}"]`).click(); } }"""


def place_at_once(page: Page, arrangement: Arrangement, positions: Sequence[Position] = POSITIONS) -> None:
    """The taps of :func:`place_by_taps` (each card, then its chi's heading: the component's own click handlers),
    made by the page's script in one round trip instead of two per card: for tests that play many deals (one
    player's 13 cards took ~3.5 s of taps on a loaded machine). The tap targets themselves are tested with
    :func:`place_by_taps`."""
    moves = [[str(card), position.value] for position in positions for card in arrangement.chi(position)]
    page.locator(".mb-arrange").evaluate(_TAPS, moves)


def frames_sent(page: Page) -> list[str]:
    """A list that grows with every websocket frame the page sends from now on (a rerun, a value...)."""
    sent: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload)[:20]))

    page.on("websocket", watch)
    return sent


def assert_tap_targets(page: Page, selector: str = ".mb-hand button.mb-card", count: int = 13) -> None:
    """``count`` cards in the hand, each at least 44 px by 44 px, and nothing wider than the window."""
    cards = page.locator(selector)
    assert cards.count() == count, cards.count()
    for i in range(count):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    width = page.evaluate("() => document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is None or width <= viewport["width"], width
