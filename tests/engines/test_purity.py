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
