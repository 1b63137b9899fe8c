"""A room's hands kept in its players' profiles after a showdown (issue 34, "History"), in the background (no Streamlit).

Each hand's Play analysis takes seconds (:func:`classroom.rooms.seat_analysis`), so the room's page does not wait for
it: once it has drawn a showdown it asks :func:`keep_room_hands`, which runs :meth:`classroom.rooms.Rooms.keep_hands`
in the ``idle`` lane of :mod:`background.home`, once at a time per room in this process (a room's pages asking
together start one run; a page asking while one runs starts none). A hand is stored once whichever servers run it (the
keep's unique key); a hand a stopped server did not keep is kept by the next run, at the room's next showdown shown.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future

from sqlalchemy.exc import SQLAlchemyError

from background.home import home
from classroom.rooms import Rooms
from classroom.service import ClassroomError

__all__ = ["LANE", "keep_room_hands"]

LANE = "idle"
"""The lane the hands are kept in: nobody waits for them."""
_running: dict[str, Future[int]] = {}
_lock = threading.Lock()
_log = logging.getLogger(__name__)


def _keep(rooms: Rooms, room_id: str) -> int:
    try:
        return rooms.keep_hands(room_id)
    except (SQLAlchemyError, ClassroomError) as error:  # tried again at the next showdown shown
        _log.warning("a room's hands could not be kept in the profiles: %s", type(error).__name__)
        return 0
    finally:
        with _lock:
            _running.pop(room_id, None)


def keep_room_hands(rooms: Rooms, room_id: str) -> Future[int]:
    """Keep the room's settled hands in their players' profiles in the background (:meth:`Rooms.keep_hands`); the
    run under way for the same room when one is.

    Returns:
        The run's future: how many hands it kept (0 when it failed: logged, tried again at the next call).
    """
    with _lock:
        running = _running.get(room_id)
        if running is not None:
            return running
        future = _running[room_id] = home().submit(LANE, _keep, rooms, room_id)
        return future
