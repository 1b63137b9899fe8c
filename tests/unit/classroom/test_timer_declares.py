"""The timer's rule for a held instant win, one rule for Play, a class's tables and rooms
(:func:`classroom.clock.timer_declares`): when the timer plays the solver's split, the solver's choice to declare
comes with it; a split the player set is never declared for them."""

from __future__ import annotations

from classroom.clock import Outcome, timer_declares
from maubinh.naturals import find_instant_win
from maubinh.play import deal_cards
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple

RULES = load_rule_set("chi-at")


def test_the_solvers_play_declares_a_held_six_pairs_and_a_players_split_does_not() -> None:
    lan, minh = deal_cards(200, 1, 2)  # Minh holds six pairs (lục phé bôn, 18 chi from each player, chi-at)
    held = find_instant_win(minh, RULES)
    assert held is not None and held.chi == 18
    assert find_instant_win(lan, RULES) is None
    split = arrange_simple(minh, RULES)
    assert timer_declares(Outcome(split, timed_out=True, auto_split=True), minh, RULES, 2)
    assert not timer_declares(Outcome(split, timed_out=True), minh, RULES, 2)  # the player's split stands as set
    assert not timer_declares(Outcome(split), minh, RULES, 2)  # in time: the player's own choice
    assert not timer_declares(Outcome(arrange_simple(lan, RULES), timed_out=True, auto_split=True), lan, RULES, 2)


def test_a_choice_the_player_made_wins_over_the_solvers_at_zero_and_never_declares_what_is_not_held() -> None:
    """A room stores the player's switch (issue 34): at zero their stored choice is played, both ways and whoever's
    split; in time it adds nothing (the player's own word is the caller's); cards without an instant win never
    declare."""
    lan, minh = deal_cards(200, 1, 2)
    split = arrange_simple(minh, RULES)
    assert timer_declares(Outcome(split, timed_out=True), minh, RULES, 2, chosen=True)  # his split, declared
    assert not timer_declares(Outcome(split, timed_out=True, auto_split=True), minh, RULES, 2, chosen=False)
    assert timer_declares(Outcome(split, timed_out=True, auto_split=True), minh, RULES, 2, chosen=True)
    assert not timer_declares(Outcome(split), minh, RULES, 2, chosen=True)  # in time: the caller's word
    assert not timer_declares(Outcome(arrange_simple(lan, RULES), timed_out=True), lan, RULES, 2, chosen=True)
