"""Driving the arranging component (ui/arrange) in a real browser: tap each card then its chi, count what the
page sends to the server over its websocket."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, WebSocket

from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS


def place_by_taps(page: Page | Locator, arrangement: Arrangement, targets: dict[str, str] | None = None) -> None:
    """Tap each card of ``arrangement`` in the hand, then its chi's heading (``targets`` maps a chi to the one
    it is put in instead, e.g. ``{"back": "middle"}``). Nothing is sent to the server."""
    for position in POSITIONS:
        target = (targets or {}).get(position.value, position.value)
        for card in arrangement.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{target}"]').click()


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
