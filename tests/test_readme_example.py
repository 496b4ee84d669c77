"""The README's worked example, run as a newcomer runs it: its shell blocks, in order, in one
shell, against ``referee serve`` on a fresh database, and each answer it shows (``# -> 201
{…}``, the replay's lines) compared with the answer given.

What the README shows of an answer is a part of it: its status, and the fields it writes out
(``"key": value`` with a string, a number, true, false or null; the strings of a list), each
of which must be in the answer as given; ``…`` stands for the rest. One line is the reader's to
fill in (``HOST=tE-F…; … # the tokens from the answer``): here it takes them from the answer.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.slowclients import night_server

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## A worked example with curl"
TOKENS = "# the tokens from the answer"
MARK = "@@answer@@"
FUNCTION = re.compile(r"^\w+\(\) \{")
DEFINITION = re.compile(r"^(\w+=\S*\s*(#.*)?$|\w+\(\) \{)")
#: A field the README writes out: ``"key": value`` with a scalar value.
SHOWN_FIELD = re.compile(r'"(\w+)": ("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false|null)')
SHOWN_LIST = re.compile(r'"(\w+)": \[("(?:[^"\\]|\\.)*"(?:, "(?:[^"\\]|\\.)*")*)\]')

pytestmark = pytest.mark.load


@dataclass
class Step:
    """A command of the example and what the README shows it answers (nothing: not shown)."""

    command: str
    shown: list[str] = field(default_factory=list)


def steps(readme: str) -> list[Step]:
    """The example's commands in order, each with the answer lines shown under it."""
    section = readme.split(SECTION, 1)[1].split("\n## ", 1)[0]
    out: list[Step] = []
    for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S):
        lines = block.splitlines()
        while lines:
            line = lines.pop(0)
            if not line.strip():
                continue
            if line.startswith("#"):
                if out:
                    out[-1].shown.append(line.lstrip("#").strip())
                continue
            if FUNCTION.match(line):  # a function: to its closing brace
                while not line.rstrip().endswith("}"):
                    line += "\n" + lines.pop(0)
            while line.endswith("\\"):  # one command on several lines
                line += "\n" + lines.pop(0)
            out.append(Step(line))
    return out


def script(example: list[Step]) -> str:
    """The example as one shell script, a mark after each command's output; ``curl`` also
    prints the status on a line of its own, and the tokens line reads the answer before it."""
    parts = ["set -u", "curl() { command curl -w '\\n%{http_code}' \"$@\"; }"]
    for n, step in enumerate(example):
        if step.command.rstrip().endswith(TOKENS):
            parts.append(f'eval "$({TOKENS_FROM} "$PREVIOUS")"')
            continue
        if DEFINITION.match(step.command):  # a variable or a function, for what follows
            parts.append(step.command)
            continue
        parts.append(f"PREVIOUS=$( {{ {step.command}\n}} 2>&1 )")
        parts.append(f'printf "%s\\n{MARK}{n}\\n" "$PREVIOUS"')
    return "\n".join(parts) + "\n"


#: The tokens line, filled in from the match's answer (its JSON, then its status).
TOKENS_FROM = ("python3 -c 'import json, sys; made = json.loads(sys.argv[1].rsplit(chr(10), 1)[0]);"
               " print(\"HOST=%s ALICE=%s BOB=%s CHLOE=%s\" % (made[\"host_token\"],"
               " *made[\"seat_tokens\"]))'")


def answers(output: str, count: int) -> dict[int, str]:
    found: dict[int, str] = {}
    rest = output
    for n in range(count):
        marker = f"{MARK}{n}\n"
        if marker in rest:
            found[n], rest = rest.split(marker, 1)
    return found


def fields_of(text: str) -> list[str]:
    """The fields an answer line shows, each as it is written in a canonical dump: a string
    cut short (``"… since: …"``) by its start; a placeholder (``"tE-F…"``) not at all."""
    shown = [f'"{key}": {value}' for key, value in SHOWN_FIELD.findall(text)]
    for _key, items in SHOWN_LIST.findall(text):
        shown += re.findall(r'"(?:[^"\\]|\\.)*"', items)
    return [part.removesuffix('…"') if part.endswith(' …"') else part
            for part in shown if "…" not in part or part.endswith(' …"')]


def canonical(answer: str) -> tuple[str, str]:
    """An answer's status and its body dumped as the README writes JSON."""
    body, _, status = answer.rstrip("\n").rpartition("\n")
    with contextlib.suppress(ValueError):  # not JSON: compared as printed
        body = json.dumps(json.loads(body), ensure_ascii=False, separators=(", ", ": "))
    return status.strip(), body


def test_the_readme_example_answers_as_it_shows() -> None:
    example = steps((ROOT / "README.md").read_text())
    assert sum(bool(s.shown) for s in example) >= 8  # the example shows what it does
    with night_server() as server:
        env = {**os.environ, "B": server.base, "LANG": "C.UTF-8",
               "DATABASE_URL": f"sqlite:///{server.folder / 'referee.sqlite3'}",
               "PATH": f"{ROOT / '.venv' / 'bin'}:{os.environ['PATH']}"}
        text = script(example).replace("B=http://127.0.0.1:5000", f"B={server.base}")
        run = subprocess.run(["bash", "-c", text], capture_output=True, text=True,
                             cwd=ROOT, env=env, timeout=300, check=False)
    got = answers(run.stdout, len(example))
    wrong = []
    for n, step in enumerate(example):
        if not step.shown:
            continue
        assert n in got, (step.command, run.stdout[-2000:], run.stderr[-2000:])
        shown = " ".join(step.shown)
        if shown.startswith("->"):
            status, body = canonical(got[n])
            expected_status = shown[2:].split()[0]
            if expected_status.isdigit() and expected_status != status:
                wrong.append((step.command, f"status {status}, README shows {expected_status}"))
            wrong += [(step.command, f"{part} not in {body}") for part in fields_of(shown)
                      if part not in body]
        else:  # the command line's own output: each line shown, as printed
            printed = " ".join(got[n].split())
            wrong += [(step.command, f"{line!r} not printed") for line in step.shown
                      if "…" not in line and " ".join(line.split()) not in printed]
    assert wrong == [], "\n".join(f"{c}\n    {w}" for c, w in wrong)
