"""The Play page run by Streamlit (AppTest, no browser): a deal, an arrangement submitted through the session
key the arranging component writes to, the showdown equal to maubinh.settle's, the score accumulating, and
both languages."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from classroom.clock import Showing
from maubinh.arrangement import Arrangement
from maubinh.naturals import find_instant_win
from maubinh.play import Origin, Strength, Table, analyse, fouled_split
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.settle import settle
from maubinh.strategy.arrangers import arrange_simple
from tests.app.arrange import arranger_data, confirm
from ui.i18n import translate
from ui.play.state import (
    SESSION_KEY,
    SUBMITTED_KEY,
    TIMER_KEY,
    PlaySession,
    bot_plays,
    declare_key,
    solver_split,
)
from ui.table.timer import GRACE_S

PAGE = Path(__file__).resolve().parents[2] / "pages" / "play.py"
TIMEOUT_S = 120
BOTS = (Strength.SOLVER, Strength.BEGINNER)
DECLARE_SEED = 43
"""Deal 1 of this seed gives the player ba cái sảnh (three straights, an instant win under chi-at)."""


def _run(lang: str = "vi", **query: str) -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=TIMEOUT_S)
    at.query_params.update({"lang": lang, "seed": "7", "bots": "solver,beginner", "rules": "chi-at", **query})
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _value(arrangement: Arrangement) -> dict[str, list[str]]:
    """What the component sends on "Confirm"."""
    return {p.value: [str(card) for card in arrangement.chi(p)] for p in POSITIONS}


def _submit(at: AppTest, arrangement: Arrangement) -> AppTest:
    at.session_state[SUBMITTED_KEY] = _value(arrangement)
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _back(session: PlaySession, number: int, seconds: float) -> None:
    """Deal ``number``'s first showing (and the timer's) ``seconds`` earlier: as if that long had passed."""
    shown = session.shown[number]
    assert shown.timer_at is not None
    session.shown[number] = Showing(shown.shown_at - timedelta(seconds=seconds), shown.timer_at - timedelta(seconds=seconds))


def _texts(at: AppTest) -> str:
    return "\n".join([s.value for s in at.subheader] + [m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [i.value for i in at.info])


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_deal_is_settled_as_settle_does_and_the_score_accumulates(lang: str) -> None:
    rule_set = load_rule_set("chi-at")
    table = Table(rule_set, 7, BOTS)
    at = _run(lang)
    assert "Deal 1" in _texts(at) or "Ván 1" in _texts(at)
    assert at.session_state[SESSION_KEY].results == {}
    mine = arrange_simple(table.deal(1)[0], rule_set)
    at = _submit(at, mine)
    session = at.session_state[SESSION_KEY]
    assert isinstance(session, PlaySession)
    result = session.results[1]
    expected = settle([mine, *(p.arrangement for p in bot_plays(table, 1))], rule_set,
                      [False, *(p.declare for p in bot_plays(table, 1))])
    assert result.settlement.totals == expected.totals
    assert sum(expected.totals) == 0
    # the score line shows the same totals, the player's first (one short line: issue 36)
    you = f"**{translate('play.you', lang)}** "
    line = next(m.value for m in at.markdown if m.value.startswith(you))
    shown = re.findall(r"\*\* ([+−]\d+|0)(?: ·|$)", line)
    assert shown == [f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0" for v in expected.totals]
    assert session.analyses[1].actual == expected.totals[0]
    assert (t := _texts(at)) and (("Showdown" in t) if lang == "en" else ("Lật bài" in t))
    # the next deal, then its submission: the score adds up
    at.button(key="play_next").click().run()
    assert at.query_params["deal"] in ("2", ["2"])
    second = arrange_simple(table.deal(2)[0], rule_set)
    at = _submit(at, second)
    session = at.session_state[SESSION_KEY]
    assert sorted(session.results) == [1, 2]
    assert session.score() == tuple(a + b for a, b in zip(session.results[1].settlement.totals,
                                                          session.results[2].settlement.totals))
    assert sum(session.score()) == 0


def test_a_stale_or_forged_submission_is_refused() -> None:
    rule_set = load_rule_set("chi-at")
    table = Table(rule_set, 7, BOTS)
    at = _run("en")
    at = _submit(at, arrange_simple(table.deal(2)[1], rule_set))  # another hand's cards
    assert at.session_state[SESSION_KEY].results == {}
    assert any("does not hold the cards" in e.value for e in at.error)


def test_the_best_split_loses_nothing_in_the_analysis() -> None:
    rule_set = load_rule_set("chi-at")
    table = Table(rule_set, 7, BOTS)
    at = _run("en")
    first = _submit(at, arrange_simple(table.deal(1)[0], rule_set)).session_state[SESSION_KEY].analyses[1]
    at = _run("en", deal="1")
    at = _submit(at, first.best)
    analysis = at.session_state[SESSION_KEY].analyses[1]
    assert analysis.cost == 0.0
    assert any("best split" in i.value for i in at.info)


def test_a_broken_link_is_named_not_raised() -> None:
    at = _run("en", bots="solver,wizard", seed="x")
    warnings = " ".join(w.value for w in at.warning)
    assert "wizard" in warnings and "seed" in warnings


def test_the_timer_counts_from_the_first_showing_and_zero_plays_the_solvers_split_marked() -> None:
    rule_set = load_rule_set("chi-at")
    table = Table(rule_set, 7, BOTS)
    at = _run("en")
    assert arranger_data(at, "play_arrange_7_1")["timer"] is None  # off by default
    at.segmented_control(key=TIMER_KEY).set_value(60).run()
    remaining = arranger_data(at, "play_arrange_7_1")["timer"]["remaining_ms"]
    assert 0 < remaining <= 60_000
    assert any("solver's split is played for you" in c.value for c in at.caption)  # said before zero
    # An "expired" the moment the deal is shown is the browser's claim, not the server's clock: not believed, and
    # cards left in the hand are then no split (nothing is played).
    empty = {"back": [], "middle": [], "front": [], "expired": True, "seconds": 60.0}
    at = confirm(at, SUBMITTED_KEY, empty)
    assert 1 not in at.session_state[SESSION_KEY].results
    assert at.session_state[SESSION_KEY].problem is not None
    # At zero on the server's clock with cards still in the hand: the solver's split is played so the deal goes on,
    # and the player is charged what binh lủng costs against the best split, marked timed out.
    _back(at.session_state[SESSION_KEY], 1, 60.0)
    at = confirm(at, SUBMITTED_KEY, empty)
    session = at.session_state[SESSION_KEY]
    result, analysis, hand = session.results[1], session.analyses[1], session.hands[1]
    assert result.timed_out and result.auto_split and result.origin is Origin.TIMER_SOLVER
    assert result.arrangements[0] == solver_split(table, 1)
    assert result.seconds is not None and 60 <= result.seconds < 70
    fouled = analyse(table, 1, fouled_split(table.deal(1)[0], rule_set))
    assert analysis.missed and analysis.cost == pytest.approx(fouled.cost) and analysis.cost > 1.0
    assert (hand.origin, hand.gap, hand.error) == (Origin.TIMER_SOLVER, pytest.approx(fouled.cost), True)
    assert any("solver's split was played for you" in w.value for w in at.warning)
    assert any("charged what binh lủng would cost" in w.value for w in at.warning)
    assert not any("best split (or one worth the same)" in i.value for i in at.info)
    # Deal 2, late (the limit and the grace passed on the server's clock): a legal split stands, marked.
    at.button(key="play_next").click().run()
    _back(at.session_state[SESSION_KEY], 2, 60 + GRACE_S + 1)
    mine = arrange_simple(table.deal(2)[0], rule_set)
    at = confirm(at, SUBMITTED_KEY, _value(mine))
    result = at.session_state[SESSION_KEY].results[2]
    assert (result.arrangements[0], result.timed_out, result.auto_split) == (mine, True, False)
    assert result.seconds is not None and result.seconds > 60
    assert any("your split as it stood was played" in w.value for w in at.warning)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_broken_rules_or_house_link_is_told_in_view_not_in_the_folded_settings(lang: str) -> None:
    from maubinh.rules import RULE_SET_IDS

    at = _run(lang, rules="nope-rules", house="not-a-link")
    told = [w.value for w in at.warning]
    assert any("nope-rules" in text for text in told) and any("not-a-link" in text for text in told), told
    assert at.expander  # the settings, folded
    for expander in at.expander:
        assert not [w.value for w in expander.warning], expander.label  # nothing told inside a folded box
    assert at.session_state[SESSION_KEY].table.rule_set.id == RULE_SET_IDS[0]  # played on, with the first


def test_an_instant_win_is_declared_without_placing_the_cards() -> None:
    """Issue 36: with "Báo mậu binh" on, the component sends before every card is placed (``"declare": true``); the
    hand is settled as declared, the solver's split standing for the cards (what the showdown shows)."""
    rule_set = load_rule_set("chi-at")
    seed = DECLARE_SEED
    table = Table(rule_set, seed, BOTS)
    held = find_instant_win(table.deal(1)[0], rule_set)
    assert held is not None  # the deal holds one (the seed was chosen so)
    at = _run("en", seed=str(seed))
    at.toggle(key=declare_key(1)).set_value(True).run()
    at.session_state[SUBMITTED_KEY] = {"back": [str(table.deal(1)[0][0])], "middle": [], "front": [], "declare": True}
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    result = at.session_state[SESSION_KEY].results[1]
    assert result.declared[0] and result.arrangements[0] == solver_split(table, 1)
    assert result.settlement.naturals[0] is not None and result.settlement.naturals[0].pattern == held.pattern
    # without the switch, the same incomplete value is refused as any broken one
    at = _run("en", seed=str(seed), deal="2")
    at.session_state[SUBMITTED_KEY] = {"back": [], "middle": [], "front": [], "declare": True}
    at.run()
    assert 2 not in at.session_state[SESSION_KEY].results
