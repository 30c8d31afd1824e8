"""udfs.core names no folder of the repository: a core module is given the file or folder it reads (the DDL in
sql/ibmsnap, a project's models) by a layer that may know the project's layout (udfs/render and above).

Checked on the source: no top-level folder name (sql, models, macros, docs, tests) joined into a path, and no
`REPO` or `source_root()` at module level (run at import). udfs/core/project.py, which locates the project itself
(JCAT_PROJECT_DIR, the checkout, a wheel's copy), is the one exception.
"""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import udfs

CORE = Path(udfs.__file__).resolve().parent / "core"
ALLOWED = {"project.py"}  # locates the project: the only core module that may
FOLDERS = ("sql", "models", "macros", "docs", "tests")
LOCATORS = ("source_root", "project_dir")


def _folder(node: ast.AST) -> str | None:
    """The top-level folder a string constant names as a path ("sql", "models/ibmsnap"), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        first = node.value.split("/", 1)[0]
        return first if first in FOLDERS else None
    return None


def _path_joins(tree: ast.AST):
    """(line, folder) for every `x / "sql"`, `"sql" / x`, Path("sql", ...) and x.joinpath("sql", ...)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            for side in (node.left, node.right):
                if _folder(side):
                    yield node.lineno, _folder(side)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in ("Path", "PurePath", "joinpath"):
                for arg in node.args:
                    if _folder(arg):
                        yield node.lineno, _folder(arg)


def _at_import(tree: ast.Module):
    """Every node run at import: the module's statements and class bodies, not function bodies."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _import_time_locators(tree: ast.Module):
    """(line, what) for `REPO` and `source_root()` / `project_dir()` run at import."""
    for node in _at_import(tree):
        if isinstance(node, ast.Name) and node.id == "REPO":
            yield node.lineno, "REPO"
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in LOCATORS:
                yield node.lineno, f"{name}()"


def offences(source: str, where: str) -> list[str]:
    tree = ast.parse(source, where)
    found = [(line, f"joins {folder!r} into a path") for line, folder in _path_joins(tree)]
    found += [(line, f"{what} at import") for line, what in _import_time_locators(tree)]
    return [f"{where}:{line}: {what}" for line, what in sorted(found)]


def test_no_core_module_names_a_repository_folder():
    found = []
    for path in sorted(CORE.rglob("*.py")):
        if path.relative_to(CORE).as_posix() in ALLOWED:
            continue
        found += offences(path.read_text(), str(path.relative_to(CORE.parent.parent)))
    assert found == [], "udfs.core takes the file or folder as an argument instead:\n" + "\n".join(found)


def test_the_check_sees_joins_and_import_time_locators():
    source = textwrap.dedent(
        """
        from pathlib import Path
        from .project import source_root

        REPO = source_root()
        SQL_DIR = REPO / "sql" / "ibmsnap"
        DOCS = Path("docs/ibmsnap.md")

        class Where:
            root = source_root()

        def later(root):
            return root.joinpath("models", "x"), source_root()  # the join counts; a call at run time does not
        """
    )
    assert offences(source, "m.py") == [
        "m.py:5: REPO at import",
        "m.py:5: source_root() at import",
        "m.py:6: REPO at import",
        "m.py:6: joins 'sql' into a path",
        "m.py:7: joins 'docs' into a path",
        "m.py:10: source_root() at import",
        "m.py:13: joins 'models' into a path",
    ]
    assert offences('NAME = "sql"\nPART = root / "ddl"\nf"{x}/models"\n', "ok.py") == []
