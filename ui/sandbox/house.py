"""The house-rules editor: start from any rule set, change any value its data holds, name it, see the
differences from the source it started from, use it in this session (every page's rule-set picker
offers it), save it as a TOML file and load one back.

The editor's values live in the session under ``sandbox_house_*`` keys (kept while another tab is
open); the bonus table and the instant wins are edited in tables whose edits are folded into those
values as they are made (:func:`fold_edits`). The house rule set itself is rebuilt from the values on
every run by :func:`maubinh.house.edit`, so what is shown, kept, settled and saved is always the same.

A loaded file goes into an editable text box first: a file with wrong values lists every one of them
(key, what was expected, what the file has), and neither the file's text nor the editor's values are
lost; a good file replaces the editor's values and is kept in the session.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

import pandas as pd
import streamlit as st

from maubinh.house import (
    BONUS_SLOTS,
    MAX_FILE_BYTES,
    Difference,
    ExpectedKind,
    HouseRulesError,
    Mark,
    base_source,
    check_house_rules,
    diff,
    dump_rule_set,
    edit,
    house_id,
    problem_count,
    values_of,
)
from maubinh.rules import AMOUNT_RANGES, RULE_SET_IDS, NaturalPattern, Provenance, RuleSet, options
from maubinh.schema import Kind, Option
from ui.escape import md_text
from ui.i18n import t, translate
from ui.keep import keep
from ui.labels import bonus_name, natural_name, number, provenance_note
from ui.params import markdown_literal
from ui.problems import problem_lines
from ui.sandbox.house_text import diff_rows, key_label, position_word, problem_text, value_text
from ui.sandbox.state import include_in_comparison
from ui.setup import (
    all_rule_sets,
    find_rule_set,
    forget_house_rule_set,
    house_rule_sets,
    keep_house_rule_set,
    rule_set_label,
)

__all__ = ["fold_edits", "load_into_editor", "show_house_editor"]

P = "sandbox_house_"
START_KEY = P + "start"
FROM_KEY = P + "from"
NAME_KEY = P + "name"
VERSION_KEY = P + "version"
BONUS_KEY = P + "bonus_values"
NATURAL_KEY = P + "natural_values"
FILE_TEXT_KEY = P + "file_text"
FILE_NAME_KEY = P + "file_name"
UPLOAD_KEY = P + "upload"
UPLOAD_ERROR_KEY = P + "upload_error"
PROBLEMS_KEY = P + "file_problems"
FLASH_KEY = P + "flash"
FIELDS: tuple[Option, ...] = tuple(option for option, _ in options() if option.editor is not None)
"""The rule options the editor shows as fields of their own, as the schema declares them
(:class:`maubinh.schema.Editor`): the chi names, the bonus table and the instant wins are edited apart."""


def widget_keys(option: Option) -> tuple[str, ...]:
    """The session keys of an option's widgets: ``sandbox_house_<widget>``, or ``..._<widget>1..3`` for three
    numbers (the scoop multipliers)."""
    assert option.editor is not None
    name = P + option.editor.widget
    return tuple(f"{name}{n}" for n in (1, 2, 3)) if option.kind is Kind.AMOUNTS else (name,)


WIDGETS = {option.key: widget_keys(option)[0] for option in FIELDS if option.kind is not Kind.AMOUNTS}
WIDGETS["positions"] = P + "positions"
SCOOP_KEYS = widget_keys(next(option for option in FIELDS if option.key == "scoop.multipliers"))
EVERY_WIDGET = (WIDGETS["positions"], *(key for option in FIELDS for key in widget_keys(option)))
LANGS = ("vi", "en")


# --------------------------------------------------------------------------- the editor's values


def load_into_editor(rule_set: RuleSet, lang: str) -> None:
    """Put every value of ``rule_set`` in the editor and start from it (a house rule set keeps its name)."""
    values = values_of(rule_set)
    st.session_state[START_KEY] = rule_set
    st.session_state[FROM_KEY] = rule_set.id
    if rule_set.id in RULE_SET_IDS:
        st.session_state[NAME_KEY] = translate("house.default_name", lang)
    else:
        st.session_state[NAME_KEY] = rule_set.name(lang)
    st.session_state[WIDGETS["positions"]] = values["positions"]
    for option in FIELDS:
        value = values[option.key]
        for widget, one in zip(widget_keys(option), value if isinstance(value, tuple) else (value,), strict=True):
            st.session_state[widget] = one
    st.session_state[BONUS_KEY] = {
        f"bonus.{hand.value}.{position.value}": values[f"bonus.{hand.value}.{position.value}"]
        for hand, position in BONUS_SLOTS
    }
    listed = values["naturals.order"]
    assert isinstance(listed, tuple)
    order = list(listed)
    st.session_state[NATURAL_KEY] = {
        pattern.value: {
            "on": values[f"natural.{pattern.value}"] is not None,
            "chi": values[f"natural.{pattern.value}"] or _suggested_chi(pattern),
            "order": order.index(pattern.value) + 1 if pattern.value in order else len(order) + 1 + i,
        }
        for i, pattern in enumerate(NaturalPattern)
    }
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1


def _suggested_chi(pattern: NaturalPattern) -> int:
    """For an instant win the start does not recognise: the largest amount any source gives it."""
    amounts = [rule.chi for rule_set_id in RULE_SET_IDS for rule in _source(rule_set_id).naturals
               if rule.pattern is pattern]
    return max(amounts, default=13)


def _source(rule_set_id: str) -> RuleSet:
    found = find_rule_set(rule_set_id)
    assert found is not None
    return found


def fold_edits(values: Mapping[str, Any], rows: Sequence[str], edits: Mapping[str, Any],
               columns: Mapping[str, str]) -> dict[str, Any]:
    """A data editor's ``edited_rows`` folded into the values it shows: ``rows[i]`` is the value key of
    row ``i``, ``columns`` maps the editor's column names to the fields of a value (a value that is a
    dict), or to ``""`` for a value that is a single number. Missing numbers become ``None``.

    >>> fold_edits({"a": 1, "b": 2}, ["a", "b"], {"1": {"Chi": None}}, {"Chi": ""})
    {'a': 1, 'b': None}
    >>> fold_edits({"x": {"on": True, "chi": 6}}, ["x"], {0: {"On": False}}, {"On": "on", "Chi": "chi"})
    {'x': {'on': False, 'chi': 6}}
    """
    folded = {key: (dict(value) if isinstance(value, dict) else value) for key, value in values.items()}
    for row, changes in edits.items():
        key = rows[int(row)]
        for column, new in changes.items():
            field = columns.get(column)
            if field is None:
                continue
            number = None if new is None or (isinstance(new, float) and not math.isfinite(new)) else new
            if isinstance(number, float):
                number = int(number)
            elif number is not None and (isinstance(number, bool) or not isinstance(number, int)):
                number = None  # not a number (a crafted message): as if the cell were emptied
            if field == "":
                folded[key] = number
            else:
                folded[key][field] = number if field != "on" else bool(new)
    return folded


def _on_table_edit(editor_key: str, store_key: str, rows: list[str], columns: dict[str, str]) -> None:
    edits = st.session_state.get(editor_key, {}).get("edited_rows", {})
    st.session_state[store_key] = fold_edits(st.session_state[store_key], rows, edits, columns)
    st.session_state[VERSION_KEY] = st.session_state.get(VERSION_KEY, 0) + 1


def _changes() -> dict[str, Any]:
    """The editor's values as :func:`maubinh.house.edit` changes."""
    changes: dict[str, Any] = {"positions": st.session_state[WIDGETS["positions"]]}
    for option in FIELDS:
        held = [st.session_state[widget] for widget in widget_keys(option)]
        if option.kind is Kind.AMOUNTS:
            changes[option.key] = tuple(int(value) for value in held)
        else:
            changes[option.key] = int(held[0]) if option.kind is Kind.AMOUNT else held[0]
    changes.update(st.session_state[BONUS_KEY])
    naturals = st.session_state[NATURAL_KEY]
    enabled = sorted((p for p, v in naturals.items() if v["on"]), key=lambda p: (naturals[p]["order"] or 0, p))
    for pattern, value in naturals.items():
        changes[f"natural.{pattern}"] = int(value["chi"]) if value["on"] and value["chi"] else None
    changes["naturals.order"] = tuple(enabled)
    return changes


