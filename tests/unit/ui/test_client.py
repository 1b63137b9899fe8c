"""The client address the rate limits count by (issue 22, item 12): X-Forwarded-For only from a trusted proxy."""

from __future__ import annotations

import doctest

import ui.client
from ui.client import LOCAL, pick_address


def test_a_forwarded_address_counts_only_when_the_proxy_is_trusted() -> None:
    # Untrusted: a client sending a made-up header each time must not get a fresh limit each time.
    assert pick_address("198.51.100.9", "203.0.113.1", trust_proxy=False) == "198.51.100.9"
    assert pick_address("198.51.100.9", "203.0.113.1, 198.51.100.9", trust_proxy=True) == "203.0.113.1"
    assert pick_address("10.0.0.1", " 2001:DB8::1 ,10.0.0.1", trust_proxy=True) == "2001:db8::1"
    assert pick_address("10.0.0.1", "<script>, 1.2.3.4", trust_proxy=True) == "10.0.0.1"  # not an address
    assert pick_address(None, None, trust_proxy=True) == LOCAL  # the same machine (Streamlit gives None)


def test_docstring_examples() -> None:
    result = doctest.testmod(ui.client)
    assert result.attempted > 0 and result.failed == 0
