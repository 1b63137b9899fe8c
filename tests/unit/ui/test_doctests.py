"""Run the examples in the ui modules' docstrings (pytest's --doctest-modules only covers tests/ and
maubinh/, see pyproject.toml)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

import ui.builtin_text
import ui.cards
import ui.i18n
import ui.problems


@pytest.mark.parametrize("module", [ui.builtin_text, ui.cards, ui.i18n, ui.problems], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
