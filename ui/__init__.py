"""Streamlit components shared by the pages: card drawing, translations, page set-up.

The engine (``maubinh/``) never imports from here; pages import from here and from the engine.

Modules:
    ui.cards   playing cards as inline SVG, hands as rows of cards, the shared CSS.
    ui.i18n    per-session language and the ``t("key")`` lookup in ``ui/locales/*.po``.
    ui.setup   ``setup_page()`` for the top of every page, and the rule-set picker.
"""
