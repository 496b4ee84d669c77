"""One benchmark run in two checkouts of the code by turns (old, new, old, new, …), per database.

Each run is the given script of that checkout, run by that checkout's interpreter
(``<tree>/.venv/bin/python`` when there is one) with the checkout as its working folder and
first on ``PYTHONPATH``, so that ``referee`` and the script are that checkout's. Running the two
by turns spreads a shared machine's changing load over both sides alike. The figures each run
prints are read from its text; then for each figure: the old runs', the new runs', their medians,
new/old, and whether the target set for that figure holds (an append rate at least 0.9× the old;
a page's p95 at 10,000 events at most 1.1× the old + 1 ms and at most 20 ms, and its ratio to
the p95 at 100 events at most 1.5). What follows ``--`` goes to the script.

    .venv/bin/python bench/interleaved.py --old ../old493 bench/append_peer.py \\
        [--database sqlite --database postgresql+psycopg://…/test] [--runs 3] [-- --rounds 8]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import drop_schema  # noqa: E402

NEW = Path(__file__).resolve().parent.parent
RATE = re.compile(r"^(?P<name>[^:]+?):\s+(?P<value>[\d.]+)/s")  # "judged append …:  1234/s"
PAGE = re.compile(r"^\s+(?P<page>.+?)\s+p95\s+(?P<short>[\d.]+) ms at (?P<n>[\d,]+) events,"
                  r"\s+(?P<long>[\d.]+) ms at (?P<m>[\d,]+) .*ratio (?P<ratio>[\d.]+)")
HEALTHZ = re.compile(r"^GET /healthz\s+p95\s+(?P<value>[\d.]+) ms")
STATEMENTS = re.compile(r"^(?P<name>SQL statements per judged append):\s+(?P<value>[\d.]+)")
Check = Callable[[float, float], bool]
TARGETS: list[tuple[re.Pattern[str], str, Check]] = [
    (re.compile(r"^judged append"), "new >= 0.9 x old", lambda old, new: new >= 0.9 * old),
    (re.compile(r" at 10,000 \(ms\)$"), "new <= 1.1 x old + 1 ms",
     lambda old, new: new <= 1.1 * old + 1),
    (re.compile(r" at 10,000 \(ms\)$"), "new <= 20 ms", lambda old, new: new <= 20),
    (re.compile(r"ratio 10,000/100$"), "new <= 1.5 (flat)", lambda old, new: new <= 1.5),
]


def figures(output: str) -> dict[str, float]:
    """The figures a run printed, by name: rates (/s) and p95 latencies (ms)."""
    found: dict[str, float] = {}
    kind = ""
    for line in output.splitlines():
        if line.startswith("read ") and line.endswith(":"):
            kind = line[5:-1]
        elif m := PAGE.match(line):
            name = f"{kind}: {m['page']}"
            found[f"{name} p95 at {m['n']} (ms)"] = float(m["short"])
            found[f"{name} p95 at {m['m']} (ms)"] = float(m["long"])
            found[f"{name} ratio {m['m']}/{m['n']}"] = float(m["ratio"])
        elif m := HEALTHZ.match(line):
            found["GET /healthz p95 (ms)"] = float(m["value"])
        elif m := STATEMENTS.match(line):
            found[m["name"]] = float(m["value"])
        elif m := RATE.match(line):
            found[f"{m['name']} (/s)"] = float(m["value"])
    return found


def run(side: str, tree: Path, script: str, database: str, extra: list[str]
        ) -> dict[str, float]:
    """One run of the script in that tree; its PostgreSQL schemas are dropped whatever happens."""
    venv = tree / ".venv" / "bin" / "python"
    python = str(venv) if venv.exists() else sys.executable
    env = {**os.environ, "PYTHONPATH": str(tree)}
    load = os.getloadavg()[0]
    start = time.monotonic()
    proc = subprocess.Popen([python, script, "--database", database, *extra], cwd=tree, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=1800)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if database != "sqlite":  # the script's own schemas, should its clean-up not have run
            for prefix in ("referee_bench", "peer_bench"):
                drop_schema(database, f"{prefix}_{proc.pid}")
    if proc.returncode != 0:
        sys.exit(f"{script} failed in {tree}:\n{err[-3000:]}")
    print(f"  {side} {tree}: {time.monotonic() - start:5.0f} s, load {load:.2f} -> "
          f"{os.getloadavg()[0]:.2f}", flush=True)
    return figures(out)


def verdict(name: str, old: float, new: float) -> str:
    return "; ".join(f"{target}: {'holds' if check(old, new) else 'FAILS'}"
                     for pattern, target, check in TARGETS if pattern.search(name))


def report(runs: dict[str, list[dict[str, float]]]) -> None:
    print(f"{'figure':56} {'old runs':>24} {'new runs':>24} {'old':>7} {'new':>7} new/old")
    for name in runs["old"][0]:
        old = [r[name] for r in runs["old"]]
        new = [r[name] for r in runs["new"]]
        mo, mn = statistics.median(old), statistics.median(new)
        print(f"{name:56} {' '.join(f'{v:7.1f}' for v in old):>24} "
              f"{' '.join(f'{v:7.1f}' for v in new):>24} {mo:7.1f} {mn:7.1f} "
              f"{mn / mo:7.2f}  {verdict(name, mo, mn)}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("script", help="the benchmark, as a path inside either tree")
    p.add_argument("--old", type=Path, required=True, help="the old checkout")
    p.add_argument("--database", action="append", help="sqlite or a PostgreSQL URL (repeatable)")
    p.add_argument("--runs", type=int, default=3, help="runs of each tree per database")
    args, extra = p.parse_known_args()
    extra = [a for a in extra if a != "--"]
    trees = {"old": args.old.resolve(), "new": NEW}
    for database in args.database or ["sqlite"]:
        print(" ".join([args.script, "on", database.split(":")[0], *extra,
                        time.strftime("(%H:%M:%S):")]), flush=True)
        runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
        for _ in range(args.runs):
            for side, tree in trees.items():  # one run at a time: never two on one database
                runs[side].append(run(side, tree, args.script, database, extra))
        report(runs)
        print()


if __name__ == "__main__":
    main()
