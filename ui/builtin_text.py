"""Streamlit's own interface text in the session's language.

Streamlit's widgets carry English of their own that no argument changes: the file uploader's button
("Upload") and limit line ("1MB per file • TOML, TXT": Streamlit's limit, not the app's, so it is rewritten
in English too), the number input's step buttons for screen
readers ("Increment", "Decrement"; issue 36: "Link to heading", "Expand sidebar", a table's "Download as CSV", "Search"
and "Fullscreen"), the "Press Enter to apply" hint under text and number boxes, the
range error of a number box, the help buttons' screen-reader labels ("Help for ..."), the "Page not
found" dialog, the select boxes' "Choose options" and "No results", the box that says the connection to
the server is lost (the script stays in the page when the server is gone). :func:`localise_builtins` adds a small
script, once per page, that rewrites those texts
and labels (and any that appear later) from :data:`RULES`, worded by the catalogue
(``ui/locales/<lang>/builtin.po``); every original is remembered, so switching the language back
restores Streamlit's English. Nothing a user typed goes into the script: only the catalogue's texts.

>>> rules = rules_for("vi")
>>> [kind for kind, _, _ in rules][:2]
['label', 'label']
>>> [text for _, _, text in rules_for("en")]
['File type{2}']
"""

from __future__ import annotations

import json

import streamlit as st

from ui import _once
from ui.i18n import translate

__all__ = ["RULES", "localise_builtins", "rules_for"]

RULES: tuple[tuple[str, str, str], ...] = (
    ("label", r"^Increment$", "builtin.increment"),
    ("label", r"^Decrement$", "builtin.decrement"),
    ("label", r"^Clear value$", "builtin.clear_value"),
    ("label", r"^file upload$", "builtin.file_upload"),
    ("label", r"^Add files$", "builtin.add_files"),
    ("label", r"^Remove file$", "builtin.remove_file"),
    ("label", r"^Help for (.*)$", "builtin.help_for"),
    ("text", r"^Upload$", "builtin.upload"),
    ("text", r"^Browse files$", "builtin.upload"),
    ("text", r"^Drag and drop (?:a )?files? here$", "builtin.drag_drop"),
    ("text", r"^(?:Limit )?(\S+) per file(.*)$", "builtin.per_file"),
    ("text", r"^Press Enter to apply$", "builtin.enter_apply"),
    ("text", r"^Press Enter to submit form$", "builtin.enter_submit"),
    ("text", r"^Press (⌘|Ctrl)\+Enter to apply$", "builtin.ctrl_enter_apply"),
    ("text", r"^(?:Error: )?Number is outside the allowed range\. Please enter a value between (.+) and (.+)\.$",
     "builtin.number_between"),
    ("text", r"^(?:Error: )?Number is below the allowed range\. Please enter a value greater than or equal to (.+)\.$",
     "builtin.number_min"),
    ("text", r"^(?:Error: )?Number is above the allowed range\. Please enter a value less than or equal to (.+)\.$",
     "builtin.number_max"),
    ("text", r"^(?:Error: )?Number is below the allowed range\.$", "builtin.number_low"),
    ("text", r"^(?:Error: )?Number is above the allowed range\.$", "builtin.number_high"),
    ("placeholder", r"^Choose options$", "builtin.choose_options"),
    ("placeholder", r"^Choose an option$", "builtin.choose_option"),
    ("placeholder", r"^No options to select$", "builtin.no_options"),
    ("text", r"^Choose options$", "builtin.choose_options"),
    ("text", r"^Choose an option$", "builtin.choose_option"),
    ("text", r"^No options to select$", "builtin.no_options"),
    ("text", r"^No results$", "builtin.no_results"),
    ("text", r"^Select all$", "builtin.select_all"),
    ("text", r"^Select (\d+) matches$", "builtin.select_matches"),
    ("label", r"^Clear all$", "builtin.clear_all"),
    ("label", r"^Selected values$", "builtin.selected_values"),
    ("label", r"^Open$", "builtin.open_options"),
    ("label", r"^Remove (.+)$", "builtin.remove_option"),
    ("text", r"^Connection error$", "builtin.connection_error"),
    ("text", r"^Connecting$", "builtin.connecting"),
    ("text", r"^(?:Connecting to Streamlit server|Unable to connect to Streamlit server)$",
     "builtin.connecting_server"),
    ("text", r"^Streamlit server is not responding\. Are you connected to the internet\?$", "builtin.not_responding"),
    ("text", r"^Is Streamlit still running\? If you accidentally stopped Streamlit, just restart it in your terminal:$",
     "builtin.not_responding"),
    ("text", r"^Connection timed out\.$", "builtin.not_responding"),
    ("label", r"^Link to heading$", "builtin.link_heading"),
    ("label", r"^Expand sidebar$", "builtin.expand_sidebar"),
    ("label", r"^Collapse sidebar$", "builtin.collapse_sidebar"),
    ("label", r"^Download as CSV$", "builtin.download_csv"),
    ("label", r"^Search$", "builtin.search"),
    ("label", r"^Fullscreen$", "builtin.fullscreen"),
    ("label", r"^Close fullscreen$", "builtin.close_fullscreen"),
    ("text", r"^Page not found$", "builtin.page_not_found"),
    ("text", (r"^You have requested page (.+), but no corresponding file was found in the app's pages/ directory\. "
             r"Running the app's main page\.$"), "builtin.page_not_found_body"),
)
"""What to rewrite: ``(where, pattern, catalogue key)``; ``where`` is ``"label"`` (an ``aria-label``),
``"placeholder"`` (a box's ``placeholder``) or ``"text"`` (a text node); the pattern's groups fill ``{1}``,
``{2}`` in the text."""

