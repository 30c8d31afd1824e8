"""Installing the persistent functions: versioned by hash, cheap when unchanged, a changed result type recreates
the views that call the function; `jcat functions --sql` prints DDL that Spark runs."""

from __future__ import annotations

import pytest

from udfs import __version__
from udfs.render import sql_functions as sf

pytestmark = pytest.mark.compat  # also on every end of the supported versions (.ci/run)

SCHEMA = "jcat_install_test"


@pytest.mark.spark
def test_session_start_installed_the_functions_and_a_second_check_is_one_read(spark, monkeypatch):
    from udfs.spark import function_install as inst

    assert inst.stored_state(spark) == sf.catalog_hash(__version__)
    calls = []
    real_sql = spark.sql
    monkeypatch.setattr(spark, "sql", lambda q, *a, **k: (calls.append(q), real_sql(q, *a, **k))[1])
    assert inst.ensure_installed(spark).skipped
    assert len(calls) == 1 and calls[0].startswith("DESCRIBE SCHEMA")


@pytest.mark.spark
def test_install_replaces_only_what_differs_and_recreates_views_on_a_new_result_type(spark):
    from udfs.spark import function_install as inst

    spark.sql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
    try:
        first = inst.install(spark, SCHEMA)
        assert sorted(first.created) == sorted(f.name for f in sf.PER_FIELD) and not first.replaced
        again = inst.install(spark, SCHEMA)
        assert not again.created and not again.replaced and len(again.unchanged) == len(sf.PER_FIELD)

        # An older jcat wrote unpack_bin returning INT; a view calls it.
        spark.sql(
            f"CREATE OR REPLACE FUNCTION {SCHEMA}.unpack_bin(b BINARY, signed BOOLEAN DEFAULT true) RETURNS INT "
            f"COMMENT 'old [jcat 0.0.1 0000000000000000]' RETURN 7"
        )
        spark.sql(
            f"CREATE OR REPLACE VIEW {SCHEMA}.v_bin (v COMMENT 'a column comment') AS "
            f"SELECT {SCHEMA}.unpack_bin(X'FFFE') AS v"
        )
        assert spark.table(f"{SCHEMA}.v_bin").schema["v"].dataType.simpleString() == "int"
        spark.sql(f"ALTER SCHEMA {SCHEMA} SET DBPROPERTIES ('{inst.STATE_PROPERTY}' = 'stale')")
        # a view of another schema calling that schema's function of the same name is not ours to recreate
        spark.sql("CREATE SCHEMA IF NOT EXISTS jcat_test_other")
        spark.sql("CREATE OR REPLACE FUNCTION jcat_test_other.unpack_bin(b BINARY) RETURNS INT RETURN 5")
        spark.sql("CREATE OR REPLACE VIEW jcat_test_other.v_other AS SELECT jcat_test_other.unpack_bin(X'00') AS v")

        third = inst.ensure_installed(spark, SCHEMA)
        assert third.replaced == ["unpack_bin"] and not third.created
        assert third.views_recreated == [f"`{SCHEMA}`.`v_bin`"]
        view = spark.table(f"{SCHEMA}.v_bin")
        assert view.schema["v"].dataType.simpleString() == "bigint"
        assert view.collect()[0].v == -2
        assert view.schema["v"].metadata.get("comment") == "a column comment"
        assert inst.stored_state(spark, SCHEMA) == sf.catalog_hash(__version__)
    finally:
        spark.sql(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE")
        spark.sql("DROP SCHEMA IF EXISTS jcat_test_other CASCADE")


@pytest.mark.spark
def test_printed_ddl_runs_in_spark(spark):
    schema = "jcat_ddl_test"
    try:
        for stmt in (
            sf.ddl_script(__version__)
            .replace("jcat.", f"{schema}.")
            .replace("SCHEMA IF NOT EXISTS jcat;", f"SCHEMA IF NOT EXISTS {schema};")
            .split(";\n")
        ):
            body = "\n".join(ln for ln in stmt.splitlines() if not ln.startswith("--")).strip().rstrip(";")
            if body:
                spark.sql(body)
        # The script SETs Java's legacy charsets; a caller without that setting (Spark refuses IBM037 there)
        # still calls the functions: the setting is stored with each of them.
        spark.conf.set("spark.sql.legacy.javaCharsets", "false")
        with pytest.raises(Exception, match="IBM037"):
            spark.sql("SELECT decode(X'C1', 'IBM037')").collect()
        assert spark.sql(f"SELECT {schema}.ebcdic_str(X'C8C5D3D3D640') AS v").collect()[0].v == "HELLO"
        ts = spark.sql(
            f"SELECT {schema}.parse_ibmi_timestamp(X'F2F0F2F460F0F260F2F960F1F24BF3F44BF5F64BF1F2F3F4F5F6') AS v"
        )
        assert str(ts.collect()[0].v) == "2024-02-29 12:34:56.123456"
    finally:
        spark.conf.unset("spark.sql.legacy.javaCharsets")
        spark.sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.mark.spark
def test_dbt_on_run_start_hook_installs_when_the_catalog_changed(spark):
    from udfs.dbt.runner import run_dbt
    from udfs.spark import function_install as inst

    spark.sql("DROP FUNCTION IF EXISTS jcat.parse_tod")
    spark.sql(f"ALTER SCHEMA jcat SET DBPROPERTIES ('{inst.STATE_PROPERTY}' = 'stale')")
    assert not spark.catalog.functionExists("jcat.parse_tod")
    # any dbt command with hooks: one unit test, which needs no landed table
    assert run_dbt(spark, ["test", "--select", "test_type:unit,lldf_committed_changes"])
    assert inst.stored_state(spark) == sf.catalog_hash(__version__)
    r = spark.sql("SELECT CAST(jcat.parse_tod(X'CA670FBBF3D30000') AS STRING) v").collect()[0]
    assert r.v == "2012-10-31 20:25:10.690096"
    # the hook's SQL bodies were not chosen: jcat's next start puts the compiled engine back
    assert inst.stored_state(spark, "jcat", inst.ENGINE_PROPERTY) == "sql-dbt"
    again = inst.ensure_installed(spark)
    assert again.engine == "jvm" and len(again.replaced) == len(sf.PER_FIELD)
    assert inst.stored_state(spark, "jcat", inst.ENGINE_PROPERTY) == f"jvm-{inst.jar_hash()}"


def _body(spark, schema: str, name: str) -> str:
    rows = [r[0] for r in spark.sql(f"DESCRIBE FUNCTION EXTENDED {schema}.{name}").collect()]
    return next(r for r in rows if r.startswith("Body:"))


@pytest.mark.spark
def test_the_engine_is_chosen_at_install_kept_at_start_and_switched_without_touching_views(spark, monkeypatch):
    """jvm: each jcat.NAME calls its compiled twin NAME_jvm, from the jar copied into the warehouse under its content
    hash; sql: the bodies, and the twins dropped. A view calling jcat.NAME reads the same rows under either, and
    is never recreated. A session with no engine set keeps the one installed (sql, once chosen)."""
    from udfs.render import jvm_functions as jf
    from udfs.spark import function_install as inst

    schema = "jcat_engine_test"
    spark.sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    monkeypatch.delenv("SPARK_CONF_DIR", raising=False)
    try:
        jvm = inst.install(spark, schema, engine="jvm")
        assert jvm.engine == "jvm" and len(jvm.created) == len(sf.PER_FIELD)
        assert _body(spark, schema, "ebcdic_str").endswith(f"{schema}.ebcdic_str_jvm(b, ccsid)")
        assert spark.catalog.functionExists(f"{schema}.parse_tod_jvm")
        jar = inst.warehouse_jar(spark)
        assert jar.startswith("file:") and jar.endswith(f"/jcat_jars/jcat-functions-{inst.jar_hash()}.jar")
        assert inst.stored_state(spark, schema, inst.ENGINE_PROPERTY) == f"jvm-{inst.jar_hash()}"
        spark.sql(
            f"CREATE OR REPLACE VIEW {schema}.v AS SELECT {schema}.ebcdic_str(X'C8C5D3D3D640') AS t, "
            f"CAST({schema}.parse_tod(X'CA670FBBF3D30000') AS STRING) AS ts"
        )
        want = [("HELLO", "2012-10-31 20:25:10.690096")]
        assert [tuple(r) for r in spark.table(f"{schema}.v").collect()] == want

        to_sql = inst.install(spark, schema, engine="sql")
        assert to_sql.engine == "sql" and len(to_sql.replaced) == len(sf.PER_FIELD) and not to_sql.views_recreated
        assert "_jvm" not in _body(spark, schema, "ebcdic_str")
        assert not any(spark.catalog.functionExists(f"{schema}.{jf.jvm_name(fn)}") for fn in sf.PER_FIELD)
        assert [tuple(r) for r in spark.table(f"{schema}.v").collect()] == want
        assert inst.ensure_installed(spark, schema).skipped  # no engine set: sql stays

        spark.conf.set(jf.ENGINE_CONF, "jvm")
        back = inst.ensure_installed(spark, schema)
        assert back.engine == "jvm" and len(back.replaced) == len(sf.PER_FIELD)
        assert [tuple(r) for r in spark.table(f"{schema}.v").collect()] == want
        spark.conf.set(jf.ENGINE_CONF, "cobol")
        with pytest.raises(ValueError, match="the engines are jvm, sql"):
            inst.ensure_installed(spark, schema)
    finally:
        spark.conf.unset(jf.ENGINE_CONF)
        spark.sql(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.mark.spark
def test_the_compiled_functions_read_strict_mode_and_name_the_bytes(spark):
    """spark.jcat.strict reaches the GenericUDFs as it reaches the Arrow UDFs: undecodable bytes are an error naming
    the function, the bytes and the reason (the SQL bodies cannot read it and give NULL)."""
    from udfs.spark import function_install as inst

    assert inst.ensure_installed(spark).engine == "jvm"  # as jcat's start left it (or a test before this one)
    # over range(): evaluated in a task (a VALUES list is evaluated by the driver's optimizer), so the error
    # crosses from the executor, where the driver's class loader has not loaded the jar
    query = "SELECT jcat.ebcdic_str(IF(id = 0, X'C1C2', X'41'), 1208) AS v FROM range(2) ORDER BY id"
    assert [r.v for r in spark.sql(query).collect()] == [None, "A"]
    spark.conf.set("spark.jcat.strict", "true")
    try:
        with pytest.raises(Exception, match=r"ebcdic_str: cannot decode X'C1C2': not well-formed in CCSID 1208"):
            spark.sql(query).collect()
    finally:
        spark.conf.unset("spark.jcat.strict")
