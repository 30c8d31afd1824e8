"""The layout of udfs/cli: one module per command, named for it (`jcat spark-conf` lives in udfs/cli/spark_conf.py,
its arguments beside it), and a package __init__ that only re-exports."""

from __future__ import annotations

import argparse
import ast
import importlib
from pathlib import Path

import udfs.cli
from udfs.cli import build_parser

CLI = Path(udfs.cli.__file__).resolve().parent


def command_names() -> list[str]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_every_command_and_its_arguments_live_in_the_module_named_for_it():
    from udfs.cli.registry import ARGUMENTS, COMMANDS

    names = command_names()
    assert names and sorted(names) == sorted(COMMANDS) == sorted(ARGUMENTS)
    for name in names:
        module = f"udfs.cli.{name.replace('-', '_')}"
        importlib.import_module(module)
        assert COMMANDS[name].__module__ == module, f"jcat {name} runs in {COMMANDS[name].__module__}, not {module}"
        assert ARGUMENTS[name].__module__ == module, f"jcat {name}'s arguments are in {ARGUMENTS[name].__module__}"


def test_the_package_init_only_reexports():
    tree = ast.parse((CLI / "__init__.py").read_text())
    for i, node in enumerate(tree.body):
        docstring = i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        reexport = isinstance(node, (ast.Import, ast.ImportFrom)) or (
            isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"]
        )
        assert docstring or reexport, f"udfs/cli/__init__.py line {node.lineno}: only imports and __all__ belong here"
