"""Throwaway PostgreSQL servers from the machine's own binaries: a primary, and a streaming
replica of it. Used by the test command (when no server answers) and by the scale-out test.

Each server lives in a temporary directory, listens on 127.0.0.1 on a free port, trusts local
connections, and is stopped by its PID at the end. ``initdb`` refuses to run as root, so as
root the servers run as the ``postgres`` user; as anyone else, as that user.

    python -m tests.pgcluster run -- CMD...   # CMD with REFEREE_TEST_POSTGRES_URL answering
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg

DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
SUPERUSER = "postgres"
DATABASE = "test"


class SetupError(RuntimeError):
    """The machine lacks something and this process may not install it: the message says how."""


def is_root() -> bool:
    return os.geteuid() == 0


def apt_install(package: str, why: str) -> None:
    """Install a Debian package when running as root; otherwise stop with the command to run."""
    command = f"apt-get update && apt-get install -y {package}"
    if not is_root() or shutil.which("apt-get") is None:
        raise SetupError(f"{why}: install Debian's {package} first:\n    sudo sh -c "
                         f"'{command}'")
    print(f"== {why}: installing Debian's {package}", file=sys.stderr, flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-qq", package], check=True, env=env,
                   stdout=subprocess.DEVNULL)


def bin_dir(install: bool = True) -> Path:
    """The newest PostgreSQL server binaries on the machine, installed when missing."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"),
                   key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit()
                   else 0)
    if found:
        return found[-1].parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    if not install:
        raise SetupError("No PostgreSQL server binaries (initdb) on this machine")
    apt_install("postgresql", "No PostgreSQL server binaries (initdb) on this machine")
    return bin_dir(install=False)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def owner() -> str:
    """Who runs the servers: ``postgres`` when we are root (initdb will not run as root)."""
    return SUPERUSER if is_root() else pwd.getpwuid(os.geteuid()).pw_name


def as_owner(command: Sequence[str]) -> list[str]:
    if is_root():
        return ["runuser", "-u", SUPERUSER, "--", *command]
    return list(command)


def ensure_owner_exists() -> None:
    if not is_root():
        return
    try:
        pwd.getpwnam(SUPERUSER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", SUPERUSER], check=True)


@dataclass
class Server:
    """One running server: its port, its data directory and the PID that stops it."""

    bin: Path
    data: Path
    port: int
    log: Path

    @property
    def conninfo(self) -> str:
        return f"host=127.0.0.1 port={self.port} user={SUPERUSER} dbname={DATABASE}"

    def url(self, database: str = DATABASE) -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    @property
    def pid(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split()[0])
        except (FileNotFoundError, ValueError, IndexError):
            return None

    def start(self) -> None:
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.data.parent} "
                   "-c fsync=off -c full_page_writes=off -c max_connections=200")
        subprocess.run(as_owner([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                                 str(self.log), "-o", options, "-w", "-t", "60", "start"]),
                       check=True, stdout=subprocess.DEVNULL)

    def stop(self) -> None:
        """Fast shutdown by PID (SIGINT), waiting until the process is gone."""
        pid = self.pid
        if pid is None:
            return
        try:
            os.kill(pid, signal.SIGINT)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)
        os.kill(pid, signal.SIGKILL)


@contextmanager
def workspace() -> Iterator[Path]:
    """A temporary directory the servers' owner may write to; removed at the end."""
    path = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    try:
        if is_root():
            ensure_owner_exists()
            shutil.chown(path, SUPERUSER)
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def init_primary(root: Path, bin: Path) -> Server:
    data = root / "primary"
    subprocess.run(as_owner([str(bin / "initdb"), "-D", str(data), "-U", SUPERUSER,
                             "--auth=trust", "-E", "UTF8", "--locale=C"]),
                   check=True, stdout=subprocess.DEVNULL)
    server = Server(bin, data, free_port(), root / "primary.log")
    server.start()
    with psycopg.connect(f"host=127.0.0.1 port={server.port} user={SUPERUSER} "
                         "dbname=postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {DATABASE}")
    return server


def init_replica(root: Path, primary: Server) -> Server:
    """A hot standby streaming from ``primary`` (pg_basebackup -R writes the recovery set-up)."""
    data = root / "replica"
    subprocess.run(as_owner([str(primary.bin / "pg_basebackup"), "-h", "127.0.0.1", "-p",
                             str(primary.port), "-U", SUPERUSER, "-D", str(data), "-R",
                             "-X", "stream", "-c", "fast"]),
                   check=True, stdout=subprocess.DEVNULL)
    server = Server(primary.bin, data, free_port(), root / "replica.log")
    server.start()
    return server


@contextmanager
def primary_server() -> Iterator[Server]:
    binaries = bin_dir()
    with workspace() as root:
        server = init_primary(root, binaries)
        try:
            yield server
        finally:
            server.stop()


@contextmanager
def primary_and_replica() -> Iterator[tuple[Server, Server]]:
    binaries = bin_dir()
    with workspace() as root:
        primary = init_primary(root, binaries)
        replica: Server | None = None
        try:
            replica = init_replica(root, primary)
            yield primary, replica
        finally:
            if replica is not None:
                replica.stop()
            primary.stop()


def answers(url: str) -> bool:
    """Whether a PostgreSQL server accepts connections at this SQLAlchemy URL."""
    conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)
    try:
        with psycopg.connect(conninfo, connect_timeout=3):
            return True
    except psycopg.Error:
        return False


def run(command: Sequence[str]) -> int:
    """Run ``command`` with REFEREE_TEST_POSTGRES_URL answering: the one given when it does,
    else a throwaway server started here and stopped at the end."""
    backends = os.environ.get("REFEREE_TEST_DATABASES", "sqlite,postgresql")
    url = os.environ.get("REFEREE_TEST_POSTGRES_URL", DEFAULT_URL)
    if "postgresql" not in backends or answers(url):
        return subprocess.call(command)
    print(f"== no PostgreSQL answers at {url}: starting a throwaway server", file=sys.stderr,
          flush=True)
    with primary_server() as server:
        env = {**os.environ, "REFEREE_TEST_POSTGRES_URL": server.url()}
        print(f"== throwaway PostgreSQL at {server.url()} (PID {server.pid})", file=sys.stderr,
              flush=True)
        return subprocess.call(command, env=env)


def main(argv: Sequence[str]) -> int:
    if len(argv) < 3 or argv[0] != "run" or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    try:
        return run(argv[2:])
    except SetupError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
