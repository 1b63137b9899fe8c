"""Text from the URL made safe for Markdown."""

from ui.params import markdown_literal


def test_markdown_literal_escapes_typed_text() -> None:
    assert markdown_literal("**x**") == r"\*\*x\*\*"
    assert markdown_literal("[a](b)") == r"\[a\](b)"
