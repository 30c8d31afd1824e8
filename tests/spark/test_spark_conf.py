"""`jcat spark-conf`: plain `spark-sql` (no Python, never imports jcat), given only what spark-conf printed, calls
the persistent `jcat.ebcdic_str` and `jcat.unpack_zoned`, reads the persistent `jcat.audit_journal_m7` view and
calls a declared table's `jcat.NAME_as_of` table function."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = [pytest.mark.long, pytest.mark.compat]  # one of the longest modules: started first (tests/conftest.py)

PYSPARK_DIR = Path(__import__("pyspark").__file__).resolve().parent

# A declared table's two views as a build leaves them (commit 01 at 12:00 inserts row 1, commit 02 at 13:00
# updates it), and its as_of function created by the build's own code.
AS_OF_SETUP = """from udfs.spark.changes import as_of
from udfs.spark.changes.store import ChangesStore
spark.sql("CREATE OR REPLACE VIEW jcat.asofprobe_changes AS SELECT * FROM VALUES "
          "('01', TIMESTAMP '2026-03-01 12:00:00'), ('02', TIMESTAMP '2026-03-01 13:00:00') "
          "AS t(COMMIT_POSITION, COMMIT_TIMESTAMP)")
spark.sql("CREATE OR REPLACE VIEW jcat.asofprobe_history AS SELECT * FROM VALUES "
          "(1, 'a', TIMESTAMP '2026-03-01 12:00:00', TIMESTAMP '2026-03-01 13:00:00', '01', '02'), "
          "(1, 'b', TIMESTAMP '2026-03-01 13:00:00', NULL, '02', NULL) "
          "AS t(K, V, VALID_FROM, VALID_TO, VALID_FROM_POSITION, VALID_TO_POSITION)")
