"""The `jcat` command (console script `jcat = udfs.cli:main`; also `python -m udfs.cli`)."""

from .commands import build_parser, main

__all__ = ["main", "build_parser"]
