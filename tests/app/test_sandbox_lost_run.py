"""AppTest (issue 21, "a job survives its server's restart or says it was lost"): a many-deals run lives in its
server's session; the tab's link notes it (``?simjob=``) until the result is collected, so a tab that comes back
without its session (a reload, or a reconnect to another server after its own stopped) says the run was lost."""

from __future__ import annotations

import pytest

from tests.app.test_sandbox_gains import VIEW, wait_for_gains
from tests.app.test_sandbox_house import _page
from ui.i18n import translate
from ui.sandbox.sim import JOB_PARAM


def _param(at: object) -> str | None:
    value = at.query_params.get(JOB_PARAM)  # type: ignore[attr-defined]
    return value[-1] if isinstance(value, list) else value


def _lost(at: object, lang: str) -> bool:
    return any(box.value == translate("sim.lost", lang) for box in at.warning)  # type: ignore[attr-defined]


def test_a_run_is_noted_in_the_link_until_its_result_is_shown() -> None:
    at = _page(VIEW["en"], lang="en")
    at.number_input(key="sandbox_sim_deals").set_value(4)
    at.radio(key="sandbox_sim_seats").set_value(2).run()
    at.button(key="sandbox_sim_run").click().run()
    assert _param(at) is not None and _param(at).isdigit()  # type: ignore[union-attr]
    wait_for_gains(at)
    assert _param(at) is None
    assert not _lost(at, "en")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_tab_back_without_its_run_says_it_was_lost(lang: str) -> None:
    at = _page(VIEW[lang], lang=lang, **{JOB_PARAM: "17"})  # a new session: the run's session is gone
    assert _lost(at, lang)
    assert _param(at) is None  # said once
    at.run()
    assert not _lost(at, lang)
