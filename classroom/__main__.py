"""Command line: ``python -m classroom backup FILE`` and ``python -m classroom restore FILE``.

The database is the app's: ``--database URL``, else ``MAUBINH_DATABASE_URL``, else ``[connections.classroom]
url`` in ``.streamlit/secrets.toml`` (of the current folder, then of the home folder, as Streamlit reads it),
else the SQLite file ``data/classroom.sqlite`` (:mod:`classroom.database`). What each does and refuses:
:mod:`classroom.backup`. Exit status 0 when done, 2 when refused (the message on stderr says why).
"""

from __future__ import annotations

import argparse
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path

from classroom.backup import BackupError, backup, restore
from classroom.database import DATABASE_ENV, database_url

SECRETS = (Path(".streamlit") / "secrets.toml", Path.home() / ".streamlit" / "secrets.toml")
"""Streamlit's secrets files, read in this order for ``[connections.classroom] url``."""


def secrets_url(files: Sequence[Path] = SECRETS) -> str | None:
    """``[connections.classroom] url`` of the first of ``files`` that sets it, else ``None``."""
    for file in files:
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            continue
        url = data.get("connections", {}).get("classroom", {}).get("url")
        if isinstance(url, str) and url.strip():
            return url
    return None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m classroom", description="The classroom database.")
    commands = parser.add_subparsers(dest="command", required=True)
    where = f"database URL (default: {DATABASE_ENV}, Streamlit's secrets, else data/classroom.sqlite)"
    saving = commands.add_parser("backup", help="back the database up to a new file, while the app runs")
    saving.add_argument("file", type=Path, help="the backup file to write (must not exist)")
    saving.add_argument("--database", help=where)
    loading = commands.add_parser("restore", help="restore a backup into an empty database (the app stopped)")
    loading.add_argument("file", type=Path, help="a file written by backup")
    loading.add_argument("--database", help=where)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 done, 2 refused)."""
    args = _parser().parse_args(argv)
    url = database_url(args.database or os.environ.get(DATABASE_ENV) or secrets_url())
    try:
        if args.command == "backup":
            done = backup(url, args.file)
            print(f"backed up {done.database} to {done.file} ({done.size:,} bytes)")
        else:
            done = restore(url, args.file)
            print(f"restored {done.file} into {done.database}; start the app on it")
    except BackupError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
