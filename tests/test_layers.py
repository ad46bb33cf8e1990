"""The tree's layers (docs/architecture.md): every module of `scanlint` imports only modules of
its own layer or of the layers below it, and no two modules import each other, directly or
around a circle, counting the imports made inside functions too (not those made only for
annotations).

Read from the source with `ast`, so nothing is imported. The rules and the output formats are
found by their packages at run time (`importlib`); those imports are not in the source and do
not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "scanlint"
# Bottom to top; a layer may import its own modules and those of the layers before it.
LAYERS = (
    ("core",),
    ("source", "prefilter"),
    ("semantic",),
    ("fixes",),
    ("rules",),
    ("engine", "report"),
    ("verify", "measure", "cli", "lsp", "flake8_plugin", "review", "__main__"),  # the faces
)
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, typing_only: bool = True) -> set[str]:
    """The scanlint modules ``path`` imports (a name imported from a package counts as its
    module when there is one: `from scanlint.semantic import walk`); with ``typing_only``
    False, not those imported only for annotations (under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing_only else {
        id(inner) for node in ast.walk(tree) if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for inner in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "scanlint"}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and \
                node.module.split(".")[0] == "scanlint":
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                found.add(inner if MODULES.get(inner) else node.module)
    return found


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else None  # None: the package itself (__version__)


def test_every_module_is_in_a_layer():
    unplaced = sorted(m for m in MODULES if layer(m) is not None and layer(m) not in RANK)
    assert unplaced == []


def test_imports_go_down():
    upward = []
    for module, path in MODULES.items():
        for target in imported(path):
            here, there = layer(module), layer(target)
            if there is not None and here is not None and RANK[there] > RANK[here]:
                upward.append(f"{module} imports {target}")
    assert upward == []


def test_no_circles():
    # An import for annotations only is no dependency at run time: a SourceFile names the
    # NotebookFile it was read from, and the notebook reader makes SourceFiles.
    graph = {module: imported(path, typing_only=False) & MODULES.keys()
             for module, path in MODULES.items()}
    graph = {module: {t for t in targets if t != module} for module, targets in graph.items()}
    circles = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append(" -> ".join(path[path.index(target):] + [target]))
            elif target not in state:
                visit(target, path + [target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []
