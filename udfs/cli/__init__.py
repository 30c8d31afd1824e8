"""The `jcat` command (console script `jcat = udfs.cli:main`; also `python -m udfs.cli`): one module per command,
udfs/cli/<command>.py; main in udfs/cli/main.py."""

from .main import main
from .parser import build_parser

__all__ = ["main", "build_parser"]
