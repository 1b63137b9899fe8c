"""The Play page's session: the table from the link (``?seed=``, ``?deal=``, ``?bots=``, ``?rules=``), the
deals played, the submission the arranging component sends, and the shared caches of the heavy work.

The computer players' splits, the solver's split and each deal's study are the process's shared deal work
(:func:`background.deals.deals`, also a class table's), the analyses a cache of this page (:func:`background.sized.memo`
on the frozen :class:`~maubinh.play.Table`): a rerun, another tab or another player at the same table never
computes them twice. Each cache is bounded by the memory its values take (:data:`CACHE_BYTES`,
:data:`background.deals.CACHE_BYTES`; issue 32: 512 of each, ~330 MiB a server at worst, when bounded by count). The
heavy part of an analysis, which does not depend on the player's split (:func:`maubinh.play.study`), starts in the
background home's ``play`` lane as soon as the deal's cards are shown (:func:`start_preparing`): while the player
arranges, it is made, and the analysis after the submission only scores the player's split (issue 19: analysis p95
from ~5 s to well under 2 s, ``bench/play_latency.py``).

The timer's clock is the server's (issue 32, item 4): with a profile, each deal's first showing is stored in the
database (:class:`classroom.clock.DealClocks`), so the countdown and the time taken go on across a reload or
another server; without one (nothing is recorded then), it is kept in the session.
"""

from __future__ import annotations

import logging
import random
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from background.deals import deals
from background.sized import MiB, memo
from classroom.clock import DealClocks, Showing, play_place, timer_declares
from classroom.models import utcnow
from classroom.play_hands import PlayedHand
from maubinh.arrangement import Arrangement
from maubinh.play import (
    Analysis,
    BotPlay,
    DealResult,
    DealStudy,
    Strength,
    Table,
    analyse,
    play_deal,
)
from maubinh.rules import RuleSet
from ui.arrange.component import Timer, declared_value
from ui.errors import log_failure
from ui.i18n import t
from ui.params import int_param, markdown_literal
from ui.store import classroom
from ui.table.model import DEFAULT_BOTS, bots_param, read_bots
from ui.table.timer import limit_seconds, resolve
from ui.warming import wait_for_kernel

__all__ = [
    "CACHE_BYTES",
    "MAX_DEAL",
    "MAX_SEED",
    "SESSION_KEY",
    "SUBMITTED_KEY",
    "TIMER_KEY",
    "PlaySession",
    "analyse_pending",
    "analyse_played",
    "analysis_of",
    "bot_plays",
    "declare_key",
    "read_table_params",
    "session_for",
    "showing",
    "solver_split",
    "start_preparing",
    "take_submission",
    "timer_for",
]

SESSION_KEY = "play_session"
SUBMITTED_KEY = "play_submitted"
"""Where the arranging component's "Confirm" puts the arrangement (card ids per chi) for the next run."""
BOTS_KEY = "play_bots"
TIMER_KEY = "play_timer"
"""The timer setting (seconds, 0: off; :data:`ui.table.timer.CHOICES`)."""
MAX_SEED = 2**63 - 1
MAX_DEAL = 1_000_000
_log = logging.getLogger(__name__)
CACHE_BYTES = {"analyses": 24 * MiB}
"""Memory the process's Play analyses may hold (~35 KiB each); the deals' shared work has its own
(:data:`background.deals.CACHE_BYTES`)."""
_SHARED = (Table, RuleSet)
"""Held by every entry of a table alike: not counted in an entry's size."""


def declare_key(number: int) -> str:
    """The session key of deal ``number``'s "Báo mậu binh" switch."""
    return f"play_declare_{number}"


