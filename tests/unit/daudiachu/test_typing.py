"""The Đấu địa chủ engine imports no Streamlit (issue 8); it type-checks under ``mypy --strict`` with the rest
(``tests/unit/test_typing.py``, whose file list must name it)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "daudiachu"


def test_engine_imports_no_streamlit_and_no_ui():
    imported = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module.split(".")[0])
    assert imported, "the scan found no imports"
    assert not imported & {"streamlit", "ui", "pages", "maubinh"}