def _mark(name: str, start: RuleSet) -> Mark:
    """The provenance of a changed value: what changed, from which rule set, in both languages."""

    def mark(slot: str, changes: Sequence[Difference]) -> Provenance:
        reading = {
            lang: translate(
                "house.reading",
                lang,
                name=name,
                start=start.name(lang),
                changes="; ".join(
                    f"{key_label(c.key, lang)}: {value_text(c.key, c.before, lang)} → {value_text(c.key, c.after, lang)}"
                    for c in changes
                ),
            )
            for lang in LANGS
        }
        return Provenance("", reading)  # no source text: the change is told in each language

    return mark


def current_draft(lang: str) -> tuple[RuleSet | None, RuleSet, HouseRulesError | None]:
    """The house rule set the editor's values make (or ``None`` and the error), and its start."""
    start: RuleSet = st.session_state[START_KEY]
    name = str(st.session_state.get(NAME_KEY) or "").strip() or translate("house.default_name", lang)
    base = find_rule_set(base_source(start) or RULE_SET_IDS[0]) or start
    summaries = {
        language: translate("house.summary", language, name=name, base=base.name(language)) for language in LANGS
    }
    try:
        draft = edit(start, _changes(), rule_set_id=house_id(name), names={"vi": name, "en": name},
                     summaries=summaries, mark=_mark(name, start))
    except HouseRulesError as error:
        return None, start, error
    return draft, start, None


