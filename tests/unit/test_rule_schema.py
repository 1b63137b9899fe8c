"""The rule-set schema (issue 33 §1): the shipped rule sets' digests pinned, so no change to how a rule set is
declared, read or written re-versions the shipped question bank (``maubinh/drills/versions.py``)."""

from __future__ import annotations

import pytest

from maubinh.drills.versions import data_version, rules_digest
from maubinh.rules import RULE_SET_IDS

DIGESTS = {
    "chi-at": "71a9353f2e7b1db3976aa9e2b258e109c3234151e55b0ede137c68b2abf0a689",
    "luckywin": "66c74e8ba476310f1fd3bcba579f2326f3f74b5d364ea265d2c9cbbf0267734c",
    "tinh-chi": "2d4f8df32f10ed0e2d147c56fa29b9930930c13ed98eb902ba5d67ee71798a05",
    "guide-2026": "12414fc1382ce7be0b2b1f414027a55cc87467fdde403fc2f0816862a352ffa4",
}
"""Each source's :func:`rules_digest`, computed before the schema was declared once (December 2026)."""
VERSIONS = {"chi-at": "e0124818196d", "luckywin": "82c5aaefd6cd", "tinh-chi": "e5be8c7c56e7",
            "guide-2026": "ceda83802c78"}
"""Each source's :func:`data_version` (no kind), from the same code: the shipped bank's questions are dealt under it."""


def test_every_source_is_pinned():
    assert set(DIGESTS) == set(RULE_SET_IDS) == set(VERSIONS)


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_digest_and_data_version_of_every_source_stay_the_same(rule_set_id):
    assert rules_digest(rule_set_id) == DIGESTS[rule_set_id]
    assert data_version(rule_set_id) == VERSIONS[rule_set_id]
