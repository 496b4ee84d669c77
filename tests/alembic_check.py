"""``referee db check`` on PostgreSQL, in a schema of its own on the test server: the models and
the migrations agree. Run by CI: ``python -m tests.pgcluster run -- python -m tests.alembic_check``.
"""

from __future__ import annotations

import os
import subprocess
import sys

from sqlalchemy import create_engine, text

from tests.pgcluster import DEFAULT_URL

SCHEMA = f"referee_ci_check_{os.getpid()}"


def main() -> int:
    server = os.environ.get("REFEREE_TEST_POSTGRES_URL", DEFAULT_URL)
    admin = create_engine(server)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{SCHEMA}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{SCHEMA}"'))
    separator = "&" if "?" in server else "?"
    env = {**os.environ, "DATABASE_URL": f"{server}{separator}options=-csearch_path%3D{SCHEMA}"}
    bin_dir = os.path.dirname(sys.executable)
    try:
        subprocess.run([os.path.join(bin_dir, "referee"), "db", "upgrade"], env=env, check=True)
        return subprocess.call([os.path.join(bin_dir, "referee"), "db", "check"], env=env)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{SCHEMA}" CASCADE'))
        admin.dispose()


if __name__ == "__main__":
    sys.exit(main())