# --------------------------------------------------------------------------- drawing


def _on_start_from(lang: str) -> None:
    chosen = find_rule_set(str(st.session_state.get(FROM_KEY, "")))
    if chosen is not None:
        load_into_editor(chosen, lang)
        st.session_state[FLASH_KEY] = ("info", t("house.started", name=md_text(chosen.name(lang))))


def _start_section(every: Sequence[RuleSet], lang: str) -> None:
    by_id = {rule_set.id: rule_set for rule_set in every}
    if st.session_state.get(FROM_KEY) not in by_id:
        st.session_state[FROM_KEY] = RULE_SET_IDS[0]
    left, right = st.columns([3, 2], vertical_alignment="bottom")
    left.selectbox(t("house.start_from"), list(by_id), key=FROM_KEY,
                   format_func=lambda rule_set_id: rule_set_label(by_id[rule_set_id], lang))
    right.button(t("house.start_button"), key=P + "start_button", on_click=_on_start_from, args=(lang,),
                 icon=":material/restart_alt:", width="stretch", help=t("house.start_help"))
    st.text_input(t("house.name"), key=NAME_KEY, max_chars=60, help=t("house.name_help"))


def _general_section(start: RuleSet, lang: str) -> None:
    naming = {rule_set_id: values_of(_source(rule_set_id))["positions"] for rule_set_id in RULE_SET_IDS}
    choices: list[Any] = []
    for names in [values_of(start)["positions"], *naming.values()]:
        if names not in choices:
            choices.append(names)
    if st.session_state.get(WIDGETS["positions"]) not in choices:
        choices.append(st.session_state[WIDGETS["positions"]])
    st.selectbox(t("house.positions"), choices, key=WIDGETS["positions"],
                 format_func=lambda names: value_text("positions", names, lang), help=t("house.positions_help"))
    _fields("general", start, lang)


def _fields(section: str, start: RuleSet, lang: str) -> None:
    """The section's rule options, each drawn as its declaration says (:class:`maubinh.schema.Editor`): the label
    ``house.<widget>``, the help ``house.<widget>_help`` (an amount's range after it), a toggle's ``_on`` / ``_off``
    caption and where the start's value comes from (its provenance, a reading shown as a reading)."""
    for option in FIELDS:
        assert option.editor is not None
        if option.editor.section == section:
            _field(option, start, lang)


def _field(option: Option, start: RuleSet, lang: str) -> None:
    assert option.editor is not None
    widget, control = option.editor.widget, option.editor.control
    label, keys = t(f"house.{widget}"), widget_keys(option)
    help_text = t(f"house.{widget}_help")
    low, high = AMOUNT_RANGES.get(option.key, (0, 0))
    if option.kind is Kind.AMOUNTS:
        st.markdown(f"**{label}**")
        st.caption(_ranged(f"house.{widget}_help", option.key))
        for n, (column, key) in enumerate(zip(st.columns(len(keys)), keys, strict=True), start=1):
            column.number_input(t(f"house.{widget}_n", n=n), min_value=low, max_value=high, step=1, key=key)
    elif option.kind is Kind.AMOUNT:
        st.number_input(label, min_value=low, max_value=high, step=1, key=keys[0],
                        help=_ranged(f"house.{widget}_help", option.key))
    elif option.kind is Kind.CHOICE:
        def words(value: str) -> str:
            return value_text(option.key, value, lang)

        if control == "radio":
            st.radio(label, option.values(), key=keys[0], format_func=words, help=help_text)
        else:
            st.selectbox(label, option.values(), key=keys[0], format_func=words, help=help_text)
    elif control == "checkbox":
        st.checkbox(label, key=keys[0], help=help_text)
    else:
        st.toggle(label, key=keys[0], help=help_text)
        on = bool(st.session_state.get(keys[0]))
        st.caption(t(f"house.{widget}_on" if on else f"house.{widget}_off"))
        note = provenance_note(start.provenance.get(option.table), lang)
        if note:
            st.caption(note)