_SCRIPT = """<style>.st-key-ui_builtin_text { display: none; }</style><script>
(() => {
  window.__mbRules = RULES_JSON.map(([kind, pattern, text]) => [kind, new RegExp(pattern), text]);
  const swap = (kind, original) => {
    for (const [k, re, text] of window.__mbRules) {
      const found = k === kind && original.length < 400 && original.match(re);
      if (found) return text.replace(/\\{(\\d)\\}/g, (_, i) => found[Number(i)] ?? "");
    }
    return original;
  };
  const texts = window.__mbTexts || (window.__mbTexts = new WeakMap());
  const fixText = (node) => {
    const value = node.nodeValue;
    if (!value || !value.trim()) return;
    const known = texts.get(node);
    const original = known && value === known[1] ? known[0] : value;
    const wanted = swap("text", original.trim());
    const shown = wanted === original.trim() ? original : wanted;
    texts.set(node, [original, shown]);
    if (value !== shown) node.nodeValue = shown;
  };
  const ATTRIBUTES = {"aria-label": ["label", "mbLabel", "mbShown"],
                      "placeholder": ["placeholder", "mbPlaceholder", "mbPlaceholderShown"]};
  const fixAttribute = (el, name) => {
    const value = el.getAttribute(name);
    if (value === null) return;
    const [kind, kept, seen] = ATTRIBUTES[name];
    const original = el.dataset[kept] !== undefined && value === el.dataset[seen] ? el.dataset[kept] : value;
    const shown = swap(kind, original);
    el.dataset[kept] = original;
    el.dataset[seen] = shown;
    if (value !== shown) el.setAttribute(name, shown);
  };
  const fixLabel = (el) => { fixAttribute(el, "aria-label"); fixAttribute(el, "placeholder"); };
  const walk = (root) => {
    if (root.nodeType === Node.TEXT_NODE) { fixText(root); return; }
    if (root.nodeType !== Node.ELEMENT_NODE) return;
    if (root.hasAttribute("aria-label") || root.hasAttribute("placeholder")) fixLabel(root);
    root.querySelectorAll("[aria-label], [placeholder]").forEach(fixLabel);
    const it = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = it.nextNode(); node; node = it.nextNode()) fixText(node);
  };
  if (!window.__mbObserver) {
    window.__mbObserver = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === "characterData") fixText(change.target);
        else if (change.type === "attributes") fixLabel(change.target);
        else change.addedNodes.forEach(walk);
      }
    });
    window.__mbObserver.observe(document.body, {subtree: true, childList: true, characterData: true,
                                                attributes: true, attributeFilter: Object.keys(ATTRIBUTES)});
  }
  walk(document.body);
})();
</script>"""


_EVERY_LANGUAGE = ("builtin.per_file",)
"""Rewritten in English too: the uploader's size line gives Streamlit's upload limit (1 MB), not the
smaller one the app checks and names in the uploader's label."""


def rules_for(lang: str) -> list[tuple[str, str, str]]:
    """:data:`RULES` with their texts in ``lang`` (``{1}``... for the pattern's groups); in English,
    Streamlit's own language, only :data:`_EVERY_LANGUAGE`."""
    return [(kind, pattern, translate(key, lang)) for kind, pattern, key in RULES
            if lang != "en" or key in _EVERY_LANGUAGE]


def localise_builtins(lang: str) -> None:
    """Add the script that puts Streamlit's own texts in ``lang`` (once per script run; see the module)."""
    box = _once.claim("ui_builtin_text", st)
    if box is None:
        return
    script = _SCRIPT.replace("RULES_JSON", json.dumps(rules_for(lang), ensure_ascii=False).replace("</", "<\\/"))
    box.html(script, unsafe_allow_javascript=True)
