"""The Play page's history (AppTest, no browser): a hand played without a profile shows in the session summary
with the summary's real numbers; making a profile from the page keeps the table and stores that hand; with a
profile each hand is stored once, listed in the history with its export, replayed step by step (also from a
``?hand=`` link), and a missed hand is in the review queue; both languages."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select
from streamlit.testing.v1 import AppTest

from classroom.clock import DealClocks, play_place
from classroom.models import PlayHand
from classroom.play_hands import PlayedHand, PlayHands, summarise
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.arrangement import Arrangement
from maubinh.play import Origin, Strength, Table, analyse, play_deal
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.app.arrange import arranger_data
from tests.app.conftest import open_page
from ui.i18n import translate
from ui.labels import number
from ui.play.history import REPLAY_KEY, played_when
from ui.play.state import SESSION_KEY, SUBMITTED_KEY, TIMER_KEY, analysis_of, bot_plays, solver_split
from ui.settlement import signed
from ui.table.records import export_frame, export_json

TABLE = {"seed": "11", "bots": "beginner", "rules": "chi-at"}


def _table() -> Table:
    return Table(load_rule_set("chi-at"), 11, (Strength.BEGINNER,))


def _warm(table: Table, number: int, arrangement: Arrangement) -> None:
    """The page's process-wide caches of the slow work filled first (the test's process is the page's), so a
    run never waits out AppTest's timeout on a busy machine."""
    result = play_deal(table, number, arrangement, bots=bot_plays(table, number))
    analysis_of(table, number, arrangement, False, result.player_total)


def _submit(at: AppTest, arrangement: Arrangement) -> AppTest:
    at.session_state[SUBMITTED_KEY] = {p.value: [str(c) for c in arrangement.chi(p)] for p in POSITIONS}
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_hand_without_a_profile_is_summarised_then_kept_in_a_profile_made_here(db: ClassroomStore,
                                                                                   lang: str) -> None:
    at = open_page("play", lang=lang, **TABLE)
    assert not at.exception
    table = _table()
    _warm(table, 1, arrange_simple(table.deal(1)[0], table.rule_set))
    at = _submit(at, arrange_simple(table.deal(1)[0], table.rule_set))
    session = at.session_state[SESSION_KEY]
    hand = session.hands[1]
    assert hand.won == session.results[1].settlement.totals[0] and hand.gap == session.analyses[1].cost
    assert hand.seconds >= 0 and hand.table_seed == 11 and hand.bots == ("beginner",)
    total = summarise([hand])
    metrics = {m.label: m.value for m in at.metric}
    won_label, lost_label, errors_label = (("Chi won at the table", "Chi lost to mistakes", "Errors") if lang == "en"
                                           else ("Chi thắng tại bàn", "Chi mất vì xếp sai", "Ván lỗi"))
    assert metrics[won_label] == signed(total.won)
    assert metrics[lost_label] == number(total.lost, lang)
    assert metrics[errors_label] == f"{total.errors}/1"
    with db.engine.connect() as connection:  # nothing stored without a profile
        assert connection.scalar(select(func.count()).select_from(PlayHand)) == 0
    at.text_input(key="progress_name").input("Lan")
    next(b for b in at.button if b.label == translate("progress.create", lang)).click()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    me = at.query_params["me"]
    me = me[0] if isinstance(me, list) else me
    assert at.query_params["seed"] in ("11", ["11"])  # the table stays
    learner = db.learner(me)
    assert learner is not None
    stored = PlayHands(db).history(learner.id)
    assert len(stored) == 1 and stored[0].split == hand.split and stored[0].totals == hand.totals
    assert stored[0].gap == pytest.approx(hand.gap)


def test_with_a_profile_hands_are_stored_once_listed_exported_and_replayed(db: ClassroomStore) -> None:
    me = str(Practice(db).create_profile("Minh").token)
    at = open_page("play", lang="en", me=me, **TABLE)
    assert not at.exception
    table = _table()
    _warm(table, 1, arrange_simple(table.deal(1)[0], table.rule_set))
    at = _submit(at, arrange_simple(table.deal(1)[0], table.rule_set))
    at.run()  # a rerun stores nothing new
    learner = db.learner(me)
    assert learner is not None
    hands = PlayHands(db)
    assert hands.count(learner.id) == 1
    kept = hands.history(learner.id)[0]
    assert kept.totals == at.session_state[SESSION_KEY].results[1].settlement.totals
    # the history lists it with its replay button and both downloads
    assert any(b.key == f"play_hist_{kept.id}_replay" for b in at.button)
    downloads = {d.key for d in at.get("download_button")}
    assert {"play_history_csv", "play_history_json"} <= downloads
    # its line: the split as cards are drawn elsewhere (10♣, not "Tc"), the time in the browser's zone (unknown
    # here: said as UTC), issue 36
    listed = next(m.value for m in at.markdown if " | " in m.value and "UTC" in m.value)
    split_line = " | ".join(" ".join(card.pretty for card in kept.split.chi(p)) for p in POSITIONS)
    assert split_line in listed and str(kept.split) not in listed
    assert kept.played_at is not None
    stored_at = kept.played_at.replace(tzinfo=kept.played_at.tzinfo or UTC)
    assert stored_at.strftime("%b %d, %H:%M UTC") in listed
    assert played_when(stored_at, ZoneInfo("Asia/Ho_Chi_Minh"), "vi") == (stored_at + timedelta(hours=7)).strftime(
        "%d/%m %H:%M")
    at.button(key=f"play_hist_{kept.id}_replay").click().run()
    assert not at.exception
    assert at.session_state[REPLAY_KEY].id == kept.id
    assert at.get("button_group")  # the steps
    texts = "\n".join(m.value for m in at.markdown)
    assert "Replay of deal 1" in texts
    # the link from the Progress page opens the same replay
    again = open_page("play", lang="en", me=me, hand=str(kept.id), **TABLE)
    assert not again.exception
    assert again.session_state[REPLAY_KEY].id == kept.id
    other = open_page("play", lang="en", me=me, hand="999999", **TABLE)
    assert any("not in your profile" in w.value for w in other.warning)