class _Bounds(TypedDict):
    min_value: int
    max_value: int


def _bounds(limits: str) -> _Bounds:
    """``min_value`` and ``max_value`` of an amount's input: its range in the engine (the same check)."""
    low, high = AMOUNT_RANGES[limits]
    return {"min_value": low, "max_value": high}


def _range(limits: str) -> str:
    """An amount's range in words: ``"From 1 to 200."``."""
    low, high = AMOUNT_RANGES[limits]
    return t("limits.range", low=low, high=high)


def _ranged(help_key: str, limits: str) -> str:
    """A help text followed by the amount's range."""
    return f"{t(help_key)} {_range(limits)}"


def _rows_height(rows: int) -> int:
    """A data editor's height in pixels that shows every row (35 px a row and the header)."""
    return 35 * (rows + 1) + 3


def _bonus_section(lang: str) -> None:
    values = st.session_state[BONUS_KEY]
    rows = [f"bonus.{hand.value}.{position.value}" for hand, position in BONUS_SLOTS]
    hand_col, position_col, chi_col = t("house.col_hand"), t("house.col_position"), t("house.col_bonus")
    frame = pd.DataFrame(
        {
            hand_col: [bonus_name(hand, lang) for hand, _ in BONUS_SLOTS],
            position_col: [position_word(position, lang).split(" (")[0] for _, position in BONUS_SLOTS],
            chi_col: pd.array([values[row] for row in rows], dtype="Int64"),
        }
    )
    editor_key = f"{P}bonus_editor{st.session_state.get(VERSION_KEY, 0)}"
    st.data_editor(
        frame, key=editor_key, hide_index=True, width="stretch", num_rows="fixed", height=_rows_height(len(frame)),
        disabled=[hand_col, position_col],
        column_config={chi_col: st.column_config.NumberColumn(chi_col, **_bounds("bonus.chi"), step=1,
                                                              format="%d", help=_ranged("house.bonus_help", "bonus.chi"))},
        on_change=_on_table_edit, args=(editor_key, BONUS_KEY, rows, {chi_col: ""}),
    )
    st.caption(f'{t("house.bonus_caption")} {_range("bonus.chi")}')


def _natural_section(lang: str) -> None:
    values = st.session_state[NATURAL_KEY]
    rows = sorted(values, key=lambda p: (not values[p]["on"], values[p]["order"] or 0, p))
    name_col, on_col, chi_col, order_col = (t("house.col_natural"), t("house.col_on"), t("house.col_chi"),
                                            t("house.col_order"))
    frame = pd.DataFrame(
        {
            order_col: pd.array([values[p]["order"] for p in rows], dtype="Int64"),
            name_col: [natural_name(NaturalPattern(p), lang) for p in rows],
            on_col: [bool(values[p]["on"]) for p in rows],
            chi_col: pd.array([values[p]["chi"] for p in rows], dtype="Int64"),
        }
    )
    editor_key = f"{P}natural_editor{st.session_state.get(VERSION_KEY, 0)}"
    st.data_editor(
        frame, key=editor_key, hide_index=True, width="stretch", num_rows="fixed", height=_rows_height(len(frame)),
        disabled=[name_col],
        column_config={
            order_col: st.column_config.NumberColumn(order_col, min_value=1, max_value=20, step=1, format="%d",
                                                     help=t("house.order_help")),
            on_col: st.column_config.CheckboxColumn(on_col, help=t("house.on_help")),
            chi_col: st.column_config.NumberColumn(chi_col, **_bounds("natural.chi"), step=1, format="%d",
                                                   help=_range("natural.chi")),
        },
        on_change=_on_table_edit,
        args=(editor_key, NATURAL_KEY, rows, {on_col: "on", chi_col: "chi", order_col: "order"}),
    )
    st.caption(f'{t("house.natural_caption")} {_range("natural.chi")}')