@dataclass
class PlaySession:
    """One player's session at one table: the deals played (by number), their analyses, the hands helped,
    when each deal's cards were first shown (:class:`classroom.clock.Showing`), each hand played as a
    :class:`~classroom.play_hands.PlayedHand` (the summary and the history), and those stored in the profile."""

    table: Table
    results: dict[int, DealResult] = field(default_factory=dict)
    analyses: dict[int, Analysis] = field(default_factory=dict)
    helped: set[int] = field(default_factory=set)
    problem: str | None = None
    shown: dict[int, Showing] = field(default_factory=dict)
    """Each deal's first showing (the time taken counts from there) and first with the timer on (its countdown
    counts from there: a timer switched on in the middle of a deal starts then, not in the past); the
    database's when :attr:`learner_id` is set."""
    hands: dict[int, PlayedHand] = field(default_factory=dict)
    saved: set[int] = field(default_factory=set)
    unanalysed: dict[int, tuple[bool, float]] = field(default_factory=dict)
    """Deals settled whose analysis is not made yet: whether the player declared, the seconds taken
    (:func:`analyse_played`)."""
    learner_id: str | None = None
    """The profile playing (``None``: no profile): its deals' first showings are kept in the database."""

    def score(self) -> tuple[int, ...]:
        """Chi per seat over the deals played."""
        totals = [0] * self.table.seats
        for result in self.results.values():
            for seat, amount in enumerate(result.settlement.totals):
                totals[seat] += amount
        return tuple(totals)


def bot_plays(table: Table, number: int) -> tuple[BotPlay, ...]:
    """The computer players' splits of deal ``number`` (made once for every session: :mod:`background.deals`)."""
    return deals().bots(table, number)


def start_preparing(table: Table, number: int) -> Future[DealStudy]:
    """Start (once per process) :func:`maubinh.play.study` of deal ``number`` in the background, after the kernel is
    ready; the future of its result (shared by every session at this table). The computer players' splits are started
    first (:meth:`background.deals.Deals.start_bots`): the showdown needs only them."""
    deals().start_bots(table, number, lane="play")
    return deals().start(table, number, lane="play")


def _prepared(table: Table, number: int) -> DealStudy:
    """The deal's preparation: waited for if under way, made here at once if still queued behind others'."""
    return deals().study(table, number)


def solver_split(table: Table, number: int) -> Arrangement:
    """The solver's split of the player's cards in deal ``number`` (Xếp bài; made once for every session)."""
    return deals().solver_split(table, number)


def showing(session: PlaySession, number: int, timer: bool, now: datetime | None = None) -> Showing:
    """Note deal ``number`` shown now (``timer``: with the timer on) and return its first showing: from the
    database with a profile (:meth:`classroom.clock.DealClocks.show`, written only when something is new), else
    (or while the database cannot answer) from the session."""
    moment = now or utcnow()
    known = session.shown.get(number)
    if known is not None and (known.timer_at is not None or not timer):
        return known
    if session.learner_id is not None:
        try:
            found = DealClocks(classroom().store).show(session.learner_id, play_place(session.table), number,
                                                       timer=timer, now=moment)
        except SQLAlchemyError as error:
            log_failure(_log, "a deal's first showing could not be stored; kept in the session", error)
        else:
            session.shown[number] = found
            return found
    if known is None:
        known = Showing(moment)
    if timer and known.timer_at is None:
        known = Showing(known.shown_at, moment)
    session.shown[number] = known
    return known


def timer_for(session: PlaySession, number: int) -> Timer | None:
    """Deal ``number``'s countdown (from its first showing with the timer on, :func:`showing`), ``None`` with the
    timer off; notes the deal's first showing."""
    limit = limit_seconds(st.session_state.get(TIMER_KEY, 0))
    found = showing(session, number, limit is not None)
    return None if limit is None else Timer(found.remaining(limit))


@memo(CACHE_BYTES["analyses"], _SHARED)
def analysis_of(table: Table, number: int, arrangement: Arrangement, declare: bool, actual: int,
                missed: bool = False) -> Analysis:
    """:func:`maubinh.play.analyse`, cached for every session, on the deal's shared preparation (``missed``: the
    timer played the solver's split, the player is charged binh lủng)."""
    return analyse(table, number, arrangement, declare, actual=actual, studied=_prepared(table, number),
                   missed=missed)


def read_table_params() -> tuple[int, int, tuple[Strength, ...]]:
    """The seed, deal number and computer players in the link; a missing seed is drawn (and put in the link),
    a broken value is named in a warning and replaced (:func:`ui.params.int_param`)."""
    seed = int_param("seed", minimum=0, maximum=MAX_SEED)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 10**9)
        st.query_params["seed"] = str(seed)
    number = int_param("deal", minimum=1, maximum=MAX_DEAL, default=1) or 1
    raw = st.query_params.get("bots")
    bots = st.session_state.get(BOTS_KEY, DEFAULT_BOTS)
    if raw is not None:
        found = read_bots(raw)
        if found is None:
            st.warning(t("play.bad_bots", value=markdown_literal(raw)))
        else:
            bots = found
    st.session_state[BOTS_KEY] = bots
    st.query_params["bots"] = bots_param(bots)
    return seed, number, bots


