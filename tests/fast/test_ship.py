"""The archive jcat ships to executors, and how it reads what executors report. No Spark."""

from __future__ import annotations

import subprocess
import sys

from udfs.spark.ship import NEEDED, archive, is_local, problems


def test_archive_is_built_once_per_content_and_imports_from_the_zip(tmp_path):
    a = archive(tmp_path)
    assert archive(tmp_path) == a and a.stat().st_mtime > 0
    assert len(list((tmp_path / "ship").glob("*.zip"))) == 1
    code = (
        f"import sys; sys.path.insert(0, {str(a)!r}); import ebcdic, udfs, udfs.core.kernels.ebcdic as k; "
        "assert ebcdic.__file__.startswith(sys.path[0]), ebcdic.__file__; "
        "assert udfs.__file__.startswith(sys.path[0]), udfs.__file__; "
        "print(k.decode_table(1047)[0x65], k.decode_table(1141)[0x4A], k.decode_table(37)[0xC1])"
    )
    r = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    # code pages 1047 and 1141 come from the ebcdic package in the zip (whose own registration finds no codec
    # there), 37 from Python: X'65' is Á in 1047, X'4A' is Ä in 1141 (German), X'C1' is A
    assert r.stdout.split() == ["\u00c1", "\u00c4", "A"]


def test_a_changed_file_gives_a_new_archive(tmp_path, monkeypatch):
    from udfs.spark import ship

    a = archive(tmp_path)
    extra = tmp_path / "pkg"
    extra.mkdir()
    (extra / "__init__.py").write_text("X = 1\n")
    real = ship._package_files
    monkeypatch.setattr(ship, "_package_files", lambda: real() + [("udfs/_x.py", extra / "__init__.py")])
    b = archive(tmp_path)
    assert b != a and b.exists()


def report(**kw):
    r = {
        "host": "h1",
        "python": "/usr/bin/python3",
        "version": f"{sys.version_info[0]}.{sys.version_info[1]}",
        "modules": {"pandas": "2.3.3", "pyarrow": "26.0.1", "numpy": "2.4.6"},
        "jcat": True,
    }
    r.update(kw)
    return r


def test_problems_name_what_is_missing_where():
    v = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert problems([report(), report()], v) == []
    got = problems([report(), report(host="h2", modules={"pandas": None, "pyarrow": "9.0.0", "numpy": "2.0"})], v)
    assert got == [f"/usr/bin/python3 on h2: no pandas, pyarrow 9.0.0 (needs >= {NEEDED['pyarrow']})"]
    assert problems([report(version="3.9")], v) == [f"/usr/bin/python3 on h1: Python 3.9 (the driver runs {v})"]
    assert "jcat does not import" in problems([report(jcat="ImportError: x")], v)[0]
    assert is_local("local[2]") and is_local(None) and not is_local("spark://h:7077") and not is_local("yarn")
