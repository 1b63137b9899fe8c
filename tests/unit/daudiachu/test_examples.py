"""Every example on the Đấu địa chủ page (daudiachu/examples.toml) is what it says, by the engine."""

from __future__ import annotations

import pytest

from daudiachu.bidding import BiddingError, bidding_result
from daudiachu.examples import ExamplesError, load_examples, parse_examples
from daudiachu.plays import PLAY_TYPES, Fault, Verdict, classify, follow, why_not
from daudiachu.scoring import score

EXAMPLES = load_examples()


@pytest.mark.parametrize("example", EXAMPLES.plays, ids=lambda e: e.id)
def test_play_examples(example):
    assert classify(example.cards).type is example.type


@pytest.mark.parametrize("example", EXAMPLES.not_plays, ids=lambda e: e.id)
def test_look_alike_examples(example):
    rejection = why_not(example.cards)
    assert rejection is not None and rejection.fault is example.fault


@pytest.mark.parametrize("example", EXAMPLES.follows, ids=lambda e: e.id)
def test_follow_examples(example):
    mine, theirs = classify(example.play), classify(example.previous)
    assert follow(mine, theirs) is example.verdict
    assert not set(example.play) & set(example.previous), "the two plays must not share a card"


@pytest.mark.parametrize("example", EXAMPLES.biddings, ids=lambda e: e.id)
def test_bidding_examples(example):
    if example.error is not None:
        with pytest.raises(BiddingError) as caught:
            bidding_result(example.calls, first=example.first)
        assert caught.value.reason == example.error
        return
    result = bidding_result(example.calls, first=example.first)
    assert (result.landlord, result.bid) == (example.landlord, example.bid)


@pytest.mark.parametrize("example", EXAMPLES.scores, ids=lambda e: e.id)
def test_score_examples(example):
    assert score(example.game).points == example.points


def test_the_lesson_shows_every_play_type_and_the_required_look_alikes():
    assert {example.type for example in EXAMPLES.plays} == set(PLAY_TYPES)
    faults = {example.fault for example in EXAMPLES.not_plays}
    assert {Fault.CHAIN_WITH_TWO, Fault.FOUR_WITH_CARDS, Fault.AIRPLANE_PAIRS} <= faults
    verdicts = {example.verdict for example in EXAMPLES.follows}
    assert {Verdict.HIGHER, Verdict.BOMB_OVER, Verdict.ROCKET, Verdict.OTHER_SIZE} <= verdicts
    assert any(example.landlord is None and example.error is None for example in EXAMPLES.biddings)  # redeal


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[play]]\nid = "x"\ncards = "5z"\ntype = "single"', "play[0].cards: '5z'"),
        ('[[not_play]]\nid = "x"\ncards = "5h"\nfault = "nope"', "not_play[0].fault"),
        ('[[follow]]\nid = "x"\nplay = "5h"\nverdict = "higher"', "follow[0].previous: expected text"),
        ('[[bidding]]\nid = "x"\nfirst = 0\ncalls = ["1"]', "bidding[0].calls"),
        ('[[score]]\nid = "x"\nbid = 9\nlandlord = 0\nwent_out = 0\npoints = [0, 0, 0]', "score[0]: bid"),
        (('[[play]]\nid = "x"\ncards = "5h"\ntype = "single"\n[[score]]\nid = "x"\nbid = 1\n'
         'landlord = 0\nwent_out = 0\npoints = [2, -1, -1]'), "ids used twice: x"),
    ],
)
def test_malformed_examples_name_the_entry(text, message):
    with pytest.raises(ExamplesError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_examples(text)
