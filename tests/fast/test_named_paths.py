"""Every repository path a doc or a docstring names exists: a module moved or renamed leaves no stale mention behind.

Read: the docstrings and comments of every Python file under udfs/ and tests/, and every markdown file of the
repository (README.md, CONTRIBUTING.md, docs/, sql/); not tests/data/, whose markdown is source material copied
in, nor what dbt, a build or a virtualenv writes. A path is a token that starts at one of the repository's
top-level directories (udfs/, tests/, models/, ...) or names a top-level file (README.md, pyproject.toml, ...);
one with a placeholder (`<name>`, `NAME`, `*`, `{...}`, `...`) is a template and is skipped, and so are the paths
that are not in the repository by design (ELSEWHERE: a user's project, a wheel's copy). A markdown link's target
is resolved against the page that holds it.
"""

from __future__ import annotations

import ast
import functools
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TOP_DIRS = ("udfs", "tests", "models", "macros", "docs", "sql", "integration_tests", "seeds")
TOP_FILES = (
    "README.md",
    "CONTRIBUTING.md",
    "pyproject.toml",
    "setup.py",
    "dbt_project.yml",
    "profiles.yml",
    "MANIFEST.in",
)
SKIPPED_DIRS = {".git", ".venv", ".jcat", "target", "dbt_packages", "logs", "build", "dist", "__pycache__"}
SKIPPED_UNDER = ("tests/data/",)  # source material copied in: its paths are its authors'

# What a path is made of; it ends before trailing punctuation, and a placeholder in it makes it a template.
_PATH_CHARS = r"[\w.<>*{}\-/]"
_PATH = re.compile(
    r"(?<![\w./\-$~])"  # not the tail of a longer path, URL, dotted name, $VAR/... or ~/...
    r"((?:" + "|".join(map(re.escape, TOP_DIRS)) + r")/" + _PATH_CHARS + r"*"
    r"|(?:" + "|".join(map(re.escape, TOP_FILES)) + r"))"
    r"(?![\w\-/])"
)
_TEMPLATE = re.compile(r"[<>*{}]|\.\.\.|(?<![A-Za-z])(?:NAME|FILE|DIR|TABLE|LAYOUT|X+)(?![A-Za-z])")
_LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")  # a markdown link's target, without its anchor

# Paths that are not in this repository by design: in a user's dbt project (`jcat tables add` writes them there;
# integration_tests/ has its own), and the copy of the project a wheel installs beside the package (setup.py).
ELSEWHERE = ("models/jcat_tables", "macros/jcat_tables", "udfs/_project")


def path_tokens(text: str) -> list[str]:
    """The repository paths a text names, templates left out, trailing punctuation cut."""
    out = []
    for m in _PATH.finditer(text):
        token = m.group(1).rstrip(".,:;")
        if _TEMPLATE.search(token) or token.startswith(ELSEWHERE):
            continue
        out.append(token)
    return out


def link_targets(text: str) -> list[str]:
    """A markdown page's relative link targets (no URL, no anchor-only link)."""
    return [t for t in _LINK.findall(text) if "://" not in t and not t.startswith("mailto:")]


def _comment_start(line: str) -> int | None:
    """Where a line's comment starts: its first `#` outside a quoted string, or None."""
    quote = None
    for i, ch in enumerate(line):
        if quote:
            if ch == "\\":
                continue
            if ch == quote and line[i - 1] != "\\":
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#":
            return i
    return None


