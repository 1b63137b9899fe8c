"""ui.i18n: the catalogues match each other, and every key the app uses exists in every language.

The used keys are found in the source of ``app.py``, ``pages/*.py`` and ``ui/*.py``: the string
literal passed first to ``t(...)``, ``translate(...)`` or ``setup_page(...)``, or as ``label_key=`` /
``title_key=``. The files are read with :mod:`ast` rather than a bare regex so that examples in
docstrings (``t("key")``) are not taken for real uses. This test grows with the pages: a page that
uses a key missing from a catalogue fails here, naming the file, line and key.
"""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from maubinh.rules import ORDER_PROVENANCE
from ui.i18n import (
    LANGUAGES,
    LOCALES_DIR,
    catalogue,
    catalogue_files,
    plural_catalogue,
    plural_index,
    translate,
    translate_plural,
)

REPO_ROOT = Path(__file__).resolve().parents[3]
KEY_FUNCTIONS = {"t", "translate", "setup_page"}
PLURAL_FUNCTIONS = {"tn", "translate_plural"}
KEY_KEYWORDS = {"label_key", "title_key"}


def _read(path: Path) -> dict[str, str]:
    """Every entry of ``path`` by key; a plural entry (issue 20 §9) under its key, its forms joined by a
    line break (each form must be non-empty and fill the same fields: see the plural tests)."""
    with path.open("rb") as po:
        messages = read_po(po, charset="utf-8", abort_invalid=True)
    entries: dict[str, str] = {}
    for message in messages:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            assert message.id[0] == message.id[1], f"{path.name}: msgid_plural must repeat the key {message.id[0]}"
            forms = tuple(message.string)
            entries[message.id[0]] = "\n".join(forms) if all(forms) else ""
        else:
            entries[message.id] = message.string
    return entries


def _raw_catalogue(lang: str) -> dict[str, str]:
    """Every entry of ``lang`` over all its PO files (``<lang>.po`` and ``<lang>/*.po``), as written."""
    merged: dict[str, str] = {}
    for path in catalogue_files(lang):
        merged.update(_read(path))
    return merged


def _parts(lang: str) -> dict[str, Path]:
    """The PO files of ``lang`` by their name relative to the language (``"."``, ``"engine.po"``...)."""
    return {("." if path.parent == LOCALES_DIR else path.name): path for path in catalogue_files(lang)}


def _source_files() -> list[Path]:
    files = [
        REPO_ROOT / "app.py",
        *sorted((REPO_ROOT / "pages").glob("*.py")),
        *sorted((REPO_ROOT / "ui").rglob("*.py")),
    ]
    return [path for path in files if path.is_file()]


