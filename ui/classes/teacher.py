"""The teacher's page of a class (``/classes?teacher=<class>.<secret>``): the board, the assignments,
the learners, the class itself.

Nothing of the class is shown to a link whose secret does not match (the check is the store's, in
constant time). Only the link's hash is kept; the page shows the link again only behind "My teacher link", with
a warning, and the projector gets a link of its own that holds no teacher secret (:mod:`ui.classes.projector`;
issue 31, item 5). The teacher can replace the teacher link (the old one stops working at once) and give a
learner who lost their link a new one (same learner, same history).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from time import monotonic

import pandas as pd
import streamlit as st

from classroom.bank import deal_picks
from classroom.follow_ups import ASSIGNMENT, FollowUps, Group
from classroom.models import TITLE_MAX, utcnow
from classroom.service import AssignmentInfo, ClassInfo, ClassroomError
from classroom.versions import version_counts
from maubinh.drills import KINDS, DrillSet
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from ui.classes.board import show_board
from ui.classes.edit import edit_box, edit_said
from ui.classes.follow_up import group_title, reassign_box, show_group
from ui.classes.learner import viewer_zone
from ui.classes.live_teacher import show_live_tab
from ui.classes.projector import join_link, show_join_qr
from ui.classes.start import CREATED_KEY
from ui.classes.table_teacher import show_tables_tab
from ui.classes.versions import show_earlier_versions, versions_note
from ui.classes.words import moment, state_key, typed_moment
from ui.client import client_address
from ui.errors import guarded_function
from ui.escape import PASTE_ROOM, md_text, plain_text
from ui.i18n import t
from ui.keep import keep
from ui.links import PROJECTOR_PARAM, TEACHER_PARAM, go_to_personal_link, public_link, public_url, sibling, unreachable_note
from ui.live import LiveViews
from ui.params import markdown_literal
from ui.questions import kind_name, level_name
from ui.set_form import read_set, set_fields, unavailable_in
from ui.setup import house_rule_sets, rule_set_label
from ui.store import LEARNER_PARAM, classroom, refusal_key

__all__ = ["show_teacher"]

_FORM = "classes_assign"
RENEWED_KEY = "classes_renewed"
"""Session key: the class whose teacher link this session just replaced (the page says to save the new one)."""
_BOARD_PICK = "classes_board_pick"
"""Session key: the assignment the board shows."""
_NEWEST_KEY = "classes_board_newest"
"""Session key: the newest ready assignment the board offered last (a newer one takes the board from it)."""
_RELINKED_KEY = "classes_relinked"
"""Session key: the learners given a new link in this session, ``{learner id: link}`` (shown until hidden)."""
VOUCH_AGAIN_S = 600
"""Seconds after which an open teacher's page notes its address as the class's again (a note lasts an hour:
:data:`classroom.throttle.CLASS_ADDRESS`)."""


def _vouch(klass: ClassInfo) -> None:
    """The teacher's own address is one of the class's (issue 32, 3): its join code keeps working from there
    (a school's network) even after wrong codes from it used up their allowance. Noted when the page opens and
    again every :data:`VOUCH_AGAIN_S` while the page reruns (not a write per rerun)."""
    key = f"classes_vouched_{klass.id}"
    noted = st.session_state.get(key)
    if not isinstance(noted, float) or monotonic() - noted >= VOUCH_AGAIN_S:
        classroom().store.vouch(klass.id, client_address())
        st.session_state[key] = monotonic()


def _header(klass: ClassInfo, token: str, lang: str) -> None:
    st.subheader(markdown_literal(klass.name, limit=80))
    st.caption(t("classes.class_rules", rules=md_text(rule_set_label(klass.rule_set, lang))))
    if klass.archived:
        st.warning(t("classes.archived_teacher"))
    if klass.joining_locked:
        st.caption(t("classes.joining_locked_note"))
    for key, words in ((CREATED_KEY, "classes.teacher_link_once"), (RENEWED_KEY, "classes.teacher_link_new")):
        if st.session_state.get(key) == klass.id:
            st.success(t(words))
            st.button(t("classes.teacher_link_saved"), key=f"{key}_saved", on_click=st.session_state.pop,
                      args=(key, None))
    code_box, link_box = st.columns([1, 2])
    code_box.metric(t("classes.join_code"), klass.join_code)
    with link_box:
        st.markdown(t("classes.join_link"))
        st.code(join_link(klass), language=None, wrap_lines=True)
    unreachable_note()
    with st.expander(t("classes.qr_title"), icon=":material/qr_code_2:"):
        show_join_qr(klass)
        st.caption(t("classes.qr_note", code=klass.join_code))
    projector = classroom().store.projector_token(token)
    if projector is not None:
        st.link_button(t("classes.open_projector"), sibling(st.context.url, "classes",
                                                            {PROJECTOR_PARAM: str(projector), "lang": lang}),
                       icon=":material/present_to_all:", help=t("classes.open_projector_help"))
    with st.expander(t("classes.my_link_title"), icon=":material/key:"):
        st.warning(t("classes.my_link_warning"), icon=":material/visibility_off:")
        st.code(sibling(st.context.url, "classes", {TEACHER_PARAM: token, "lang": lang}), language=None,
                wrap_lines=True)


EDITED = "~edited"
"""Suffix of the choice that is a house rule set edited in this session under the id of the class's own."""


def _rule_sets(klass: ClassInfo) -> dict[str, RuleSet]:
    """The rule sets an assignment may use: the class's, the sources, this session's house rules; house rules
    edited in this session under the class's id are offered beside the class's stored ones, as their own
    choice (issue 22, item 7: the edit was silently assigned with the old values)."""
    found = {klass.rule_set_id: klass.rule_set}
    found.update({rid: load_rule_set(rid) for rid in RULE_SET_IDS if rid not in found})
    for rid, rule_set in house_rule_sets().items():
        if rid not in found:
            found[rid] = rule_set
        elif found[rid] != rule_set:
            found[rid + EDITED] = rule_set
    return found


def _rule_set_choice(rule_sets: dict[str, RuleSet], choice: str, lang: str) -> str:
    label = rule_set_label(rule_sets[choice], lang)
    return t("classes.rules_edited", name=label) if choice.endswith(EDITED) else label


def _deadline(lang: str) -> datetime | None:
    if not st.session_state.get(f"{_FORM}_has_deadline"):
        return None
    day = st.session_state.get(f"{_FORM}_day")
    at = st.session_state.get(f"{_FORM}_time") or time(23, 59)
    return None if day is None else typed_moment(day, at, viewer_zone())


def _zone_note() -> None:
    zone = viewer_zone()
    st.caption(t("classes.times_in_zone", zone=str(zone) if zone is not None else "UTC"))


def _assign(klass: ClassInfo, base: DrillSet, lang: str) -> None:
    rule_sets = _rule_sets(klass)
    rule_set = rule_sets.get(st.session_state.get(f"{_FORM}_rules") or "", klass.rule_set)
    chosen = read_set(_FORM, base, rule_set)
    if chosen is None:
        st.session_state[f"{_FORM}_error"] = "classes.assign_error.kinds"
        return
    missing = unavailable_in(chosen, lang)
    st.session_state[f"{_FORM}_error_lines"] = missing
    if missing:
        st.session_state[f"{_FORM}_error"] = "classes.assign_error.unavailable"
        return
    if chosen.house is None and chosen.seed == base.seed:  # the seed left as it was: dealt from the question bank
        chosen = replace(chosen, picks=deal_picks(classroom().bank, chosen.kinds, chosen.level, chosen.rule_set_id,
                                                  chosen.count))
    try:
        assignment = classroom().store.assign(klass.id, st.session_state.get(f"{_FORM}_title") or "", chosen,
                                              _deadline(lang))
    except ClassroomError as exc:
        st.session_state[f"{_FORM}_error"] = refusal_key("classes.assign_error", exc)
        return
    st.session_state.pop(f"{_FORM}_error", None)
    st.session_state[_BOARD_PICK] = assignment.id
    classroom().grader.grade(assignment)


def _new_assignment(klass: ClassInfo, lang: str) -> None:
    rule_sets = _rule_sets(klass)
    house = None if klass.rule_set_id in RULE_SET_IDS else klass.rule_set
    base = DrillSet(KINDS, rule_set_id=klass.rule_set_id, seed=st.session_state.setdefault(
        f"{_FORM}_base_seed", int(utcnow().timestamp()) % 100_000), house=house)
    keep(*(f"{_FORM}_{name}" for name in ("title", "rules", "has_deadline", "day", "time")))  # ui.keep
    st.session_state.setdefault(f"{_FORM}_day", (utcnow() + timedelta(days=1)).date())
    st.session_state.setdefault(f"{_FORM}_time", time(21, 0))
    with st.container(border=True):
        st.markdown(f"**{t('classes.new_assignment')}**")
        # No st.form: a form's fields reach the server only when it is submitted, so what the teacher chose
        # was lost on leaving (the projector view, another page, Back) before assigning (issue 22, item 6).
        # Each field sends its value as it changes, and ui.keep keeps it while the form is not drawn.
        has_deadline = st.checkbox(t("classes.has_deadline"), key=f"{_FORM}_has_deadline")
        day, at = st.columns(2)
        day.date_input(t("classes.deadline_day"), key=f"{_FORM}_day", min_value=utcnow().date(),
                       format="DD/MM/YYYY", disabled=not has_deadline)
        at.time_input(t("classes.deadline_time"), key=f"{_FORM}_time", step=900, disabled=not has_deadline)
        if has_deadline:
            _zone_note()
        st.text_input(t("classes.title"), key=f"{_FORM}_title", max_chars=PASTE_ROOM * TITLE_MAX,
                      placeholder=t("classes.title_placeholder"))
        st.selectbox(t("common.rule_set"), list(rule_sets), key=f"{_FORM}_rules",
                     format_func=lambda rid: _rule_set_choice(rule_sets, rid, lang))
        set_fields(_FORM, base, lang)
        st.button(t("classes.assign_button"), key=f"{_FORM}_submit", type="primary", on_click=_assign,
                  args=(klass, base, lang), disabled=klass.archived)
    error = st.session_state.get(f"{_FORM}_error")
    if error:
        lines = st.session_state.get(f"{_FORM}_error_lines") if error == "classes.assign_error.unavailable" else None
        st.error("  \n".join([t(error, longest=TITLE_MAX), *(lines or ())]))


def _close(klass: ClassInfo, assignment_id: int, closed: bool) -> None:
    classroom().store.close_assignment(klass.id, assignment_id, closed)


def _set_deadline(klass: ClassInfo, assignment_id: int, remove: bool) -> None:
    key = f"classes_deadline_{assignment_id}"
    day, at = st.session_state.get(f"{key}_day"), st.session_state.get(f"{key}_time") or time(23, 59)
    deadline = None if remove or day is None else typed_moment(day, at, viewer_zone())
    try:
        classroom().store.set_deadline(klass.id, assignment_id, deadline)
    except ClassroomError as exc:
        st.session_state[f"{key}_error"] = refusal_key("classes.assign_error", exc)
        return
    st.session_state.pop(f"{key}_error", None)


def _deadline_editor(klass: ClassInfo, assignment_id: int, deadline: datetime | None) -> None:
    """Change or remove an assignment's deadline (the day and time on the teacher's clock)."""
    key = f"classes_deadline_{assignment_id}"
    zone = viewer_zone() or UTC
    today = utcnow().astimezone(zone).date()
    shown = deadline.astimezone(zone) if deadline else None
    st.session_state.setdefault(f"{key}_day", shown.date() if shown else today + timedelta(days=1))
    st.session_state.setdefault(f"{key}_time", shown.time().replace(second=0, microsecond=0) if shown else time(21, 0))
    with st.popover(t("classes.change_deadline"), icon=":material/event:"):
        day, at = st.columns(2)
        # a deadline already past stays showable (a date before min_value is refused by the widget)
        day.date_input(t("classes.deadline_day"), key=f"{key}_day", format="DD/MM/YYYY",
                       min_value=min(today, st.session_state[f"{key}_day"]))
        at.time_input(t("classes.deadline_time"), key=f"{key}_time", step=900)
        _zone_note()
        save, remove = st.columns(2)
        save.button(t("classes.deadline_save"), key=f"{key}_save", type="primary", on_click=_set_deadline,
                    args=(klass, assignment_id, False))
        remove.button(t("classes.deadline_remove"), key=f"{key}_remove", on_click=_set_deadline,
                      args=(klass, assignment_id, True), disabled=deadline is None)
    error = st.session_state.get(f"{key}_error")
    if error:
        st.error(t(error, longest=TITLE_MAX))


@st.fragment(run_every=2)
@guarded_function
def _grading(klass: ClassInfo, lang: str) -> None:
    """Grading progress of the assignments still being graded; the page reruns when they are done."""
    pending = [a for a in classroom().store.assignments(klass.id) if not a.ready and not a.error]
    for assignment in pending:
        st.progress(assignment.graded / assignment.count,
                    text=t("classes.grading_progress", title=markdown_literal(assignment.title, limit=80),
                           done=assignment.graded, count=assignment.count))
    if not pending and st.session_state.pop("classes_grading_seen", False):
        st.rerun(scope="app")
    if pending:
        st.session_state["classes_grading_seen"] = True


def _assignments(klass: ClassInfo, lang: str) -> None:
    store = classroom().store
    _new_assignment(klass, lang)
    assignments = store.assignments(klass.id)
    if any(not a.ready and not a.error for a in assignments):
        _grading(klass, lang)
    counts = store.answer_counts(klass.id)
    versions = version_counts(store, klass.id)
    groups = FollowUps(store).groups(klass.id)
    under = {g.source_id: g for g in groups if g.kind == ASSIGNMENT}
    shown = {a.id for a in assignments if a.learner_id is None}
    # a source's follow-ups (one assignment per learner) are one group: under their assignment, or a card of their own
    items: list[tuple[datetime, AssignmentInfo | Group]] = [(a.created_at, a) for a in assignments if a.learner_id is None]
    items += [(g.made_at, g) for g in groups if g.kind != ASSIGNMENT or g.source_id not in shown]
    items.sort(key=lambda item: item[0], reverse=True)
    zone, now = viewer_zone(), utcnow()
    edit_said()
    for _, item in items:
        if isinstance(item, Group):
            with st.container(border=True):
                st.markdown(f"**{markdown_literal(group_title(item, lang), limit=2 * TITLE_MAX)}**")
                show_group(klass, item, lang, "list")
            continue
        assignment, s = item, item.drill_set
        with st.container(border=True):
            state = t(state_key(assignment, now, klass.archived))
            st.markdown(f"**{markdown_literal(assignment.title, limit=2 * TITLE_MAX)}** · :gray-badge[{state}]")
            st.caption(t("classes.assignment_detail", kinds=", ".join(kind_name(k, lang) for k in s.kinds),
                         level=level_name(s.level, lang), count=s.count,
                         seed=s.seed if isinstance(s, DrillSet) else "—", rules=md_text(s.rule_set.name(lang)),
                         created=moment(assignment.created_at, zone, lang),
                         deadline=moment(assignment.deadline, zone, lang), answers=counts.get(assignment.id, 0)))
            if versions.get(assignment.id):
                versions_note(versions[assignment.id])
            if assignment.error:
                st.error(t("classes.grading_failed", error=markdown_literal(assignment.error, limit=200)))
            closed = assignment.closed_at is not None
            close_box, deadline_box = st.columns(2)
            close_box.button(t("classes.reopen" if closed else "classes.close"), key=f"classes_close_{assignment.id}",
                             on_click=_close, args=(klass, assignment.id, not closed), disabled=not assignment.ready)
            with deadline_box:
                _deadline_editor(klass, assignment.id, assignment.deadline)
            _delete_box(klass, assignment, counts.get(assignment.id, 0))
            if assignment.ready and not klass.archived:
                edit_box(klass, assignment, lang)
            if assignment.id in under:
                show_group(klass, under[assignment.id], lang, "list")


def _delete(klass: ClassInfo, assignment_id: int) -> None:
    key = f"classes_delete_{assignment_id}_error"
    try:
        classroom().store.delete_assignment(klass.id, assignment_id)
    except ClassroomError:  # still being prepared
        st.session_state[key] = "classes.delete_refused"
        return
    st.session_state.pop(key, None)


def _rename(klass: ClassInfo, assignment_id: int) -> None:
    key = f"classes_rename_{assignment_id}"
    try:
        classroom().store.rename_assignment(klass.id, assignment_id, st.session_state.get(key) or "")
    except ClassroomError as exc:
        st.session_state[f"{key}_error"] = refusal_key("classes.assign_error", exc)
        return
    st.session_state.pop(f"{key}_error", None)


def _delete_box(klass: ClassInfo, assignment: AssignmentInfo, answers: int) -> None:
    """Rename an assignment (questions and answers unchanged), or delete it, saying plainly what goes (the class's
    answers: the board, the CSV) and what stays (each learner's own history)."""
    rename_box, delete_box = st.columns(2)
    key = f"classes_rename_{assignment.id}"
    with rename_box.popover(t("classes.rename"), icon=":material/edit:"):
        st.session_state.setdefault(key, assignment.title)
        # a label of its own: the new assignment's "Title" field is on the same page (a label lookup finds one)
        st.text_input(t("classes.rename_label"), key=key, max_chars=PASTE_ROOM * TITLE_MAX)
        st.caption(t("classes.rename_note"))
        st.button(t("classes.rename_save"), key=f"{key}_save", type="primary", on_click=_rename,
                  args=(klass, assignment.id))
    if st.session_state.get(f"{key}_error"):
        st.error(t(st.session_state[f"{key}_error"], longest=TITLE_MAX))
    with delete_box.popover(t("classes.delete"), icon=":material/delete:"):
        st.markdown(t("classes.delete_confirm", title=markdown_literal(assignment.title, limit=80), answers=answers))
        st.button(t("classes.delete_yes"), key=f"classes_delete_{assignment.id}", type="primary", on_click=_delete,
                  args=(klass, assignment.id), disabled=not assignment.ready and not assignment.error)
    error = st.session_state.get(f"classes_delete_{assignment.id}_error")
    if error:
        st.error(t(error))


def _remove(klass: ClassInfo, learner_id: str) -> None:
    classroom().store.remove_learner(klass.id, learner_id)


def _relink(klass: ClassInfo, learner_id: str) -> None:
    token = classroom().store.new_learner_link(klass.id, learner_id)
    relinked = dict(st.session_state.get(_RELINKED_KEY) or {})
    if token is not None:
        relinked[learner_id] = public_link(public_url(), "classes", {LEARNER_PARAM: str(token), "lang": klass.language},
                                           st.context.url)
    st.session_state[_RELINKED_KEY] = relinked


def _hide_relink(learner_id: str) -> None:
    relinked = dict(st.session_state.get(_RELINKED_KEY) or {})
    relinked.pop(learner_id, None)
    st.session_state[_RELINKED_KEY] = relinked


def _learners(klass: ClassInfo, lang: str) -> None:
    store = classroom().store
    learners = store.learners(klass.id)
    st.caption(t("classes.learner_count", count=len(learners)))
    zone = viewer_zone()
    relinked = st.session_state.get(_RELINKED_KEY) or {}
    for learner in learners:
        name_col, joined_col, relink, action = st.columns([3, 2, 2, 2], vertical_alignment="center")
        name = markdown_literal(learner.name, limit=40)
        name_col.markdown(name)
        joined_col.caption(moment(learner.joined_at, zone, lang))
        with relink.popover(t("classes.relink"), icon=":material/link:"):
            if learner.id in relinked:  # the new link, where the teacher asked for it (the popover stays open)
                st.markdown(t("classes.relink_done", name=name))
                st.code(relinked[learner.id], language=None, wrap_lines=True)
                st.button(t("classes.relink_hide"), key=f"classes_relink_hide_{learner.id}", on_click=_hide_relink,
                          args=(learner.id,))
            else:
                st.markdown(t("classes.relink_confirm", name=name))
                st.button(t("classes.relink_yes"), key=f"classes_relink_{learner.id}", type="primary",
                          on_click=_relink, args=(klass, learner.id))
        with action.popover(t("classes.remove"), icon=":material/person_remove:"):
            st.markdown(t("classes.remove_confirm", name=name))
            st.button(t("classes.remove_yes"), key=f"classes_remove_{learner.id}", type="primary",
                      on_click=_remove, args=(klass, learner.id))
    removed = [ln for ln in store.learners(klass.id, include_removed=True) if ln.removed]
    if removed:
        with st.expander(t("classes.removed_title", count=len(removed))):
            st.dataframe(pd.DataFrame([{t("classes.col.learner"): plain_text(ln.name),
                                        t("classes.col.removed_at"): moment(ln.removed_at, zone, lang)}
                                       for ln in removed]), hide_index=True)


def _archive(klass: ClassInfo, archived: bool) -> None:
    classroom().store.archive_class(klass.id, archived)


def _lock(token: str) -> None:
    classroom().store.set_joining_locked(token, bool(st.session_state.get("classes_joining_locked")))


def _renew(klass: ClassInfo, token: str, lang: str) -> None:
    new = classroom().store.new_teacher_link(token)
    if new is None:  # replaced meanwhile (another tab): this page's link no longer opens the class
        return
    st.session_state[RENEWED_KEY] = klass.id
    st.session_state.pop(CREATED_KEY, None)
    go_to_personal_link(TEACHER_PARAM, str(new), lang)


def _settings(klass: ClassInfo, token: str, lang: str) -> None:
    st.markdown(t("classes.settings_line", language=t(f"classes.language.{klass.language}"),
                  created=moment(klass.created_at, viewer_zone(), lang)))
    st.session_state["classes_joining_locked"] = klass.joining_locked  # as stored (another server may have changed it)
    st.toggle(t("classes.lock_joining"), key="classes_joining_locked", on_change=_lock, args=(token,),
              help=t("classes.lock_joining_help"))
    with st.popover(t("classes.new_teacher_link"), icon=":material/key_off:"):
        st.markdown(t("classes.new_teacher_link_confirm"))
        st.button(t("classes.new_teacher_link_yes"), key="classes_new_teacher_link", type="primary", on_click=_renew,
                  args=(klass, token, lang))
    if klass.archived:
        st.button(t("classes.unarchive"), key="classes_unarchive", on_click=_archive, args=(klass, False))
    else:
        st.caption(t("classes.archive_note"))
        with st.popover(t("classes.archive"), icon=":material/archive:"):
            st.markdown(t("classes.archive_confirm"))
            st.button(t("classes.archive_yes"), key="classes_archive", type="primary", on_click=_archive,
                      args=(klass, True))


def _board_tab(klass: ClassInfo, token: str, lang: str) -> None:
    # a follow-up (one learner's) is not offered: it is shown with its source, as one group (ui.classes.follow_up)
    assignments = [a for a in classroom().store.assignments(klass.id) if a.ready and a.learner_id is None]
    if not assignments:
        st.caption(t("classes.no_assignments"))
        return
    titles = {a.id: a.title for a in assignments}
    newest = assignments[0].id
    seen = st.session_state.get(_NEWEST_KEY)
    # a newer assignment ready (this tab's, once graded, or another device's) takes the board, unless the teacher
    # had picked an older one than the newest they saw: it kept showing the previous one (issue 35)
    picked = st.session_state.get(_BOARD_PICK)
    if picked not in titles or (newest != seen and picked == seen):
        st.session_state[_BOARD_PICK] = newest
    st.session_state[_NEWEST_KEY] = newest
    chosen = st.selectbox(t("classes.pick_assignment"), list(titles), format_func=lambda aid: plain_text(titles[aid]),
                          key=_BOARD_PICK)
    show_board(lambda: classroom().store.teacher_class(token), int(chosen), False, lang)
    # the follow-ups are titled by the source's title: a learner reads "Questions you missed in <title>"
    reassign_box(klass, ASSIGNMENT, int(chosen), titles[int(chosen)], lang, "board")
    show_earlier_versions(klass, token, int(chosen), lang)


def show_teacher(token: str, lang: str, views: LiveViews | None = None) -> None:
    """The teacher's page for the link value ``token`` (a wrong link says so and shows nothing); ``views``: how the
    Live tab explains a question (the Drill's, from ``pages/classes.py``)."""
    klass = classroom().store.teacher_class(token)
    if klass is None:
        st.error(t("classes.bad_teacher_link"))
        return
    _vouch(klass)
    _header(klass, token, lang)
    board_tab, table_tab, live_tab, assign_tab, learner_tab, class_tab = st.tabs(
        [t("classes.tab.board"), t("tables.tab"), t("live.tab"), t("classes.tab.assignments"),
         t("classes.tab.learners"), t("classes.tab.class")])
    with board_tab:
        _board_tab(klass, token, lang)
    with table_tab:
        show_tables_tab(klass, lang)
    with live_tab:
        show_live_tab(klass, lang, views)
    with assign_tab:
        _assignments(klass, lang)
    with learner_tab:
        _learners(klass, lang)
    with class_tab:
        _settings(klass, token, lang)