def session_for(rule_set: RuleSet, seed: int, bots: tuple[Strength, ...]) -> PlaySession:
    """The session's :class:`PlaySession` at this table; a new one when the rules, seed or players change."""
    table = Table(rule_set, seed, bots)
    session = st.session_state.get(SESSION_KEY)
    if not isinstance(session, PlaySession) or session.table != table:
        session = PlaySession(table)
        st.session_state[SESSION_KEY] = session
    return session


def take_submission(session: PlaySession, number: int) -> None:
    """Settle and analyse deal ``number`` with the arrangement the component sent, if one is waiting; while
    the deal is not played, start preparing its analysis in the background (:func:`start_preparing`).

    A value that is not an arrangement of the cards dealt (a stale or forged one) is refused with a
    message (``session.problem``), nothing settled. With the timer on, a value sent at zero or after the
    limit (plus a grace) stands for the current split if legal, else the solver's (:func:`ui.table.timer.resolve`),
    with its choice to declare a held instant win (:func:`classroom.clock.timer_declares`).
    The time taken (from the deal's first showing) is recorded in the result.
    """
    limit = limit_seconds(st.session_state.get(TIMER_KEY, 0))
    if number not in session.results:
        showing(session, number, limit is not None)  # the clock of "seconds taken" starts
    value = st.session_state.pop(SUBMITTED_KEY, None)
    if number not in session.results:
        start_preparing(session.table, number)
    if value is None or number in session.results:
        return
    table = session.table
    declare = bool(st.session_state.get(declare_key(number), False))
    if declare:
        value = declared_value(value, table.deal(number)[0], lambda: solver_split(table, number))
    now = utcnow()
    shown = showing(session, number, limit is not None, now)
    elapsed = shown.elapsed(now)
    try:
        outcome = resolve(value, table.deal(number)[0], table.rule_set, elapsed=shown.timer_elapsed(now),
                          limit=limit, solver=lambda: solver_split(table, number))
    except ValueError:
        session.problem = t("play.bad_submission")
        return
    session.problem = None
    arrangement = outcome.arrangement
    declare = declare or timer_declares(outcome, table.deal(number)[0], table.rule_set, table.seats)
    wait_for_kernel()  # a fresh server's first seconds: "preparing the engine, about N s", not the numpy path
    with st.spinner(t("play.settling")):
        result = play_deal(table, number, arrangement, declare, helped=number in session.helped,
                           bots=bot_plays(table, number), timed_out=outcome.timed_out,
                           auto_split=outcome.auto_split, seconds=round(elapsed, 1))
    session.results[number] = result
    session.unanalysed[number] = (declare, elapsed)


def analyse_played(session: PlaySession, number: int) -> Analysis:
    """The analysis of deal ``number`` (played: :func:`take_submission` settled it), made once the showdown is on
    the screen (issue 36: the showdown is drawn first, the analysis after it), and the hand kept for the summary,
    the history and the profile (:attr:`PlaySession.hands`).

    Raises:
        KeyError: deal ``number`` is not played in this session.
    """
    found = session.analyses.get(number)
    if found is not None:
        return found
    result = session.results[number]
    declare, elapsed = session.unanalysed.get(number, (result.declared[0], result.seconds or 0.0))
    table = session.table
    analysis = analysis_of(table, number, result.arrangements[0], declare, result.player_total, result.auto_split)
    session.analyses[number] = analysis
    session.hands[number] = PlayedHand.from_play(table, result, analysis, elapsed)
    session.unanalysed.pop(number, None)
    return analysis


def analyse_pending(session: PlaySession) -> None:
    """Make the analyses of the deals settled whose analysis a run left unmade (the learner went on to the next deal
    while it was made): every hand played is kept (:func:`analyse_played`)."""
    for number in sorted(session.unanalysed):
        analyse_played(session, number)