def _docstring_lines(tree: ast.Module) -> set[int]:
    """The lines of every module, class and function docstring (statements only are walked: docstrings are
    statements, and a file's expressions outnumber its statements many times)."""
    out, todo = set(), [tree]
    while todo:
        node = todo.pop()
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        first = body[0] if body else None
        if (
            isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            out.update(range(first.lineno, first.end_lineno + 1))
        todo += [
            s for s in body + getattr(node, "orelse", []) + getattr(node, "finalbody", []) if isinstance(s, ast.stmt)
        ]
        todo += [h for h in getattr(node, "handlers", [])]
    return out


def python_texts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of the docstrings and comments of a Python file that name a path: a docstring's line whole, a
    comment from its `#` on."""
    source = path.read_text()
    lines = source.splitlines()
    candidates = sorted({source.count("\n", 0, m.start()) + 1 for m in _PATH.finditer(source)})
    if not candidates:
        return []
    docs = _docstring_lines(ast.parse(source))
    out = []
    for n in candidates:
        line = lines[n - 1]
        hash_at = _comment_start(line)
        if n in docs:
            out.append((n, line))
        elif hash_at is not None:
            out.append((n, line[hash_at:]))
    return out


def _walk(suffix: str, under: tuple[str, ...] | None = None) -> list[Path]:
    """The repository's files ending in `suffix` (under the top-level directories `under`), pruning as it goes:
    a virtualenv or a dbt target holds far more files than the repository."""
    out = []
    for top, dirs, files in os.walk(ROOT):
        rel = Path(top).relative_to(ROOT)
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in SKIPPED_DIRS
            and not d.startswith(".")
            and not f"{(rel / d).as_posix()}/".startswith(SKIPPED_UNDER)
            and (under is None or rel.parts or d in under)
        )
        if under is None or rel.parts:
            out += [Path(top) / f for f in sorted(files) if f.endswith(suffix)]
    return out


@functools.cache
def named_paths() -> list[tuple[str, int, str, Path]]:
    """(file, line, token, the path it names) for every path named in a docstring, a comment or a markdown page."""
    out = []
    for path in _walk(".py", under=("udfs", "tests")):
        rel = path.relative_to(ROOT).as_posix()
        for line, text in python_texts(path):
            out += [(rel, line, t, ROOT / t) for t in path_tokens(text)]
    for path in _walk(".md"):
        rel = path.relative_to(ROOT).as_posix()
        for i, chunk in enumerate(path.read_text().splitlines(), 1):
            out += [(rel, i, t, ROOT / t) for t in path_tokens(chunk)]
            out += [(rel, i, t, path.parent / t) for t in link_targets(chunk)]
    return out


def test_every_path_a_doc_or_docstring_names_exists():
    stale = [f"{file}:{line}: {token}" for file, line, token, target in named_paths() if not target.exists()]
    assert not stale, "named but not in the repository:\n" + "\n".join(stale)


def test_the_texts_read_name_paths():
    """The walk finds what it is meant to read: a check that read nothing would pass on anything."""
    files = {file for file, *_ in named_paths()}
    assert {"README.md", "CONTRIBUTING.md", "udfs/core/__init__.py"} <= files
    assert any(f.startswith("docs/") for f in files) and any(f.startswith("tests/") for f in files)


@pytest.mark.parametrize(
    "text, paths",
    [
        ("rendered by udfs/render/ibmi_esd.py (`jcat generate`).", ["udfs/render/ibmi_esd.py"]),
        ("see `tests/fast/test_layers.py`, and docs/bench.md.", ["tests/fast/test_layers.py", "docs/bench.md"]),
        ("the models under models/ibmi/esd/, then macros/jcat_fn.sql:", ["models/ibmi/esd/", "macros/jcat_fn.sql"]),
        ("in sql/ibmsnap; README.md says so", ["sql/ibmsnap", "README.md"]),
        ("one line per model: models/<area>/<model>.sql", []),
        ("a layout: udfs/core/layouts/<name>.py, tests/spark/test_*.py", []),
        ("declared as tables/NAME.yml in models/jcat_tables/NAME.sql", []),
        ("udfs.core.catalog, http://x.org/docs/a.md, ~/docs/x.md, $JCAT_HOME/models/x.sql", []),
        ("../udfs/core/kinds.py and a/tests/x.py", []),
        ("integration_tests/models/integration_actual.sql.", ["integration_tests/models/integration_actual.sql"]),
    ],
)
def test_path_tokens_are_the_repository_paths_a_text_names(text, paths):
    assert path_tokens(text) == paths


@pytest.mark.parametrize(
    "token, exists",
    [
        ("udfs/core/kinds.py", True),
        ("udfs/core/no_such_module.py", False),  # a stale path fails the check
        ("docs/bench.md", True),
        ("docs/benchmark.md", False),
        ("models/ibmi/esd/", True),
    ],
)
def test_a_stale_path_is_found(token, exists):
    assert path_tokens(f"as `{token}` says") == [token]
    assert (ROOT / token).exists() is exists


def test_a_markdown_link_is_resolved_against_its_page():
    assert link_targets("see [the layout](ibmi_esd.md#fields), [IBM](https://ibm.com/x.md)") == ["ibmi_esd.md"]


def test_only_docstrings_and_comments_of_a_python_file_are_read(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(
        '"""Rendered from udfs/core/a.py."""\n'
        'PATH = "udfs/core/b.py"  # see udfs/core/c.py\n'
        "SQL = 'x # udfs/core/d.py'\n"
        "\n"
        "def f():\n"
        '    """Read by tests/fast/e.py."""\n'
    )
    assert [(n, path_tokens(text)) for n, text in python_texts(module)] == [
        (1, ["udfs/core/a.py"]),
        (2, ["udfs/core/c.py"]),
        (6, ["tests/fast/e.py"]),
    ]
