"""The service opens its database work in one place, ``referee.service.work``: no other
service module begins a read, a write, a page's read or the log's unit of work itself (the
import of ``referee.store.uow`` is kept out by the import contract in pyproject.toml)."""

from __future__ import annotations

import ast
from pathlib import Path

SERVICE = Path(__file__).resolve().parents[2] / "referee" / "service"
THE_DATABASES_OWN = {"reading", "unit_of_work", "one_read"}
THE_STORES_OWN = {"SqlUnitOfWork"}


def opened_elsewhere(path: Path) -> list[str]:
    """Where ``path`` opens a transaction without going through ``work``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if (isinstance(called, ast.Attribute) and called.attr in THE_DATABASES_OWN
                and not (isinstance(called.value, ast.Name) and called.value.id == "work")):
            found.append(f"{path.name}:{node.lineno} .{called.attr}()")
        elif isinstance(called, ast.Name) and called.id in THE_STORES_OWN:
            found.append(f"{path.name}:{node.lineno} {called.id}()")
    return found


def test_no_service_module_but_work_opens_a_transaction_itself() -> None:
    found = [where for path in sorted(SERVICE.rglob("*.py")) if path.name != "work.py"
             for where in opened_elsewhere(path)]
    assert found == []


def test_the_check_sees_a_transaction_opened_directly(tmp_path: Path) -> None:
    module = tmp_path / "elsewhere.py"
    module.write_text("def f(db):\n    with db.reading() as s:\n        return s\n"
                      "def g(db):\n    with SqlUnitOfWork(db) as u:\n        return u\n",
                      encoding="utf-8")
    assert opened_elsewhere(module) == [
        "elsewhere.py:2 .reading()", "elsewhere.py:5 SqlUnitOfWork()"]
