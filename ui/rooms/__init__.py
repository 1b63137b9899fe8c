"""Rooms where people play each other (issue 34), in the Play page: ``/play?room=new`` opens one,
``/play?room=<code>`` joins it, and with ``&seat=<seat link>`` (and the host's ``&host=<link>``) the room itself:
:mod:`ui.rooms.page`. The storage and the rules of the room are :mod:`classroom.rooms`'s."""
