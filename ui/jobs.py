"""The pages' side of the server's jobs (:mod:`background.jobs`): a job's owner is a Streamlit session.

The runner itself lives in the background home (:meth:`background.home.Home.jobs`), which ends every job's process
group when the server stops; here it is given Streamlit's idea of a session still there (:func:`session_alive`), and
each page run's session id as the owner (:func:`session_owner`).
"""

from __future__ import annotations

from background.home import home
from background.jobs import JobRunner

__all__ = ["runner", "session_alive", "session_owner"]


def session_owner() -> str:
    """This script run's session id (the owner of the session's jobs); ``"local"`` outside a session."""
    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "local"


def session_alive(owner: str) -> bool:
    """Whether the session ``owner`` is connected to the server (always true without a server, e.g. in
    AppTest, where a test's session ends with the test)."""
    from streamlit import runtime

    if not runtime.exists():
        return True
    return runtime.get_instance().is_active_session(owner)


def runner() -> JobRunner:
    """The server's job runner (the background home's, made on first use; one per process).

    Raises:
        RuntimeError: once the server is stopping.
    """
    return home().jobs(alive=session_alive)
