"""Every instant win of the digest's §2.4 table, per rule set: which pattern a hand declares and
what it is paid. Amounts typed from the digest (house-set patterns: its stated defaults);
``None`` where the rule set does not recognise any pattern the hand matches."""

import pytest

from maubinh import NaturalPattern as P
from maubinh import find_instant_win, load_rule_set, parse_cards

RULE_SETS = ("chi-at", "luckywin", "tinh-chi", "guide-2026")
TABLE = [
    # hand, (chi-at, luckywin, tinh-chi, guide-2026) as (pattern, chi) or None.
    # chi-at: every "N chi / 1 chi" read as N x 3 per opponent (digest 2.4, reading revised);
    # luckywin / guide-2026: the defaults that follow from it.
    ("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
     ((P.RONG_CUON, 78), (P.RONG_CUON, 78), (P.RONG_CUON, 39), (P.RONG_CUON, 78))),
    ("2s 3h 4s 5s 6s 7s 8s 9s Ts Js Qs Ks Ad",
     ((P.SANH_RONG, 39), (P.SANH_RONG, 39), (P.SANH_RONG, 13), (P.SANH_RONG, 39))),
    ("2h 3h 4h 5h 6h 9s Ts Js Qs Ks Qd Kd Ad",
     ((P.BA_SANH, 18), (P.BA_THUNG_PHA_SANH, 39), (P.BA_THUNG, 9), (P.BA_THUNG, 18))),
    ("2h 3h 5h 7h 9h Jh Kh 4d 6d 8d Td Qd Kd",
     ((P.DONG_MAU_13, 39), (P.DONG_MAU_13, 39), (P.DONG_MAU_13, 12), None)),
    ("2h 3h 5h 7h 9h Jh Kh 4d 6d 8d Td Qd Ks",
     ((P.DONG_MAU_12, 9), (P.DONG_MAU_12, 9), (P.DONG_MAU_12, 9), None)),
    ("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ks",
     ((P.NAM_DOI_SAM, 24), (P.NAM_DOI_SAM, 24), (P.LUC_PHE_BON, 12), (P.LUC_PHE_BON, 18))),
    ("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As",
     ((P.LUC_PHE_BON, 18), (P.LUC_PHE_BON, 18), (P.LUC_PHE_BON, 12), (P.LUC_PHE_BON, 18))),
    ("2h 2c 2d 5h 5d 5s 9s 9c 9d Kd Kc Ks Ad",
     ((P.BON_SAM, 75), (P.BON_SAM, 75), None, None)),
    # Three quads are also six pairs (each quad two pairs): luckywin lists six pairs 7th, three quads 9th, so
    # the hand is six pairs there and paid 18, not 75 (digest 2.4, reading December 2026: highest listed).
    ("2h 2c 2d 2s 5d 5s 5c 5h 9c 9d 9s 9h Ad",
     ((P.LUC_PHE_BON, 18), (P.LUC_PHE_BON, 18), (P.LUC_PHE_BON, 12), (P.LUC_PHE_BON, 18))),
    ("2h 7h 4h 5h 6h 9s Ts Js Qs 2s 3d Kd Ad",
     ((P.BA_THUNG, 18), (P.BA_THUNG, 18), (P.BA_THUNG, 9), (P.BA_THUNG, 18))),
    ("2h 3c 4h 5h 6d 9s Ts Jc Qs Kd Qd Kh Ad",
     ((P.BA_SANH, 18), (P.BA_SANH, 18), (P.BA_SANH, 6), (P.BA_SANH, 18))),
]


@pytest.mark.parametrize(
    ("hand", "rule_set_id", "expected"),
    [(hand, r, e) for hand, row in TABLE for r, e in zip(RULE_SETS, row)],
)
def test_instant_win_declared_and_paid(hand, rule_set_id, expected):
    win = find_instant_win(parse_cards(hand), load_rule_set(rule_set_id))
    assert (None if win is None else (win.pattern, win.chi)) == expected