def test_the_export_is_every_hand_with_its_values() -> None:
    table = _table()
    split = arrange_simple(table.deal(2)[0], table.rule_set)
    result = play_deal(table, 2, split)
    hand = PlayedHand.from_play(table, result, analyse(table, 2, split, actual=result.player_total), 8.0)
    records = json.loads(export_json([hand]))
    assert records[0]["split"] == str(split) and records[0]["settlement"] == list(result.settlement.totals)
    frame = export_frame([hand])
    assert frame.loc[0, "settlement"] == " ; ".join(str(v) for v in result.settlement.totals)
    assert frame.loc[0, "gap"] == round(hand.gap, 4)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_xep_bai_hand_is_kept_marked_and_never_graded_as_the_players(db: ClassroomStore, lang: str) -> None:
    """Issue 31: a hand Xếp bài set is stored as Xếp bài's, its analysis praises nothing and counts nothing, the
    history and the export mark it, and the figures leave it out."""
    me = str(Practice(db).create_profile("Hoa").token)
    table = _table()
    solver = solver_split(table, 1)
    _warm(table, 1, solver)
    at = open_page("play", lang=lang, me=me, **TABLE)
    at.button(key="play_solve_1").click().run()
    assert not at.exception
    at = _submit(at, solver)
    learner = db.learner(me)
    assert learner is not None
    (kept,) = PlayHands(db).history(learner.id)
    assert kept.origin is Origin.XEP_BAI and kept.helped and not kept.error
    infos = [i.value for i in at.info]
    assert translate("origin.analysis.xep_bai", lang) in infos
    assert translate("play.why_best", lang) not in infos
    assert not [m for m in at.metric if m.label == translate("play.lost", lang)]  # no chi lost for it
    total = summarise([kept])
    assert (total.hands, total.helped, total.lost, total.error_rate) == (0, 1, 0.0, None)
    markdown = "\n".join(m.value for m in at.markdown)
    assert translate("origin.mark.xep_bai", lang) in markdown  # the history's line
    assert export_frame([kept])["origin"].tolist() == ["xep_bai"]
    assert json.loads(export_json([kept]))[0]["origin"] == "xep_bai"


def test_plays_timer_counts_from_the_first_showing_stored_in_the_profile(db: ClassroomStore) -> None:
    """Issue 32: with a profile, a deal's first showing is in the database: another session (a reload, another
    server) counts down from it, not from the full limit."""
    me = str(Practice(db).create_profile("Tú").token)
    learner = db.learner(me)
    assert learner is not None
    table = _table()
    moment = datetime.now(UTC) - timedelta(seconds=25)
    DealClocks(db).show(learner.id, play_place(table), 1, timer=True, now=moment)
    at = open_page("play", lang="en", me=me, **TABLE)
    at.segmented_control(key=TIMER_KEY).set_value(60).run()
    gone = (datetime.now(UTC) - moment).total_seconds()  # at least 25 s: the page took some too
    left = arranger_data(at, f"play_arrange_{table.seed}_1")["timer"]["remaining_ms"] / 1000
    assert 60 - gone - 0.5 <= left <= 35.5, (left, gone)
    assert at.session_state[SESSION_KEY].shown[1].shown_at == moment


@pytest.mark.parametrize(("rating", "level"), [(1290.0, "beginner"), (1720.0, "expert")])
def test_practise_hands_like_these_deals_at_the_learners_own_level(db: ClassroomStore, rating: float,
                                                                  level: str) -> None:
    # Issue 36: the link from a Play hand dealt trap hands at one fixed level whatever the learner's rating; it
    # deals at the learner's own now, as the review queue does (classroom.practice.level_for).
    from sqlalchemy import update

    from classroom.models import Learner

    me = str(Practice(db).create_profile("Minh").token)
    learner = db.learner(me)
    assert learner is not None
    with db._session() as session, session.begin():  # a settled rating: one hand moves it little
        session.execute(update(Learner).where(Learner.id == learner.id).values(rating=rating, rating_rd=40.0))
    at = open_page("play", lang="en", me=me, **TABLE)
    table = _table()
    _warm(table, 1, arrange_simple(table.deal(1)[0], table.rule_set))
    at = _submit(at, arrange_simple(table.deal(1)[0], table.rule_set))
    links = [m.value for m in at.markdown if "Practise hands like these" in m.value]
    assert links and all(f"level={level}&" in link and "kinds=arrange" in link for link in links), links
