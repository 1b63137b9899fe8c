"""The tree shows the architecture (issue 11): one ui subpackage per page, the strategy layer apart.

Imports flow one way: the engines never import the app; one page's subpackage never imports
another's (shared code lives at the top of ``ui/``); the rules core never imports the strategy layer.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("learn", "drill", "sandbox", "daudiachu", "classes", "progress", "play")
CORE = ("cards", "hands", "rules", "arrangement", "naturals", "settle", "house", "compare")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, dotted (``from ui import cards`` counts as ``ui.cards``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_each_page_has_its_ui_subpackage_and_its_page_file() -> None:
    for page in PAGES:
        assert (ROOT / "ui" / page / "__init__.py").is_file(), page
    assert {p.stem for p in (ROOT / "pages").glob("*.py")} >= {"learn", "drill", "sandbox", "dau_dia_chu"}


@pytest.mark.parametrize("folder", ["ui", *(f"ui/{p}" for p in PAGES)])
def test_no_module_repeats_its_folder_or_a_page_as_a_prefix(folder: str) -> None:
    stems = [p.stem for p in (ROOT / folder).glob("*.py")]
    prefixes = (*PAGES, Path(folder).name)
    assert [s for s in stems if s.startswith(tuple(f"{p}_" for p in prefixes))] == []


@pytest.mark.parametrize("engine", ["maubinh", "daudiachu", "classroom", "background"])
def test_engines_never_import_the_app(engine: str) -> None:
    reached = {m for path in _modules(engine) for m in _imports(path)}
    assert reached, "the scan found no imports"
    assert {m for m in reached if m.split(".")[0] in {"ui", "pages", "streamlit"}} == set()


@pytest.mark.parametrize(("package", "above"), [("maubinh", {"classroom", "background"}),
                                                ("daudiachu", {"classroom", "background"}),
                                                ("classroom", {"background"})])
def test_each_layer_never_imports_a_layer_above_it(package: str, above: set[str]) -> None:
    """maubinh (the engine) < classroom (stores) < background (runs the work) < ui: issue 33, item 2 (the engine
    imported classroom to build the question bank)."""
    reached = {m for path in _modules(package) for m in _imports(path)}
    assert reached, "the scan found no imports"
    assert {m for m in reached if m.split(".")[0] in above} == set()


def test_only_the_background_home_starts_threads_or_processes() -> None:
    """Issue 33, item 2: the app's threads and processes start in ``background`` (the engine keeps its kernel's
    compile and its pools inside one computation, and deploy/ its supervisor's processes); the pages and the
    storage submit to the home."""
    starts = ("Thread(", "ThreadPoolExecutor(", "ProcessPoolExecutor(", "subprocess.Popen(", ".Process(")
    found = [str(path.relative_to(ROOT)) for folder in ("classroom", "ui", "pages") for path in _modules(folder)
             if any(start in path.read_text(encoding="utf-8") for start in starts)]
    assert found == []


@pytest.mark.parametrize("page", PAGES)
def test_a_page_subpackage_never_imports_another_page(page: str) -> None:
    others = tuple(f"ui.{p}" for p in PAGES if p != page)
    reached = {m for path in _modules(f"ui/{page}") for m in _imports(path)}
    assert {m for m in reached if m in others or m.startswith(tuple(f"{o}." for o in others))} == set()


def test_shared_ui_modules_import_no_page_subpackage() -> None:
    pages = tuple(f"ui.{p}" for p in PAGES)
    reached = {m for path in (ROOT / "ui").glob("*.py") for m in _imports(path)}
    assert {m for m in reached if m in pages or m.startswith(tuple(f"{p}." for p in pages))} == set()


def test_rules_core_never_imports_the_strategy_layer() -> None:
    reached = {m for name in CORE for m in _imports(ROOT / "maubinh" / f"{name}.py")}
    assert reached
    assert {m for m in reached if m.startswith(("maubinh.strategy", "maubinh.drills"))} == set()


@pytest.mark.parametrize(
    "package",
    ["ui", *(f"ui/{p}" for p in PAGES), "ui/arrange", "ui/table", "maubinh", "maubinh/strategy", "maubinh/drills",
     "daudiachu", "classroom", "background"],
)
def test_every_package_docstring_lists_its_modules(package: str) -> None:
    doc = ast.get_docstring(ast.parse((ROOT / package / "__init__.py").read_text(encoding="utf-8"))) or ""
    dotted = package.replace("/", ".")
    missing = [
        p.stem for p in (ROOT / package).glob("*.py")
        if p.stem != "__init__" and f"{dotted}.{p.stem}" not in doc
    ]
    assert missing == []


def test_unit_tests_mirror_the_packages() -> None:
    unit = ROOT / "tests" / "unit"
    models = [p for p in PAGES if any("streamlit" not in f.read_text(encoding="utf-8")
                                      for f in (ROOT / "ui" / p).glob("*.py") if f.stem != "__init__")]
    assert {"learn", "drill"} <= set(models)  # ui.learn.quiz, ui.drill.prepare...
    for sub in ("strategy", "drills", "daudiachu", "classroom", "background", "ui", *(f"ui/{p}" for p in models)):
        assert list((unit / sub).glob("test_*.py")), sub


def _module_graph(packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Every module of ``packages`` and the modules of theirs it imports anywhere (inside functions too,
    not under ``if TYPE_CHECKING``)."""
    modules = {}
    for package in packages:
        for path in _modules(package):
            parts = path.relative_to(ROOT).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def owner(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):  # drop what only type checkers read
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                node.body = []
        found = {owner(m) for m in _imports_of(tree)}
        graph[name] = {m for m in found if m and m != name}
    return graph


def _imports_of(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = [stack.pop()]
            while component[-1] != v:
                component.append(stack.pop())
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_no_import_circles() -> None:
    graph = _module_graph(("maubinh", "classroom", "background", "ui", "daudiachu"))
    assert graph["maubinh.strategy.solver"] >= {"maubinh.strategy.search", "maubinh.strategy.field"}  # scanned
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []
