"""One recording session: a fresh SQLite database, one reader's language, and every way a
reader sees a match (the API as host, seat and public; the pages' text; the stream; the CSV
files; the command line), gathered as plain data with what changes from run to run (tokens,
identities, times) replaced by placeholders."""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, database
from referee.cli import main as cli_main
from referee.cli import upgrade_database
from referee.service import ratings
from referee.service.live import close_streams
from tests.streamed import read_stream
from tests.web.helpers import Browser

Json = Any
Viewer = str  # "host", "seat N" or "public"

STREAM_WAIT = 20.0  # seconds a stream may take to replay the log
BGSTATS = "bgstats://"
UUID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
ISO_TIME = re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?")


class _Template:
    """A migrated database file, made once per process and copied for each session."""

    path: Path | None = None

    @classmethod
    def copy_to(cls, target: Path) -> None:
        if cls.path is None or not cls.path.exists():
            folder = Path(tempfile.mkdtemp(prefix="corpus-template-"))
            path = folder / "referee.sqlite3"
            app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}"})
            upgrade_database(app)
            database(app).engine.dispose()
            cls.path = path
        shutil.copy(cls.path, target)


class TextOf(HTMLParser):
    """A page's visible text, one line per block: no tags, scripts, styles or hidden inputs;
    a button's or submit input's label is kept as ``[label]``."""

    BLOCKS = frozenset({"p", "div", "li", "tr", "br", "h1", "h2", "h3", "h4", "h5", "h6",
                        "section", "article", "header", "footer", "nav", "table", "ul", "ol",
                        "form", "dt", "dd", "dl", "details", "summary", "main", "aside",
                        "figure", "figcaption", "label", "fieldset", "legend", "option",
                        "title", "pre", "blockquote", "caption", "thead", "tbody"})
    SILENT = frozenset({"script", "style", "template", "svg"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.silent = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.SILENT:
            self.silent += 1
        elif tag in self.BLOCKS or tag in ("td", "th"):
            self.parts.append("\n" if tag in self.BLOCKS else " | ")
        if tag == "input" and not self.silent:
            kind = dict(attrs).get("type", "text")
            value = dict(attrs).get("value") or ""
            if kind in ("submit", "button") and value:
                self.parts.append(f" [{value}] ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SILENT:
            self.silent = max(0, self.silent - 1)
        elif tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.silent:
            self.parts.append(data)

    @classmethod
    def lines(cls, html: str) -> list[str]:
        parser = cls()
        parser.feed(html)
        parser.close()
        out = []
        for line in "".join(parser.parts).split("\n"):
            line = re.sub(r"\s+", " ", line).strip(" |")
            line = line.strip()
            if line:
                out.append(line)
        return out


@dataclass
class Match:
    """A match as its creator got it back: id and tokens."""

    id: int
    host: str
    seats: list[str]
    names: list[str]

    def token(self, viewer: Viewer) -> str | None:
        if viewer == "host":
            return self.host
        if viewer.startswith("seat "):
            return self.seats[int(viewer.split()[1])]
        return None


@dataclass
class Session:
    """Everything one reader (a language) is answered while a scenario is played."""

    lang: str
    folder: Path
    app: Flask = field(init=False)
    api: FlaskClient = field(init=False)
    record: dict[str, list[Json]] = field(init=False)
    tokens: dict[str, str] = field(default_factory=dict)
    browsers: dict[tuple[int, Viewer], FlaskClient] = field(default_factory=dict)
    started: datetime = field(default_factory=lambda: datetime.now(UTC))

    def __post_init__(self) -> None:
        path = self.folder / "referee.sqlite3"
        _Template.copy_to(path)
        self.app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}",
                               "TIMEZONE": "UTC", "SNAPSHOT_EVERY": 10,
                               "RATELIMIT_ENABLED": False, "PAGE_SIZE": 20,
                               "PUBLIC_URL": "", "DATABASE_REPLICA_URL": "",
                               # a fault is answered 500 as a server would, and recorded
                               "PROPAGATE_EXCEPTIONS": False})
        self.app.instance_path = str(self.folder / "instance")
        self.app.test_client_class = Browser
        self.api = self.app.test_client()
        self.record = {"answers": [], "pages": [], "streams": [], "csv": [], "cli": []}

    def settled(self) -> None:
        """The ratings recomputed after the last commit: what is read next does not depend on
        how fast the recomputation was."""
        assert ratings.job_of(database(self.app)).wait(30)

    def close(self) -> None:
        close_streams(database(self.app))
        database(self.app).engine.dispose()

    # --- requests -------------------------------------------------------------------------

    @property
    def headers(self) -> dict[str, str]:
        return {"Accept-Language": self.lang}

    def call(self, method: str, path: str, viewer: Viewer = "public", body: Json = None,
             match: Match | None = None, token: str | None = None,
             headers: dict[str, str] | None = None) -> Json:
        """An API call as ``viewer`` (its bearer token), kept with its status and answer."""
        sent = dict(self.headers)
        token = token or (match.token(viewer) if match else None)
        if token:
            sent["Authorization"] = f"Bearer {token}"
        sent.update(headers or {})
        self.settled()
        response = self.api.open(path, method=method, json=body, headers=sent)
        answer = response.get_json(silent=True)
        entry = {"call": f"{method} {path}", "as": viewer, "status": response.status_code,
                 "answer": answer if answer is not None else response.get_data(as_text=True)}
        if body is not None:
            entry["sent"] = body
        if "If-Match" in sent:
            entry["if_match"] = sent["If-Match"]
        self.record["answers"].append(entry)
        return answer

    def create(self, game: str, names: list[str], options: dict[str, Any] | None = None,
               **extra: Any) -> Match:
        body = {"game": game, "options": options or {}, "seats": [{"name": n} for n in names],
                **extra}
        answer = self.call("POST", "/api/matches", body=body)
        assert answer and "host_token" in answer, answer
        match = Match(answer["id"], answer["host_token"], answer["seat_tokens"], names)
        self.tokens[match.host] = f"<host token of match {match.id}>"
        for seat, token in enumerate(match.seats):
            self.tokens[token] = f"<seat {seat} token of match {match.id}>"
        return match

    def move(self, match: Match, type_: str, seat: int | None = None,
             payload: dict[str, Any] | None = None, *, by: Viewer | None = None,
             dry_run: bool = False, seen: int | None = None, if_match: int | None = None,
             ) -> Json:
        """Log a move with the seat's own token (the host's for a table move, or ``by``)."""
        viewer = by or ("host" if seat is None else f"seat {seat}")
        body: dict[str, Any] = {"type": type_, "seat": seat, "payload": payload or {}}
        if seen is not None:
            body["seen"] = seen
        path = f"/api/matches/{match.id}/events" + ("?dry_run=1" if dry_run else "")
        headers = {"If-Match": f'"{if_match}"'} if if_match is not None else None
        return self.call("POST", path, viewer, body, match, headers=headers)

    def moves(self, match: Match, steps: list[tuple[Any, ...]]) -> None:
        for step in steps:
            type_, seat, *rest = step
            self.move(match, type_, seat, rest[0] if rest else None)

    def last_seq(self, match: Match) -> int:
        return int(self.api.get(f"/api/matches/{match.id}").get_json()["last_seq"])

    # --- reading a match back -------------------------------------------------------------

    def viewers(self, match: Match) -> list[Viewer]:
        return ["host", "seat 0", "seat 1", "public"] if len(match.seats) > 1 else \
            ["host", "seat 0", "public"]

    def read_api(self, match: Match, at: list[int] | None = None,
                 what_if: dict[str, Any] | None = None) -> None:
        """Every reading of the match through the API: the whole log and timeline as the
        host, one seat and the public; the table, the standings and the legal moves as
        every viewer; the export; the what-if."""
        base = f"/api/matches/{match.id}"
        last = self.last_seq(match)
        for viewer in self.viewers(match):
            full = viewer != "seat 1"
            self.call("GET", base, viewer, match=match)
            if full:
                self.call("GET", f"{base}/events", viewer, match=match)
                self.call("GET", f"{base}/timeline", viewer, match=match)
            self.call("GET", f"{base}/events?after={max(last - 3, 0)}&limit=2", viewer,
                      match=match)
            self.call("GET", f"{base}/timeline?limit=3", viewer, match=match)
            if last > 5:
                self.call("GET", f"{base}/timeline?limit=3&before={last - 4}", viewer,
                          match=match)
            as_ = "host" if viewer == "host" else viewer.removeprefix("seat ")
            query = "" if viewer == "public" else f"?as={as_}"
            self.call("GET", f"{base}/legal-moves{query}", viewer, match=match)
            self.call("GET", f"{base}/state", viewer, match=match)
            for seq in sorted({0, *(at or []), last}):
                self.call("GET", f"{base}/state?at={seq}"
                          + ("" if viewer in ("host", "public") else f"&as={as_}"),
                          viewer, match=match)
            self.call("GET", f"{base}/standings", viewer, match=match)
        self.call("GET", f"{base}/export", "host", match=match)
        self.call("GET", f"{base}/export", "seat 0", match=match)
        self.call("GET", f"{base}/bgstats", "public", match=match)
        if what_if is not None:
            self.call("POST", f"{base}/what-if", "host", {"options": what_if}, match=match)

    def browser(self, match: Match, viewer: Viewer) -> FlaskClient:
        """A browser of ``viewer`` with the language cookie, joined to the match by its link."""
        key = (match.id, viewer)
        if key not in self.browsers:
            browser = self.app.test_client()
            browser.set_cookie("lang", self.lang)
            token = match.token(viewer)
            if token:
                browser.get(f"/m/{match.id}/join?token={token}", headers=self.headers)
            self.browsers[key] = browser
        return self.browsers[key]

    def page(self, path: str, viewer: Viewer = "public", match: Match | None = None) -> None:
        browser = self.browser(match, viewer) if match else self.public_browser()
        self.settled()
        response = browser.get(path, headers=self.headers)
        kind = response.mimetype or ""
        if kind == "text/html":
            text: Json = TextOf.lines(response.get_data(as_text=True))
        elif kind in ("text/csv", "text/plain", "application/json") or kind.endswith("+xml"):
            text = response.get_data(as_text=True).splitlines()
        else:
            text = f"<{kind}, {len(response.get_data())} bytes>"
        self.record["pages"].append({"page": path, "as": viewer,
                                     "status": response.status_code, "text": text})

    def public_browser(self) -> FlaskClient:
        key = (0, "public")
        if key not in self.browsers:
            browser = self.app.test_client()
            browser.set_cookie("lang", self.lang)
            self.browsers[key] = browser
        return self.browsers[key]

    def read_pages(self, match: Match, at: list[int] | None = None) -> None:
        """The match's pages as each viewer: the match page, the pad, the board, the moves,
        the table before some events."""
        base = f"/m/{match.id}"
        for viewer in self.viewers(match):
            if viewer != "seat 1":
                self.page(base, viewer, match)
            self.page(f"{base}/play", viewer, match)
        for seq in (at or [])[:2]:
            self.page(f"{base}?at={seq}", "host", match)
            self.page(f"{base}?at={seq}&as=public", "host", match)
            self.page(f"{base}?at={seq}", "seat 0", match)
        self.page(f"{base}/board", "public", match)
        self.page(f"{base}/moves", "host", match)
        self.page(f"{base}/what-if", "host", match)
        self.page(f"{base}/invite", "host", match)

    def read_stream(self, match: Match) -> None:
        """The public stream from the start (``after=0``): every event the log replays."""
        last = self.last_seq(match)

        def blocks(text: str) -> list[str]:
            return [b for b in text.split("\n\n")[:-1] if b.strip()]

        def enough(text: str) -> bool:
            told = [sse_block(b) for b in blocks(text)]
            return bool(told) and (last == 0 or int(told[-1].get("id", 0)) >= last)

        # the stream server sends it (the app server answers a stream's URL 503)
        status, text = read_stream(self.app, f"/api/matches/{match.id}/stream", "after=0",
                                   {**self.headers, "Accept": "text/event-stream"}, enough,
                                   STREAM_WAIT)
        events: list[Json] = [sse_block(b) for b in blocks(text)]
        self.record["streams"].append({"stream": f"/api/matches/{match.id}/stream?after=0",
                                       "status": status, "events": events})

    def csv(self, path: str) -> None:
        response = self.api.get(path, headers=self.headers)
        self.record["csv"].append({"csv": path, "status": response.status_code,
                                   "rows": response.get_data(as_text=True).splitlines()})

    def cli(self, *args: str) -> None:
        """A command as a French or English reader types it (LANG says which)."""
        runner = self.app.test_cli_runner()
        env = {"LC_ALL": None, "LC_MESSAGES": None,
               "LANG": "fr_FR.UTF-8" if self.lang == "fr" else "en_GB.UTF-8"}
        result = runner.invoke(cli_main, list(args), env=env)
        self.record["cli"].append({"command": " ".join(["referee", *args]),
                                   "exit_code": result.exit_code,
                                   "output": result.output.splitlines()})

    # --- the record, with what changes between runs replaced --------------------------------

    def normalised(self) -> Json:
        moments = self.moments()
        iso = IsoMoments(self.started)
        iso.update(moments)
        return shared(normalise(self.record, self.tokens, iso))

    def moments(self) -> dict[str, str]:
        """Each minute of the session as the pages write it, in this language and zone."""
        from referee.web.filters import when

        out: dict[str, str] = {}
        start = self.started.replace(second=0, microsecond=0) - timedelta(minutes=1)
        end = datetime.now(UTC) + timedelta(minutes=1)
        with self.app.test_request_context("/", headers=self.headers):
            minute = start
            while minute <= end:
                out[when(minute)] = "<time>"
                out[re.sub(r"\s+", " ", when(minute))] = "<time>"  # as the pages' text says it
                minute += timedelta(minutes=1)
        return out


class IsoMoments(dict[str, str]):
    """ISO times written during the session (from a minute before it began to now): ``in``
    parses the text and says whether it falls in that window."""

    def __init__(self, started: datetime) -> None:
        super().__init__()
        self.start = started - timedelta(minutes=1)
        self.end = datetime.now(UTC) + timedelta(minutes=1)

    def __contains__(self, text: object) -> bool:
        if not isinstance(text, str) or not text[:4].isdigit():
            return super().__contains__(text)
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            return False
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return self.start <= moment <= self.end


def shared(record: dict[str, list[Json]]) -> dict[str, list[Json]]:
    """The record with each answer or page text that repeats an earlier one (the same log
    read as host, seat and public) written ``{"same_as": N}``: the N-th entry of its list."""
    for part, key in (("answers", "answer"), ("pages", "text")):
        seen: dict[str, int] = {}
        for index, entry in enumerate(record[part]):
            said = json.dumps(entry[key], sort_keys=True, ensure_ascii=False)
            if isinstance(entry[key], dict | list) and said in seen:
                entry[key] = {"same_as": seen[said]}
            else:
                seen.setdefault(said, index)
    return record


def sse_block(block: str) -> dict[str, Any]:
    item: dict[str, Any] = {}
    for line in block.splitlines():
        if line.startswith(":"):
            item.setdefault("comments", []).append(line[1:].strip())
            continue
        name, _, value = line.partition(":")
        item[name] = value.strip()
    if "data" in item:
        item["data"] = json.loads(item["data"])
    return item


def normalise(data: Json, tokens: dict[str, str], moments: dict[str, str]) -> Json:
    """``data`` with tokens, uuids and times of this run replaced by placeholders (``moments``:
    the times of the run as the pages write them, and the ISO times logged during it)."""
    if isinstance(data, dict):
        return {key: normalise(value, tokens, moments) for key, value in data.items()}
    if isinstance(data, list):
        return [normalise(item, tokens, moments) for item in data]
    if isinstance(data, str):
        if data.startswith(BGSTATS) and "data=" in data:  # its JSON read, to find the times
            head, _, encoded = data.partition("data=")
            data = head + "data=" + unquote(encoded)
        for token, placeholder in tokens.items():
            if token in data:
                data = data.replace(token, placeholder)
        data = UUID.sub("<uuid>", data)
        data = ISO_TIME.sub(lambda m: "<time>" if m.group(0) in moments else m.group(0), data)
        for said, placeholder in moments.items():
            if not said[:4].isdigit() and said in data:
                data = data.replace(said, placeholder)
        return data
    return data
