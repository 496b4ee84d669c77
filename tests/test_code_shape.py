"""The code keeps a shape a newcomer can read: no function in ``referee/`` runs over 60 lines
(from its ``def`` to its last line, docstring included) and none is more tangled than radon's
grade C (cyclomatic complexity 20 at most). A function that outgrows either is split along what
it does."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from radon.complexity import cc_rank, cc_visit
from radon.visitors import Class, Function

SOURCE = Path(__file__).resolve().parent.parent / "referee"
#: The migrations are history, written once and never changed: a schema's first revision says
#: every table in one function.
HISTORY = SOURCE / "migrations"
MAX_LINES = 60
WORST_GRADE = "C"


def sources() -> Iterator[Path]:
    yield from sorted(path for path in SOURCE.rglob("*.py") if HISTORY not in path.parents)


def name(path: Path) -> str:
    return str(path.relative_to(SOURCE.parent))


def blocks(found: list[Function | Class]) -> Iterator[Function | Class]:
    """Every block radon grades, methods and nested functions included."""
    for block in found:
        yield block
        if isinstance(block, Class):
            yield from blocks(list(block.methods) + list(block.inner_classes))
        else:
            yield from blocks(list(block.closures))


def test_no_function_runs_over_60_lines() -> None:
    long = []
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_LINES:
                    long.append(f"{name(path)}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []


def test_no_block_is_graded_worse_than_c() -> None:
    tangled = []
    for path in sources():
        for block in blocks(cc_visit(path.read_text(encoding="utf-8"))):
            grade = cc_rank(block.complexity)
            if grade > WORST_GRADE:
                tangled.append(f"{name(path)}:{block.lineno} {block.name} "
                               f"({grade}, {block.complexity})")
    assert tangled == []
