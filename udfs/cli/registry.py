"""The commands of `jcat`: each command's module registers the function that runs it (`@command`) and the one that
adds its subparser and arguments (`@arguments`), beside each other; udfs/cli/parser.py builds the parser from them."""

from __future__ import annotations

import argparse
from collections.abc import Callable

COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {}
ARGUMENTS: dict[str, Callable] = {}  # each command's subparser, declared beside the command


def command(name: str):
    def wrap(fn):
        COMMANDS[name] = fn
        return fn

    return wrap


def arguments(name: str):
    """The function that adds command `name`'s subparser (and its arguments) to the subparsers it is given."""

    def wrap(fn):
        ARGUMENTS[name] = fn
        return fn

    return wrap
