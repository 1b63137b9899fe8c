"""AppTest of the Progress page's levels (issue 20, items 10 and 11): a level per kind, from that kind's
decisions only, with the count; "new" (mới học) until enough; a new learner starts there."""

from __future__ import annotations

import pytest

from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.drills.levels import MIN_DECISIONS
from tests.app.conftest import open_page

BETTER = DrillSet((Kind.BETTER,), Level.INTERMEDIATE, "chi-at", seed=3, count=MIN_DECISIONS)
ARRANGE = DrillSet((Kind.ARRANGE,), Level.INTERMEDIATE, "chi-at", seed=4, count=2)


def _answered(practice: Practice, learner: str, drill_set: DrillSet, lost: list[float]) -> None:
    for number, chi in enumerate(lost):
        practice.record(
            learner,
            drill_set.ref(number),
            run_id=f"r{drill_set.seed}",
            number=number,
            mode="practice",
            lesson="five",
            code="A",
            correct=chi == 0,
            chi_lost=chi,
            seconds=5.0,
        )


def _levels_text(db: ClassroomStore, token: str, lang: str) -> str:
    at = open_page("progress", me=token, lang=lang)
    assert not at.exception
    return "\n".join(m.value for m in at.markdown)


@pytest.mark.parametrize(
    ("lang", "better", "arrange", "engine"),
    [
        (
            "en",
            "Which arrangement is better?: **Engine-like**, 0.00 chi lost per decision over 10 decisions.",
            "Set it yourself: **New** for now: 2 decisions so far; a level is named from 10.",
            "Engine-like",
        ),
        (
            "vi",
            "Cách xếp nào tốt hơn?: **Như máy**, mất 0,00 chi mỗi quyết định, trên 10 quyết định.",
            "Tự xếp bài: tạm thời **Mới học**: mới 2 quyết định; từ 10 quyết định trở lên mới tính trình độ.",
            "Như máy",
        ),
    ],
)
def test_levels_are_per_kind_with_the_count(
    db: ClassroomStore, lang: str, better: str, arrange: str, engine: str
) -> None:
    practice = Practice(db)
    me = practice.create_profile("Hà")
    _answered(practice, me.info.id, BETTER, [0.0] * MIN_DECISIONS)  # easy two-choice answers, all right
    _answered(practice, me.info.id, ARRANGE, [0.70, 0.87])  # both hard hands missed
    text = _levels_text(db, str(me.token), lang)
    assert better in text and arrange in text
    assert (
        text.count(f"**{engine}**") == 1
    )  # engine-like in "which is better" only, never for the missed hands


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "Your level: **New**, where everyone starts."),
        ("vi", "Trình độ của bạn: **Mới học**, ai cũng bắt đầu từ đây."),
    ],
)
def test_a_new_learner_starts_at_new(db: ClassroomStore, lang: str, start: str) -> None:
    me = Practice(db).create_profile("Mai")
    assert start in _levels_text(db, str(me.token), lang)
