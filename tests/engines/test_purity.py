"""The engines are pure (DESIGN.md, "Layers"): no Flask, SQL, clock, randomness or I/O."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parents[2] / "referee" / "engines"
FORBIDDEN = {"flask", "flask_smorest", "sqlalchemy", "alembic", "random", "secrets", "time",
             "datetime", "os", "io", "pathlib", "socket", "subprocess", "logging", "requests",
             "referee.api", "referee.web", "referee.service", "referee.store", "referee.cli"}
FORBIDDEN_CALLS = {"open", "print", "input"}


def imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


@pytest.mark.parametrize("path", sorted(ENGINES.rglob("*.py")), ids=lambda p: p.name)
def test_engine_modules_import_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text())
    assert not {n for n in imported(tree) if forbidden(n)}
    calls = {n.func.id for n in ast.walk(tree)
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not calls & FORBIDDEN_CALLS


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINES.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_imports(path: Path, modules: set[str]) -> set[str]:
    """The engine modules ``path`` imports, wherever the import stands (in a function or under
    ``if TYPE_CHECKING:`` too): ``from package import module`` counts as importing the
    module."""
    found: set[str] = set()
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            subs = {f"{node.module}.{alias.name}" for alias in node.names}
            found |= (subs & modules) or {node.module}
    return found & modules


def test_the_engines_import_each_other_without_a_cycle() -> None:
    """The registry is built by ``referee.engines`` from the games, and nothing below it
    imports it back: the engines' imports form no cycle."""
    paths = {module_name(p): p for p in ENGINES.rglob("*.py")}
    graph = {name: engine_imports(path, set(paths)) - {name} for name, path in paths.items()}
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, " -> ".join((*trail[trail.index(name):], name))
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
