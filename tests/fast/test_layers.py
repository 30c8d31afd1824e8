"""The package's layers, checked on its source: no import cycles, no import from a lower layer to a higher one,
and udfs.core imports with pyspark, py4j and dbt blocked.

Imports inside functions count: they only move a cycle from import time to run time. Layers, bottom up:
core < render < spark < dbt < serve < demo, bench < cli (demo and bench import neither each other). A module
imports its own layer and the layers below it. udfs.core is data and kernels: no text a generator writes (Jinja,
YAML, the generated-file marker) appears in it. See CONTRIBUTING.md.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import udfs

PACKAGE = Path(udfs.__file__).resolve().parent
LAYERS = {"core": 0, "render": 1, "spark": 2, "dbt": 3, "serve": 4, "demo": 5, "bench": 5, "cli": 6}
TOP = LAYERS["spark"]  # udfs/__init__.py: only `register`, looked up lazily from udfs.spark
BLOCKED = ("pyspark", "py4j", "dbt")


def modules(package: Path) -> dict[str, Path]:
    """Dotted name -> file, for every .py file of the package."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = [package.name, *path.relative_to(package).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, int]]:
    """(module of the package, line) for every import in the file, at any depth, relative or absolute."""
    root = name.split(".")[0]
    here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import mod` imports the module pkg.mod; `from mod import name` imports mod
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module for a in node.names]
        else:
            continue
        for t in targets:
            if t == root or t.startswith(root + "."):
                while (
                    t not in known and "." in t
                ):  # `import udfs.core.kernels.batch as b` etc.: the deepest module known
                    t = t.rsplit(".", 1)[0]
                if t != name:
                    found.append((t, node.lineno))
    return found


def graph(package: Path) -> dict[str, list[tuple[str, int]]]:
    known = modules(package)
    return {name: imports(name, path, known) for name, path in known.items()}


def layer(name: str) -> tuple[int, str] | None:
    parts = name.split(".")
    if len(parts) == 1:
        return TOP, ""
    return (LAYERS[parts[1]], parts[1]) if parts[1] in LAYERS else None


def upward_imports(g: dict[str, list[tuple[str, int]]]) -> list[str]:
    bad = []
    for src, edges in sorted(g.items()):
        for dst, line in edges:
            (ls, ps), (ld, pd) = layer(src), layer(dst)
            if ld > ls or (ld == ls and ps != pd and ps and pd):
                bad.append(f"{src} (line {line}) imports {dst}: layer {pd or 'udfs'} is not below {ps or 'udfs'}")
    return bad


def cycles(g: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """Every strongly connected component of more than one module (Tarjan), each as a sorted list."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w, _ in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_every_module_is_in_a_layer():
    assert [m for m in modules(PACKAGE) if layer(m) is None] == [], f"add the folder to LAYERS: {sorted(LAYERS)}"


def test_no_import_goes_up_a_layer():
    assert upward_imports(graph(PACKAGE)) == []


def test_no_import_cycles():
    assert cycles(graph(PACKAGE)) == []


def test_the_checks_see_relative_absolute_and_in_function_imports(tmp_path):
    """The checker itself, on a package made for it: each violation must be found, or the tests above prove nothing."""
    pkg = tmp_path / "udfs"
    files = {
        "__init__.py": "",
        "core/__init__.py": "",
        "core/a.py": "from . import b\n",
        "core/b.py": "def f():\n    from .a import x\n",  # cycle a -> b -> a, hidden in a function
        "core/c.py": "def g():\n    import udfs.spark.s\n",  # upward, absolute, in a function
        "spark/__init__.py": "",
        "spark/s.py": "from ..core import a\nfrom ..cli import main\n",  # fine, then upward (relative)
        "demo/__init__.py": "from ..bench import run\n",  # sideways: demo and bench are one layer
        "bench/__init__.py": "run = 1\n",
        "cli/__init__.py": "main = 1\n",
    }
    for rel, text in files.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    g = graph(pkg)
    assert cycles(g) == [["udfs.core.a", "udfs.core.b"]]
    bad = upward_imports(g)
    assert [b.split(" ")[0] for b in bad] == ["udfs.core.c", "udfs.demo", "udfs.spark.s"], bad
    assert "imports udfs.cli" in bad[2] and "imports udfs.spark.s" in bad[0]


JINJA = ("{{", "{%", "{#")  # as a string holds them: an f-string's `{{` is one brace by then
RENDERING_MODULES = ("yaml", "jinja2", "udfs.render")
MARKERS = ("GENERATED by", "do not edit")


def rendering(path: Path) -> list[str]:
    """Each place in a module that renders text for dbt, YAML or a generated file: a string holding a Jinja
    delimiter or the generated-file marker, or an import of a YAML/Jinja writer or of udfs.render."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            hits = [t for t in JINJA + MARKERS if t in node.value]
            if hits:
                found.append(f"{path.name}:{node.lineno} a string holds {hits[0]!r}")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            for n in names:
                if any(n == m or n.startswith(m + ".") for m in RENDERING_MODULES):
                    found.append(f"{path.name}:{node.lineno} imports {n}")
    return found


# A user's declaration file (tables/<name>.yml) is data the core reads and writes, not a rendered file: its module
# alone may import yaml, and nothing else of the rendering.
DECLARATION_FILES = (PACKAGE / "core" / "tables" / "declaration_file.py",)


def test_core_renders_nothing():
    core = PACKAGE / "core"
    found = [hit for p in sorted(core.rglob("*.py")) for hit in rendering(p)]
    found = [hit for hit in found if not (hit.endswith(" imports yaml") and _in(hit, DECLARATION_FILES))]
    assert found == [], "move rendering to udfs/render: " + "; ".join(found[:20])


def _in(hit: str, files: tuple[Path, ...]) -> bool:
    return hit.split(":", 1)[0] in {f.name for f in files}


def test_the_declaration_files_module_imports_yaml_and_nothing_else_that_renders():
    (module,) = DECLARATION_FILES
    assert [hit.split(" ", 1)[1] for hit in rendering(module)] == ["imports yaml"]


def test_the_rendering_check_sees_jinja_yaml_and_markers(tmp_path):
    cases = {
        "jinja.py": "SQL = '{{ jcat_char(col, 1, 2) }}'\n",
        "fjinja.py": "def f(n):\n    return f\"{{{{ jcat_bin('record', {n}, 4) }}}}\"\n",
        "block.py": "X = '{%- macro m() -%}'\n",
        "yaml_writer.py": "import yaml\n",
        "marker.py": "M = 'GENERATED by `jcat generate`'\n",
        "render_import.py": "from udfs.render import markers\n",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        assert rendering(tmp_path / name), name
    (tmp_path / "clean.py").write_text("RE = '^[0-9]{4}$'\ndef g(n):\n    return f'x{{{n}}}'\n")
    assert rendering(tmp_path / "clean.py") == []


BLOCKER = textwrap.dedent("""
    import importlib, pkgutil, sys

    BLOCKED = {blocked!r}

    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError("blocked in udfs.core: " + name)
            return None

    sys.meta_path.insert(0, Block())
    import udfs.core
    names = ["udfs.core"] + [m.name for m in pkgutil.walk_packages(udfs.core.__path__, "udfs.core.")]
    for name in names:
        importlib.import_module(name)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    try:
        import pyspark  # the blocker must be live, or the imports above proved nothing
        print("BLOCKER-INACTIVE")
    except ImportError:
        pass
    print(len(names), loaded)
""")


def test_core_imports_with_pyspark_py4j_and_dbt_blocked():
    r = subprocess.run(
        [sys.executable, "-c", BLOCKER.format(blocked=BLOCKED)],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        cwd=PACKAGE.parent,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    expected = sum(1 for m in modules(PACKAGE) if m == "udfs.core" or m.startswith("udfs.core."))
    assert r.stdout.split("\n")[-2] == f"{expected} []", r.stdout