def _show_diff(draft: RuleSet, lang: str) -> None:
    base_id = base_source(draft) or RULE_SET_IDS[0]
    base = _source(base_id)
    differences = diff(base, draft)
    st.subheader(t("house.diff_title", base=md_text(base.name(lang))))
    if not differences:
        st.info(t("house.diff_none", base=md_text(base.name(lang))))
        return
    what, before, after = t("house.col_what"), t("house.col_base", base=md_text(base.name(lang))), t("house.col_house")
    st.table(pd.DataFrame(diff_rows(differences, lang, before, after, what)).map(md_text), hide_index=True)
    st.caption(t("house.diff_caption", n=len(differences)))


def _on_keep(lang: str) -> None:
    draft, _, _ = current_draft(lang)
    if draft is None:
        return
    keep_house_rule_set(draft)
    include_in_comparison(draft.id)
    st.session_state[START_KEY] = draft
    st.session_state[FLASH_KEY] = ("success", t("house.kept", name=md_text(draft.name(lang))))


def _save_section(draft: RuleSet, lang: str) -> None:
    kept = house_rule_sets().get(draft.id)
    columns = st.columns(2)
    columns[0].button(t("house.keep"), key=P + "keep", on_click=_on_keep, args=(lang,), type="primary",
                      icon=":material/check:", width="stretch", help=t("house.keep_help"))
    columns[1].download_button(
        t("house.download"), data=dump_rule_set(draft), file_name=f"{draft.id}.toml", mime="application/toml",
        key=P + "download", icon=":material/download:", width="stretch", on_click="ignore",
    )
    if kept is None:
        st.caption(t("house.not_kept", id=draft.id))
    elif kept == draft:
        st.caption(t("house.kept_same", id=draft.id))
    else:
        st.caption(t("house.kept_changed", id=draft.id))


# --------------------------------------------------------------------------- loading a file


def _check_text(lang: str) -> None:
    """Check the file text box: a good text is kept, compared at the table and put in the editor. Runs
    as a widget callback (before the page is drawn), so it may change the rule sets compared."""
    text = str(st.session_state.get(FILE_TEXT_KEY) or "")
    rule_set, problems = check_house_rules(text)
    if rule_set is None:
        st.session_state[PROBLEMS_KEY] = problems
        return
    st.session_state[PROBLEMS_KEY] = ()
    keep_house_rule_set(rule_set)
    include_in_comparison(rule_set.id)
    load_into_editor(rule_set, lang)
    st.session_state[FLASH_KEY] = ("success", t("house.loaded", name=md_text(rule_set.name(lang)), id=md_text(rule_set.id)))


def _size(n: int, lang: str) -> str:
    """A file size in KB or MB (of 1,024 bytes and 1,024 KB: the limit, 65,536 bytes, is 64 KB)."""
    if n >= 1024 * 1024:
        return f"{number(n / (1024 * 1024), lang, digits=1)} MB"
    return f"{number(n / 1024, lang, digits=0 if n % 1024 == 0 else 1)} KB"


def _on_upload(lang: str) -> None:
    """A file was chosen: refuse a big or non-text file before reading it, else check its text."""
    uploaded = st.session_state.get(UPLOAD_KEY)
    if uploaded is None:
        return
    name = markdown_literal(uploaded.name)
    st.session_state[FILE_NAME_KEY] = uploaded.name
    st.session_state[PROBLEMS_KEY] = ()
    if uploaded.size > MAX_FILE_BYTES:
        st.session_state[UPLOAD_ERROR_KEY] = t("house.file_too_big", name=name, size=_size(uploaded.size, lang),
                                               maximum=_size(MAX_FILE_BYTES, lang))
        return
    try:
        text = uploaded.getvalue().decode("utf-8-sig")
    except UnicodeDecodeError:
        st.session_state[UPLOAD_ERROR_KEY] = t("house.not_text", name=name)
        return
    st.session_state.pop(UPLOAD_ERROR_KEY, None)
    st.session_state[FILE_TEXT_KEY] = text
    _check_text(lang)


