"""The Play page's hands as records (no Streamlit): the history's export, the links a hand leads to, and the
sentence defining an error.

>>> from maubinh.drills import Kind
>>> practise_params("chi-at", 7, 3)["kinds"] == Kind.ARRANGE.value
True
>>> practise_params("chi-at", 7, 3, level=Level.BEGINNER)["level"]
'beginner'
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pandas as pd

from classroom.play_hands import REVIEW_LEVEL, PlayedHand
from maubinh.bands import BANDS, ERROR_BAND, NOISE_SIGMAS
from maubinh.drills import MAX_SEED, Kind, Level
from maubinh.house import link_token
from maubinh.rules import RuleSet
from ui.i18n import translate
from ui.labels import number

__all__ = ["HAND_PARAM", "PRACTISE_COUNT", "error_definition", "export_frame", "export_json", "practise_params"]

HAND_PARAM = "hand"
"""Query parameter naming a stored hand to replay (``/play?me=...&hand=<id>``, from the Progress page)."""

PRACTISE_COUNT = 5
"""Questions in the "practise hands like these" set."""


def export_frame(hands: Sequence[PlayedHand]) -> pd.DataFrame:
    """One row per hand (:meth:`~classroom.play_hands.PlayedHand.record`), lists joined as text, for the CSV
    (through :func:`ui.escape.csv_bytes`, which neutralises formula injection)."""
    rows = []
    for hand in hands:
        row = hand.record()
        for key, value in row.items():
            if isinstance(value, list):
                row[key] = " ; ".join(str(v) for v in value)
        rows.append(row)
    return pd.DataFrame(rows)


def export_json(hands: Sequence[PlayedHand]) -> bytes:
    """Every hand's record as a JSON array (UTF-8, indented)."""
    return json.dumps([hand.record() for hand in hands], ensure_ascii=False, indent=1).encode("utf-8")


def practise_params(rule_set_id: str, table_seed: int, deal: int, house: RuleSet | None = None,
                    level: Level = REVIEW_LEVEL) -> dict[str, str]:
    """The Drill's "set it yourself" set of hands like a missed one: :data:`PRACTISE_COUNT` trap hands at ``level``
    (the learner's own, :func:`ui.play.history.practise_level`; :data:`~classroom.play_hands.REVIEW_LEVEL` when not
    known) under the same rules, a seed of its own from the deal's; a hand
    played under house rules (``house``) carries them as the ``house`` link token (issue 32: ``rules=`` alone
    named rules the Drill did not know)."""
    seed = (table_seed * 1009 + deal) % MAX_SEED
    params = {"kinds": Kind.ARRANGE.value, "level": level.value, "rules": rule_set_id, "seed": str(seed),
              "n": str(PRACTISE_COUNT)}
    if house is not None:
        params["house"] = link_token(house)
    return params


def error_definition(lang: str) -> str:
    """The sentence saying what an error is, in ``lang`` (:func:`classroom.play_hands.is_error`): below
    :data:`maubinh.bands.ERROR_BAND` on the one scale, whose bands it names best first."""
    return translate("playhist.error_def", lang, sigmas=number(NOISE_SIGMAS, lang, digits=0),
                     band=translate(f"band.{ERROR_BAND.value}", lang),
                     bands=" · ".join(translate(f"band.{band.value}", lang) for band in BANDS))
