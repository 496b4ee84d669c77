"""Real gunicorn, two workers, metrics on: requests answered by both workers are all counted in
one scrape (prometheus_client's multiprocess mode, set up by gunicorn.conf.py), and each worker
writes its access lines as JSON, with the request's id."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from tests.slowclients import gunicorn

pytestmark = pytest.mark.slow  # a gunicorn start

TOKEN = "two-workers-metrics"
ROUTE = "/api/games"


@pytest.fixture
def two_workers(sqlite_template: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """gunicorn with two workers, metrics on behind a token; its log (with the app's JSON log
    lines) in a file."""
    path = tmp_path / "served.sqlite3"  # not the app fixture's database
    shutil.copy(sqlite_template, path)
    with gunicorn({"REFEREE_METRICS": "on", "REFEREE_METRICS_TOKEN": TOKEN},
                  ("--workers", "2", "--threads", "2"), served=path,
                  unset=("PROMETHEUS_MULTIPROC_DIR", "REFEREE_LOG_FORMAT")) as server:
        yield server.base, server.folder / "gunicorn.log"


def access_lines(log: Path) -> list[dict[str, Any]]:
    lines = (line for line in log.read_text().splitlines() if line.startswith("{"))
    return [entry for entry in map(json.loads, lines) if entry["logger"] == "referee.access"]


def counted(base: str, route: str) -> float:
    """referee_http_requests_total for GET ``route`` answered 200, in one scrape."""
    answer = requests.get(f"{base}/metrics", headers={"Authorization": f"Bearer {TOKEN}"},
                          timeout=30)
    assert answer.status_code == 200, answer.text
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            if sample.name == "referee_http_requests_total" and sample.labels == {
                    "method": "GET", "route": route, "status": "200"}:
                return sample.value
    return 0.0


def test_a_scrape_counts_the_requests_of_both_workers(two_workers: tuple[str, Path]) -> None:
    """Requests go on fresh connections until both workers have answered some; one scrape,
    whichever worker answers it, counts them all."""
    base, log = two_workers
    sent: list[str] = []
    while len(sent) < 10 or len({line["pid"] for line in access_lines(log)
                                 if line["path"] == ROUTE}) < 2:
        assert len(sent) < 200, "one worker answered every request"
        rid = f"both-{len(sent)}"
        with requests.Session() as fresh:  # a new connection: either worker may take it
            answer = fresh.get(f"{base}{ROUTE}", timeout=30,
                               headers={"Connection": "close", "X-Request-Id": rid})
        assert answer.status_code == 200 and answer.headers["X-Request-Id"] == rid
        sent.append(rid)
    for _ in range(2):  # either worker may answer the scrape: both say the same
        assert counted(base, ROUTE) == len(sent)
    lines = [line for line in access_lines(log) if line["path"] == ROUTE]
    assert sorted(line["request_id"] for line in lines) == sorted(sent)
    assert all(line["method"] == "GET" and line["status"] == 200
               and line["duration_ms"] >= 0 for line in lines)
    assert requests.get(f"{base}/metrics", timeout=30).status_code == 401
    written = [line for line in log.read_text().splitlines() if line.strip()]
    assert all(line.startswith("{") for line in written), written  # gunicorn's own lines too
    assert any(json.loads(line)["logger"] == "gunicorn.error" for line in written)


def test_a_long_export_imports_through_gunicorn(
        two_workers: tuple[str, Path], app: Any) -> None:
    """Through gunicorn's worker (whose body deadline wraps the request's input), an export
    of several hundred KiB imports, and the import is counted by its route."""
    from tests.api.test_import_size import long_export

    base, _log = two_workers
    body = long_export(app, 1200)
    assert len(body) > 256 * 1024
    answer = requests.post(f"{base}/api/matches/import", data=body, timeout=120,
                           headers={"Content-Type": "application/json"})
    assert answer.status_code == 201, answer.text[:500]
    scrape = requests.get(f"{base}/metrics", headers={"Authorization": f"Bearer {TOKEN}"},
                          timeout=30).text
    assert ('referee_http_requests_total{method="POST",route="/api/matches/import",'
            'status="201"} 1.0') in scrape
