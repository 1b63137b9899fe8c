"""The shared UI layer run by Streamlit (AppTest, no browser): set-up, language, rule-set picker, cards.

The page scripts are functions run with ``AppTest.from_function`` (so that pytest's doctest collection
never imports a Streamlit script). CSS, sanitising and the browser's URL bar need a real browser.
"""

from __future__ import annotations

from collections.abc import Callable

from streamlit.testing.v1 import AppTest

from maubinh.rules import RULE_SET_IDS, load_rule_set

TIMEOUT_S = 20


def components_page() -> None:
    """A page as the app's pages are written: set-up, heading, rule-set picker, 13 cards."""
    import streamlit as st

    from maubinh.cards import parse_cards
    from ui.cards import inject_css, show_cards
    from ui.i18n import t
    from ui.setup import rule_set_picker, setup_page

    lang = setup_page("nav.sandbox")
    setup_page("nav.sandbox")  # a second call in the same run draws nothing twice
    inject_css()
    st.title(t("app.title"))
    rule_set = rule_set_picker("test")
    st.text(f"lang={lang} rules={rule_set.id}")
    show_cards(parse_cards("As Kh Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s"), label=t("nav.sandbox"))


def navigation_app() -> None:
    """An entry script with st.navigation that calls setup_page, and a page that calls it too."""
    import streamlit as st

    from maubinh.cards import parse_cards
    from ui.cards import show_cards
    from ui.i18n import t
    from ui.setup import rule_set_picker, setup_page

    setup_page("app.title")

    def drill() -> None:
        setup_page("nav.drill")
        st.header(t("nav.drill"))
        rule_set_picker("drill")
        show_cards(parse_cards("As Ks Qs"))

    st.navigation([st.Page(drill, title="Drill", url_path="drill")]).run()


def _run(script: Callable[[], None] = components_page, **query: str) -> AppTest:
    at = AppTest.from_function(script, default_timeout=TIMEOUT_S)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _param(at: AppTest, name: str) -> str | None:
    """The URL's value of ``name`` after the run (the last one if repeated)."""
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


def _styles(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith("<style>")]


def _hands(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown if 'class="mb-hand' in m.value]


def test_defaults_to_vietnamese_with_the_first_rule_set() -> None:
    at = _run()
    assert at.title[0].value == "Mậu Binh — học và luyện"
    [selector] = at.sidebar.radio
    assert (selector.label, selector.value, selector.options) == ("Ngôn ngữ", "vi", ["Tiếng Việt", "English"])
    [picker] = at.selectbox
    assert picker.label == "Bộ luật"
    assert picker.value == RULE_SET_IDS[0]
    assert picker.options == [load_rule_set(i).name("vi") for i in RULE_SET_IDS]
    assert at.caption[0].value == load_rule_set(RULE_SET_IDS[0]).summaries["vi"]
    assert at.text[0].value == f"lang=vi rules={RULE_SET_IDS[0]}"
    assert _param(at, "rules") == RULE_SET_IDS[0]
    assert "lang" not in at.query_params  # a guessed language is not written to the URL


def test_thirteen_cards_and_css_and_selector_once_per_run() -> None:
    at = _run()
    [hand] = _hands(at)
    assert hand.count("<svg") == 13
    assert "<title>10♠</title>" in hand
    assert len(_styles(at)) == 1
    assert len(at.sidebar.radio) == 1


def test_lang_en_in_the_url() -> None:
    at = _run(lang="en")
    assert at.title[0].value == "Mậu Binh — learn and practise"
    assert at.sidebar.radio[0].value == "en"
    assert at.sidebar.radio[0].label == "Language"
    assert at.selectbox[0].label == "Rule set"
    assert at.selectbox[0].options == [load_rule_set(i).name("en") for i in RULE_SET_IDS]
    assert at.caption[0].value == load_rule_set(RULE_SET_IDS[0]).summaries["en"]


def test_invalid_lang_falls_back_and_leaves_the_url() -> None:
    at = _run(lang="fr")
    assert at.text[0].value.startswith("lang=vi ")
    assert "lang" not in at.query_params


def test_rules_in_the_url_choose_the_rule_set() -> None:
    at = _run(rules="tinh-chi", lang="en")
    assert at.selectbox[0].value == "tinh-chi"
    assert at.caption[0].value == load_rule_set("tinh-chi").summaries["en"]
    assert not at.warning


def test_bad_rules_in_the_url_warn_and_fall_back() -> None:
    at = _run(rules="nope")
    [warning] = at.warning
    assert "nope" in warning.value
    assert all(rule_set_id in warning.value for rule_set_id in RULE_SET_IDS)
    assert at.selectbox[0].value == RULE_SET_IDS[0]
    assert _param(at, "rules") == RULE_SET_IDS[0]

    at_en = _run(rules="nope", lang="en")
    assert at_en.warning[0].value.startswith("There is no rule set")


def test_choosing_a_language_keeps_the_other_query_params() -> None:
    at = _run(seed="42", rules="luckywin")
    at.sidebar.radio[0].set_value("en").run()
    assert not at.exception
    assert at.title[0].value == "Mậu Binh — learn and practise"
    assert _param(at, "lang") == "en"
    assert _param(at, "seed") == "42"
    assert _param(at, "rules") == "luckywin"
    at.sidebar.radio[0].set_value("vi").run()
    assert at.title[0].value == "Mậu Binh — học và luyện"
    assert _param(at, "lang") == "vi"


def test_choosing_a_rule_set_updates_the_url_and_outlives_a_lost_query_string() -> None:
    at = _run(lang="en")
    at.selectbox[0].set_value("guide-2026").run()
    assert _param(at, "rules") == "guide-2026"
    assert at.caption[0].value.replace("\u2060", "") == load_rule_set("guide-2026").summaries["en"]  # ui.escape
    # A page switch may drop the query string: the session remembers both choices and puts them back.
    at.query_params.clear()
    at.run()
    assert not at.exception
    assert at.text[0].value == "lang=en rules=guide-2026"
    assert _param(at, "lang") == "en"
    assert _param(at, "rules") == "guide-2026"


def test_entry_script_and_page_both_calling_setup_page() -> None:
    at = _run(navigation_app)
    assert at.header[0].value == "Luyện tập"
    assert len(at.sidebar.radio) == 1
    assert len(_styles(at)) == 1
    assert _hands(at)[0].count("<svg") == 3