def _used_keys(path: Path, functions: set[str] = KEY_FUNCTIONS) -> list[tuple[int, str]]:
    """(line, key) for every literal catalogue key used in ``path`` (first argument of ``functions``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = (
            func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        )
        if name in functions and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append((first.lineno, first.value))
        for keyword in node.keywords:
            value = keyword.value
            if (
                keyword.arg in KEY_KEYWORDS
                and isinstance(value, ast.Constant)
                and isinstance(value.value, str)
            ):
                found.append((value.lineno, value.value))
    if functions is not KEY_FUNCTIONS:
        return found
    # Defaults such as `label_key: str = "common.rule_set"` in function signatures.
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            pairs = list(zip(arguments.kwonlyargs, arguments.kw_defaults))
            positional = arguments.posonlyargs + arguments.args
            pairs += list(zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults))
            for argument, default in pairs:
                if (
                    argument.arg in KEY_KEYWORDS
                    and isinstance(default, ast.Constant)
                    and isinstance(default.value, str)
                ):
                    found.append((default.lineno, default.value))
    return found


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_both_catalogues_have_the_same_keys() -> None:
    vi, en = _raw_catalogue("vi"), _raw_catalogue("en")
    assert sorted(set(vi) - set(en)) == [], "keys in vi.po missing from en.po"
    assert sorted(set(en) - set(vi)) == [], "keys in en.po missing from vi.po"


def test_every_part_exists_in_every_language_with_the_same_keys() -> None:
    parts = {lang: _parts(lang) for lang in LANGUAGES}
    names = {lang: sorted(found) for lang, found in parts.items()}
    assert names["vi"] == names["en"]
    for name, vi_path in parts["vi"].items():
        vi, en = _read(vi_path), _read(parts["en"][name])
        assert sorted(set(vi) - set(en)) == [], f"{name}: keys in vi missing from en"
        assert sorted(set(en) - set(vi)) == [], f"{name}: keys in en missing from vi"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_in_two_files(lang: str) -> None:
    seen: dict[str, Path] = {}
    twice = []
    for path in catalogue_files(lang):
        for key in _read(path):
            if key in seen:
                twice.append(f"{key}: {seen[key].name} and {path.name}")
            seen[key] = path
    assert twice == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_empty_texts(lang: str) -> None:
    empty = [
        key for key, text in _raw_catalogue(lang).items() if not (isinstance(text, str) and text.strip())
    ]
    assert empty == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_keys_are_dotted_names(lang: str) -> None:
    bad = [key for key in _raw_catalogue(lang) if not all(part.isidentifier() for part in key.split("."))]
    assert bad == []


def test_both_languages_fill_the_same_fields() -> None:
    vi, en = _raw_catalogue("vi"), _raw_catalogue("en")
    differing = {
        key: (_fields(vi[key]), _fields(en[key]))
        for key in vi
        if key in en and _fields(vi[key]) != _fields(en[key])
    }
    assert differing == {}


def test_seed_keys_read_naturally() -> None:
    assert translate("app.title", "vi") == "Mậu Binh — học và luyện"
    assert translate("app.title", "en") == "Mậu Binh — learn and practise"
    assert [translate(f"nav.{page}", "vi") for page in ("home", "learn", "drill", "sandbox")] == [
        "Trang chủ",
        "Học luật",
        "Luyện tập",
        "Bàn thử",
    ]
    assert [translate(f"nav.{page}", "en") for page in ("home", "learn", "drill", "sandbox")] == [
        "Home",
        "Learn",
        "Drill",
        "Sandbox",
    ]
    assert translate("common.rule_set", "vi") == "Bộ luật"
    assert translate("common.language", "en") == "Language"


def test_every_key_used_in_the_app_exists_in_every_catalogue() -> None:
    files = _source_files()
    assert any(path.parent.name == "ui" for path in files)
    used = [(path, line, key) for path in files for line, key in _used_keys(path)]
    assert used, "no t(...) keys found: the scan is broken"
    missing = [
        f"{path.relative_to(REPO_ROOT)}:{line}: {key!r} missing from {lang}.po"
        for path, line, key in used
        for lang in LANGUAGES
        if key not in catalogue(lang)
    ]
    assert missing == [], "\n".join(missing)


def test_the_scan_ignores_docstrings_and_sees_keywords(tmp_path: Path) -> None:
    source = tmp_path / "page.py"
    source.write_text(
        '"""Call t("doc.only") in a docstring."""\n'
        'setup_page("nav.drill")\n'
        'st.write(t("a.b", n=1))\n'
        'rule_set_picker("x", label_key="c.d")\n'
        'def f(label_key="e.f"): ...\n',
        encoding="utf-8",
    )
    assert sorted(key for _, key in _used_keys(source)) == ["a.b", "c.d", "e.f", "nav.drill"]


def test_translate_never_raises() -> None:
    assert translate("no.such.key", "vi") == "no.such.key"
    assert translate("nav.learn", "fr") == "Học luật"  # unknown language: Vietnamese
    template = catalogue("en")["common.unknown_rule_set"]
    assert translate("common.unknown_rule_set", "en") == template  # no kwargs: unformatted
    assert translate("common.unknown_rule_set", "en", wrong=1) == template  # missing field: unformatted
    assert "“nope”" in translate("common.unknown_rule_set", "en", value="nope", known="a")


def test_catalogue_is_read_once_and_read_only() -> None:
    assert catalogue("vi") is catalogue("vi")
    with pytest.raises(TypeError):
        catalogue("vi")["nav.learn"] = "x"  # type: ignore[index]
    with pytest.raises(ValueError, match="unknown language"):
        catalogue("fr")


def test_every_plural_key_used_in_the_app_exists_in_every_catalogue() -> None:
    used = [(path, line, key) for path in _source_files() for line, key in _used_keys(path, PLURAL_FUNCTIONS)]
    assert {key for _, _, key in used} >= {"progress.review_now", "progress.next_due"}
    missing = [
        f"{path.relative_to(REPO_ROOT)}:{line}: plural {key!r} missing from {lang}"
        for path, line, key in used
        for lang in LANGUAGES
        if key not in plural_catalogue(lang)
    ]
    assert missing == [], "\n".join(missing)


@pytest.mark.parametrize(("lang", "forms"), [("vi", 1), ("en", 2)])
def test_plural_entries_hold_the_language_forms(lang: str, forms: int) -> None:
    """Issue 20 §9: Vietnamese has one form, English two (gettext's nplurals, from Babel); every form
    fills {count}."""
    assert get_plural(lang).num_plurals == forms
    entries = plural_catalogue(lang)
    assert entries
    for key, texts in entries.items():
        assert len(texts) == forms, key
        assert all("{count}" in text for text in texts), key


def test_plurals_say_the_number_right() -> None:
    assert [plural_index(n, "en") for n in (0, 1, 2, 21)] == [1, 0, 1, 1]
    assert {translate_plural("progress.review_now", n, "vi").split()[2] for n in (0, 1, 2, 21)} == {"câu"}
    assert translate_plural("progress.review_now", 1, "en") == "Review 1 question due"
    assert translate_plural("progress.review_now", 2, "en") == "Review 2 questions due"
    assert translate_plural("progress.next_due", 1, "en") == "The next review is due in about 1 minute."
    assert translate_plural("progress.next_due", 7, "en") == "The next review is due in about 7 minutes."
    assert translate_plural("progress.review_now", 1, "vi") == "Ôn 1 câu đến hạn"
    assert translate_plural("progress.next_due", 1, "vi") == "Câu cần ôn tiếp theo đến hạn sau khoảng 1 phút."
    assert translate_plural("no.such.key", 1, "en") == "no.such.key"
    assert "progress.review_now" not in catalogue("en")  # plural entries only through translate_plural


def test_no_vietnamese_button_words_in_english_and_no_english_in_vietnamese() -> None:
    """Issue 20 §9: English texts give the Vietnamese name of a button only in brackets after the English
    ("Arrange all (xếp cả bàn)"); Vietnamese texts carry no English words of the sources' notes."""
    en = _raw_catalogue("en")
    assert [key for key, text in en.items() if "Xếp" in text] == []
    assert translate("sandbox.solve", "en") == "Arrange (xếp bài)"
    assert translate("sandbox.solve_all", "en") == "Arrange all (xếp cả bàn)"
    vi = _raw_catalogue("vi")
    assert [key for key, text in vi.items() if "every source" in text or "Select all" in text] == []
    assert ORDER_PROVENANCE.source is not None and "every source" not in ORDER_PROVENANCE.source  # step 5's "Nguồn"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_says_with_the_mouse(lang: str) -> None:
    """Issue 20 §8: texts are worded for touch and mouse alike."""
    assert [key for key, text in _raw_catalogue(lang).items() if "mouse" in text.lower() or "chuột" in text.lower()] == []