def _load_section(lang: str) -> None:
    st.subheader(t("house.load_title"))
    st.caption(t("house.load_help"))
    st.file_uploader(t("house.upload", size=_size(MAX_FILE_BYTES, lang)), type=["toml", "txt"], key=UPLOAD_KEY,
                     on_change=_on_upload, args=(lang,))
    refused = st.session_state.get(UPLOAD_ERROR_KEY)
    if refused:
        st.error(refused)
    problems = st.session_state.get(PROBLEMS_KEY) or ()
    if FILE_TEXT_KEY not in st.session_state or not (problems or st.session_state.get(FILE_TEXT_KEY)):
        return
    if problems:
        name = markdown_literal(str(st.session_state.get(FILE_NAME_KEY) or ""))
        lines = problem_lines((markdown_literal(problem_text(p, lang), 400) for p in problems
                               if p.expected.kind is not ExpectedKind.MORE), lang, total=problem_count(problems))
        st.error(f"{t('house.file_problems', name=name, n=problem_count(problems))}\n\n{lines}")
    with st.expander(t("house.file_text"), expanded=bool(problems)):
        st.text_area(t("house.file_text"), key=FILE_TEXT_KEY, height=320, label_visibility="collapsed",
                     persist_state="session", max_chars=MAX_FILE_BYTES)
        st.button(t("house.check_again"), key=P + "check", on_click=_check_text, args=(lang,),
                  icon=":material/fact_check:")


def _kept_section(lang: str) -> None:
    kept = house_rule_sets()
    if not kept:
        return
    st.subheader(t("house.kept_title"))
    for rule_set in kept.values():
        base = base_source(rule_set) or RULE_SET_IDS[0]
        with st.container(border=True):
            left, edit_col, drop_col = st.columns([4, 1, 1], vertical_alignment="center")
            left.markdown(
                f"**{markdown_literal(rule_set.name(lang), 60)}** · `{rule_set.id}` — "
                + t("house.kept_line", base=md_text(_source(base).name(lang)), n=len(diff(_source(base), rule_set)))
            )
            edit_col.button(t("house.edit"), key=f"{P}edit_{rule_set.id}", on_click=_on_edit_kept,
                            args=(rule_set.id, lang), width="stretch")
            drop_col.button(t("house.forget"), key=f"{P}forget_{rule_set.id}", on_click=forget_house_rule_set,
                            args=(rule_set.id,), width="stretch")


def _on_edit_kept(rule_set_id: str, lang: str) -> None:
    found = find_rule_set(rule_set_id)
    if found is not None:
        load_into_editor(found, lang)


def show_house_editor(lang: str) -> RuleSet | None:
    """The whole editor; returns the house rule set its values make (``None`` while they are wrong)."""
    keep(*EVERY_WIDGET, NAME_KEY, FROM_KEY)  # kept while another tab or page is open
    if START_KEY not in st.session_state or NATURAL_KEY not in st.session_state or any(
        widget not in st.session_state for widget in EVERY_WIDGET
    ):
        load_into_editor(_source(RULE_SET_IDS[0]), lang)
    st.caption(t("house.intro"))
    flash = st.session_state.pop(FLASH_KEY, None)
    if flash:
        {"success": st.success, "error": st.error}.get(flash[0], st.info)(flash[1])
    every = all_rule_sets()
    with st.container(border=True):
        _start_section(every, lang)
    start: RuleSet = st.session_state[START_KEY]
    with st.expander(t("house.section_general"), expanded=True, icon=":material/tune:"):
        _general_section(start, lang)
    with st.expander(t("house.section_penalties"), expanded=True, icon=":material/gavel:"):
        _fields("penalties", start, lang)
    with st.expander(t("house.section_bonus"), icon=":material/star:"):
        _bonus_section(lang)
        _fields("bonus", start, lang)
    with st.expander(t("house.section_naturals"), icon=":material/bolt:"):
        _natural_section(lang)
        _fields("naturals", start, lang)
    with st.expander(t("house.section_aces"), icon=":material/filter_1:"):
        _fields("aces", start, lang)
    draft, _, error = current_draft(lang)
    if draft is None:
        assert error is not None
        st.error(problem_lines((markdown_literal(problem_text(p, lang), 400) for p in error.details
                                if p.expected.kind is not ExpectedKind.MORE), lang, total=problem_count(error.details)))
    else:
        _show_diff(draft, lang)
        _save_section(draft, lang)
    _load_section(lang)
    _kept_section(lang)
    return draft

