"""A class table's hands not saved yet, kept in the browser's address (issue 32, 5): a reload while the database is
down no longer drops them; the page sends them again (:mod:`ui.unsaved`) and the server keeps the first hand of a
deal (:meth:`classroom.tables.TableSessions.submit`), so a hand sent twice is stored once.

``?kept=<session>.<deal>.<flags>.<split>,...``: each hand the database has not taken, ``flags`` ``d`` (an instant
win declared), ``e`` (the browser's countdown said zero) or ``-``, the split as its chi's cards (back | middle |
front; empty when the cards were not all placed). The learner is the page's personal link (checked by the database
before anything is stored); the split is checked there against the deal's 13 cards, as a hand sent at once is.

The address is the browser's word: nothing in it is believed about time. The time a hand was first received is the
server's, kept in this server's memory (:func:`first_received`); a hand sent again after a reload on another
server (or after a restart) counts as received when it arrives there, and the session's timer judges it then.

>>> from maubinh.arrangement import Arrangement
>>> split = Arrangement.parse("As Ad Ah 2c 2d", "Ks Kd 9h 9c 4s", "Qh Jh 3c")
>>> text = kept_text([KeptHand(7, 2, split, True, False), KeptHand(7, 3, None, False, True)])
>>> text
'7.2.d.As Ad Ah 2c 2d | Ks Kd 9h 9c 4s | Qh Jh 3c,7.3.e.'
>>> read_kept(text) == [KeptHand(7, 2, split, True, False), KeptHand(7, 3, None, False, True)]
True
>>> read_kept("7.2.d.As As As,x.1.-.,1.2.zz.,{}".format("9." * 200))
[]
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime

from maubinh.arrangement import Arrangement

__all__ = ["KEPT_PARAM", "MAX_KEPT", "KeptHand", "first_received", "kept_text", "read_kept"]

KEPT_PARAM = "kept"
MAX_KEPT = 16
"""Hands one address keeps at most (a table session's deals are fewer); the rest of a longer value is ignored."""
_MAX_LENGTH = MAX_KEPT * 64
_REMEMBERED = 4096
"""First receipts this server remembers at most (the oldest forgotten first)."""


@dataclass(frozen=True)
class KeptHand:
    """One hand kept in the address: table session ``session_id``, deal ``number``, the split (``None``: not all
    placed), whether an instant win was declared, whether the browser said its countdown ended."""

    session_id: int
    number: int
    split: Arrangement | None
    declare: bool
    expired: bool


def kept_text(hands: list[KeptHand]) -> str:
    """The address's value for ``hands`` (see the module)."""
    parts = []
    for hand in hands[:MAX_KEPT]:
        flags = ("d" if hand.declare else "") + ("e" if hand.expired else "") or "-"
        parts.append(f"{hand.session_id}.{hand.number}.{flags}.{'' if hand.split is None else str(hand.split)}")
    return ",".join(parts)


def read_kept(text: str) -> list[KeptHand]:
    """The hands of the address's value ``text``; a part that is no hand (a bad number, flag or split) is left out."""
    found = []
    for part in text[:_MAX_LENGTH].split(",")[:MAX_KEPT]:
        pieces = part.split(".", 3)
        if len(pieces) != 4 or not pieces[0].isdigit() or not pieces[1].isdigit() or not pieces[2]:
            continue
        flags = pieces[2]
        if set(flags) - {"d", "e", "-"}:
            continue
        split: Arrangement | None = None
        if pieces[3]:
            chis = pieces[3].split("|")
            if len(chis) != 3:
                continue
            try:
                split = Arrangement.parse(*chis)
            except ValueError:
                continue
        found.append(KeptHand(int(pieces[0]), int(pieces[1]), split, "d" in flags, "e" in flags))
    return found


_lock = threading.Lock()
_received: dict[tuple[int, str, int], datetime] = {}


def first_received(key: tuple[int, str, int], now: datetime) -> datetime:
    """When this server first received the hand ``key`` (session, learner, deal): ``now`` the first time it is
    asked, the same moment after (a reload that sends it again is judged at the first receipt)."""
    with _lock:
        found = _received.setdefault(key, now)
        while len(_received) > _REMEMBERED:
            del _received[next(iter(_received))]
        return found
