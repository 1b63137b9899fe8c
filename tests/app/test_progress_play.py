"""The Progress page's Play part (AppTest): a profile's stored hands give the error rate in play and chi lost
per hand beside the drills', the costliest hands link to their replay on the Play page, and a missed hand
is counted in the review queue; both languages."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.service import ClassroomStore
from tests.app.conftest import open_page
from tests.unit.classroom.conftest import played_hand
from ui.i18n import translate
from ui.labels import number


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_stored_hands_show_in_progress_with_links_to_their_replay(db: ClassroomStore, lang: str) -> None:
    practice = Practice(db)
    made = practice.create_profile("Lan")
    hands = PlayHands(db, practice)
    start = datetime.now(UTC) - timedelta(hours=2)
    gaps = [(0.9, 0.1), (0.02, 0.05), (1.6, 0.1), (0.1, 0.1)]  # errors: the first and the third
    kept = [hands.keep(made.info.id, played_hand(n, gap, se), now=start + timedelta(minutes=n))
            for n, (gap, se) in enumerate(gaps, start=1)]
    at = open_page("progress", me=str(made.token), lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[translate("playhist.progress.hands", lang)] == "4"
    assert metrics[translate("playhist.error_rate", lang)] == "2/4"
    assert metrics[translate("playhist.progress.lost_per_hand", lang)] == number((0.9 + 0.02 + 1.6 + 0.1) / 4, lang)
    links = [(p.label, p.query_params if hasattr(p, "query_params") else None) for p in at.get("page_link")]
    texts = " ".join(str(label) for label, _ in links) + " ".join(m.value for m in at.markdown)
    # the costliest first, each with its band: deal 3 (1.6, a mistake), then 1 (0.9, an inaccuracy), then 4 (0.1,
    # excellent); deal 2 (0.02) is the best band, not costly
    order = [texts.find(translate("playhist.progress.replay", lang, deal=d,
                                  band=translate("band.text", lang, band=translate(f"band.{b}", lang), cost=number(g, lang)),
                                  when=kept[d - 1].played_at.strftime("%Y-%m-%d")))  # type: ignore[union-attr]
             for d, g, b in ((3, 1.6, "mistake"), (1, 0.9, "inaccuracy"), (4, 0.1, "excellent"))]
    assert all(i >= 0 for i in order) and order == sorted(order), order
    assert f"hand={kept[0].id}" in texts or any(str(kept[0].id) in str(q) for _, q in links)
    # two missed hands in the review queue, not due yet (the first review is ten minutes later)
    assert metrics[translate("progress.metric.due", lang)] == "2/2"
    names = [trace.get("name") for c in at.get("plotly_chart") for trace in json.loads(c.proto.spec)["data"]]
    assert translate("playhist.progress.trace", lang) in names  # play beside the drills' error rate
