"""Helpers for AppTests of pages with the arranging component (ui.arrange.component): read what the page gave
the component, and send an arrangement as its "Confirm" does (into the session key its callback writes)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from streamlit.testing.v1 import AppTest

from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS


def _nodes(node: Any) -> Iterator[Any]:
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _nodes(child)


def arranger_data(at: AppTest, key: str) -> dict[str, Any]:
    """The data of the component mounted with ``key`` (its ``component_data``), as the browser gets it.

    Raises:
        AssertionError: when no component of that key is on the page.
    """
    for node in _nodes(at._tree):
        proto = getattr(node, "proto", None)
        if getattr(proto, "component_name", None) == "maubinh_arrange" and str(proto.id).endswith(f"-{key}"):
            data: dict[str, Any] = json.loads(proto.json)
            return data
    raise AssertionError(f"no arranging component {key!r} on the page")


def arranger_keys(at: AppTest) -> list[str]:
    """The keys of every arranging component on the page."""
    return [str(node.proto.id).rsplit("-", 1)[-1] for node in _nodes(at._tree)
            if getattr(getattr(node, "proto", None), "component_name", None) == "maubinh_arrange"]


def confirm_value(arrangement: Arrangement, **extra: object) -> dict[str, object]:
    """What the component sends on "Confirm" (``extra``: e.g. ``seconds``, ``expired``)."""
    return {**{p.value: [str(card) for card in arrangement.chi(p)] for p in POSITIONS}, **extra}


def confirm(at: AppTest, target: str, value: dict[str, object]) -> AppTest:
    """Send ``value`` as the component's "Confirm" does (into ``target``) and run the page once."""
    at.session_state[target] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at