as_of.create(ChangesStore(spark, "asofprobe"), ["K", "V"])"""
AS_OF_QUERIES = (
    "SELECT 'as_of 11:59', * FROM jcat.asofprobe_as_of(TIMESTAMP '2026-03-01 11:59:59'); "
    "SELECT 'as_of 12:30', * FROM jcat.asofprobe_as_of(TIMESTAMP '2026-03-01 12:30:00'); "
    "SET spark.sql.session.timeZone=America/New_York; "
    "SELECT 'as_of 12:59 in New York', * FROM jcat.asofprobe_as_of(TIMESTAMP '2026-03-01 12:59:59'); "
    "SELECT 'as_of 13:00 in New York', * FROM jcat.asofprobe_as_of(TIMESTAMP '2026-03-01 13:00:00'); "
)


@pytest.mark.spark
def test_plain_spark_reads_the_audit_journal_m7_view_and_sees_a_new_load_with_no_build(tmp_path):
    """The issue's end state: jcat lands and creates the view; a spark-sql process that never imports jcat (no
    Python at all, only what `jcat spark-conf` prints) reads jcat.audit_journal_m7, a VIEW, value for value as
    the Arrow kernels decode the same model SQL, decode_errors included; a load after the build shows up in it
    with no build (the jcat process reading before it and spark-sql after it: one JVM less than a load of its own)."""
    from udfs.core.layouts import qasym7j5
    from udfs.demo import ibmi

    home = tmp_path / "home"
    env = dict(os.environ, JCAT_HOME=str(home), PYSPARK_PYTHON=sys.executable)
    env.pop("DBT_TARGET_PATH", None), env.pop("DBT_LOG_PATH", None)
    files = ibmi.generate(tmp_path / "m7")
    good = qasym7j5.encode(ibmi.m7_entries()[0])
    bad = tmp_path / "m7" / "QAUDJRN_BAD.bin"
    bad.write_bytes(good[:74] + b"\xf0\xf1\x7b\xf3\xf4\xf5" + good[80:])  # JONBR: '#' among the zoned digits
    later = tmp_path / "m7" / "QAUDJRN_LATER.bin"
    later.write_bytes(b"".join(qasym7j5.encode(v) for v in ibmi.m7_entries()[:2]))
    query = "SELECT to_json(struct(*)) FROM (SELECT * FROM jcat.audit_journal_m7 ORDER BY source_file, record_offset)"
    setup = textwrap.dedent(f"""
        import json
        from udfs.dbt.runner import run_dbt
        from udfs.spark.landing.loader import load
        from udfs.spark.runtime import start
        spark = start(master="local[1]")
        assert load(spark, "qasym7j5", [{str(files["qasym7j5"][0])!r}, {str(bad)!r}]).ok
        assert run_dbt(spark, ["run", "--select", "audit_journal_m7"])
        view = [r[0] for r in spark.sql({query!r}).collect()]
        body = [r.data_type for r in spark.sql("DESCRIBE TABLE EXTENDED jcat.audit_journal_m7").collect()
                if r.col_name == "View Text"][0]
        arrow = body
        for name in ("ebcdic_str", "unpack_zoned", "unpack_packed", "unpack_bin", "parse_ibmi_timestamp"):
            arrow = arrow.replace("jcat." + name + "(", name + "(")  # the session's Arrow UDFs
        assert arrow != body
        spark.sql("CREATE TEMPORARY VIEW m7_arrow AS " + arrow)
        kernels = [r[0] for r in spark.sql({query!r}.replace("jcat.audit_journal_m7", "m7_arrow")).collect()]
        assert load(spark, "qasym7j5", [{str(later)!r}]).ok  # after the build, with none after it
        spark.catalog.refreshTable("jcat.raw_qasym7j5")
        later_rows = spark.sql({query!r}).count()
        {textwrap.indent(AS_OF_SETUP, " " * 8).lstrip()}
        print("RESULT " + json.dumps({{"view": view, "kernels": kernels, "later_rows": later_rows}}))
        spark.stop()
    """)
    r = subprocess.run(
        [sys.executable, "-c", setup], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=900
    )
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("RESULT ")]
    assert r.returncode == 0 and line, r.stdout[-2000:] + r.stderr[-3000:]
    import json

    got = json.loads(line[0][len("RESULT ") :])
    assert got["view"] == got["kernels"] and len(got["view"]) == len(ibmi.m7_entries()) + 1
    errors = {
        json.loads(v)["source_file"].rsplit("/", 1)[-1]: json.loads(v)["decode_errors"]
        for v in got["view"]
        if json.loads(v)["decode_errors"]
    }
    assert errors == {"QAUDJRN_BAD.bin": ["JOB_NUMBER"]}

    args = subprocess.run(
        [sys.executable, "-m", "udfs.cli", "spark-conf"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.split()
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "JCAT_HOME", "PYSPARK_PYTHON")}
    clean["SPARK_HOME"] = str(PYSPARK_DIR)

    def spark_sql(q: str) -> list[str]:
        p = subprocess.run(
            [str(PYSPARK_DIR / "bin" / "spark-sql"), *args, "--master", "local[1]", "-e", q],
            env=clean,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert p.returncode == 0, p.stderr[-3000:]
        return p.stdout.strip().splitlines()

    # one spark-sql process (each costs a JVM): the view, its kind, and two persistent functions called directly
    # (and described: the engine behind them)
    n = len(ibmi.m7_entries()) + 1
    plain = spark_sql(
        query
        + "; SHOW TABLE EXTENDED IN jcat LIKE 'audit_journal_m7'; "
        + AS_OF_QUERIES
        + "DESCRIBE FUNCTION EXTENDED jcat.unpack_zoned; "
        + "SELECT jcat.ebcdic_str(X'C1C2C3'), jcat.unpack_zoned(X'F1F2D3'), jcat.ebcdic_str(X'C8C5D3D3D6404040')"
    )
    # the compiled engine, its jar read from the warehouse by a process that never saw jcat's
    assert any(ln.startswith("Body:") and "jcat.unpack_zoned_jvm(b, sign)" in ln for ln in plain), plain
    rows = [ln for ln in plain[: n + 2] if ln.startswith("{")]
    assert got["later_rows"] == len(rows) == n + 2  # the later load, seen by both with no build
    assert [r for r in rows if "QAUDJRN_LATER" not in r] == got["view"]
    assert any("Type: VIEW" in ln for ln in plain)
    assert plain[-1].split("\t") == ["ABC", "-123", "HELLO"], plain[-1]
    # before the first commit nothing; at 12:30 commit 01's row; in a New York session the same wall clock
    assert [ln.split("\t") for ln in plain if ln.startswith("as_of ")] == [
        ["as_of 12:30", "1", "a"],
        ["as_of 12:59 in New York", "1", "a"],
        ["as_of 13:00 in New York", "1", "b"],
    ]
