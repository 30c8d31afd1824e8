"""The catalog from Spark SQL: registration, every golden row, the registry's examples, NULLs, strict mode."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

import pytest
from support.golden import BINARY_ARGS, GOLDEN, is_string_arg

from udfs import register
from udfs.core.catalog import CATALOG, STRICT_CONF

pytestmark = [pytest.mark.spark, pytest.mark.compat]  # compat: also on every end of the supported versions (.ci/run)


def _literal(fn: str, i: int, a) -> str:
    if a is None:
        return (
            "CAST(NULL AS BINARY)"
            if i in BINARY_ARGS[fn]
            else ("CAST(NULL AS STRING)" if is_string_arg(fn, i) else "CAST(NULL AS INT)")
        )
    if i in BINARY_ARGS[fn]:
        return f"X'{a}'"
    if isinstance(a, str):
        return "'" + a + "'"
    if isinstance(a, bool):
        return "true" if a else "false"
    return str(a)


def test_register_is_idempotent_and_returns_every_name(spark):
    names = register(spark)
    assert names == register(spark) == [f.name for f in CATALOG]
    listed = {r.function for r in spark.sql("SHOW USER FUNCTIONS").collect()}
    assert {n for n in names} <= {x.split(".")[-1] for x in listed}


def test_every_golden_row_from_sql(spark):
    """One query per (function, arity): all rows of the function as a VALUES table."""
    groups = defaultdict(list)
    for fn, args, expected in GOLDEN:
        groups[(fn, len(args))].append((args, expected))
    for (fn, arity), rows in groups.items():
        values = ", ".join(
            "(" + ", ".join([str(i)] + [_literal(fn, j, a) for j, a in enumerate(args)]) + ")"
            for i, (args, _) in enumerate(rows)
        )
        cols = ", ".join(f"a{j}" for j in range(arity))
        got = spark.sql(f"SELECT i, {fn}({cols}) AS v FROM VALUES {values} AS t(i, {cols}) ORDER BY i").collect()
        assert [r.v for r in got] == [e for _, e in rows], fn


def test_registry_examples_from_sql(spark):
    for fn in CATALOG:
        for ex in fn.examples:
            value = spark.sql(f"SELECT CAST({ex.sql} AS STRING) AS v").collect()[0].v
            assert value == ex.result, ex.sql


def test_result_types_match_the_registry(spark):
    for fn in CATALOG:
        call = f"{fn.name}(X'00')" if fn.returns.startswith("STRUCT<") else fn.examples[0].sql
        got = spark.sql(f"SELECT {call} AS v").schema["v"].dataType.simpleString()
        assert got.replace(" ", "").lower() == fn.returns.replace(" ", "").lower(), fn.name


def test_wall_clock_values_ignore_session_time_zone(spark):
    q = (
        "SELECT CAST(parse_ibmi_timestamp(X'F2F0F2F460F0F260F2F960F1F24BF3F44BF5F64BF1F2F3F4F5F6') AS STRING) a, "
        "CAST(parse_timestamp17(X'2024022923595912345678901200000000') AS STRING) b, "
        "CAST(parse_lrsn(X'CA670FBBF3D3') AS STRING) c"
    )
    try:
        spark.conf.set("spark.sql.session.timeZone", "America/New_York")
        ny = spark.sql(q).collect()[0]
    finally:
        spark.conf.set("spark.sql.session.timeZone", "UTC")
    utc = spark.sql(q).collect()[0]
    assert ny.a == utc.a == "2024-02-29 12:34:56.123456"
    assert ny.b == utc.b == "2024-02-29 23:59:59.123456"
    # an instant is shown in the session zone: same instant, different wall clock
    assert utc.c == "2012-10-31 20:25:10.690096" and ny.c == "2012-10-31 16:25:10.690096"


def test_functions_over_a_table_of_records(spark):
    """Fields cut with substr from fixed-length records, NULL records included."""
    from udfs.core.layouts import qasym7j5

    rec = qasym7j5.encode(
        {"JOJOB": "PAYROLL", "JONBR": 123456, "RULE_ID_8": 2**40, "JOTSTP": dt.datetime(2024, 1, 2, 3, 4, 5, 6)}
    )
    df = spark.createDataFrame([(1, rec), (2, None)], "n INT, record BINARY")
    df.createOrReplaceTempView("golden_records")
    rows = spark.sql("""
        SELECT n, ebcdic_str(substr(record, 55, 10)) job, unpack_zoned(substr(record, 75, 6)) nbr,
               unpack_bin(substr(record, 856, 8)) rule, parse_ibmi_timestamp(substr(record, 29, 26)) ts
        FROM golden_records ORDER BY n""").collect()
    assert (rows[0].job, int(rows[0].nbr), rows[0].rule) == ("PAYROLL", 123456, 2**40)
    assert rows[0].ts == dt.datetime(2024, 1, 2, 3, 4, 5, 6)
    assert (rows[1].job, rows[1].nbr, rows[1].rule, rows[1].ts) == (None, None, None, None)


@pytest.mark.parametrize(
    "expr,function,hexed",
    [
        ("unpack_zoned(X'F1FA')", "unpack_zoned", "F1FA"),
        ("unpack_packed(X'1A3C')", "unpack_packed", "1A3C"),
        ("unpack_bin(X'000000000000000001')", "unpack_bin", "000000000000000001"),
        (
            "parse_timestamp17(X'2023022900000000000000000000000000')",
            "parse_timestamp17",
            "2023022900000000000000000000000000",
        ),
        ("parse_ibmi_timestamp(X'4040')", "parse_ibmi_timestamp", "4040"),
        ("parse_lrsn(X'CA67')", "parse_lrsn", "CA67"),
        ("ibmi_date(X'F2F0', '*ISO')", "ibmi_date", "F2F0"),
        ("ibmi_time(X'F2F54BF0F04BF0F0', '*ISO')", "ibmi_time", "F2F54BF0F04BF0F0"),
        ("unpack_float(X'3FC000')", "unpack_float", "3FC000"),
        ("ibmi_varchar(X'0005C1')", "ibmi_varchar", "0005C1"),
        ("ibmi_varbinary(X'0005C1')", "ibmi_varbinary", "0005C1"),
    ],
)
def test_strict_mode_names_function_and_bytes(spark, expr, function, hexed):
    assert spark.sql(f"SELECT {expr} v").collect()[0].v is None  # lenient by default
    spark.sql(f"SET {STRICT_CONF}=true")
    try:
        with pytest.raises(Exception) as err:
            spark.sql(f"SELECT {expr} v").collect()
    finally:
        spark.sql(f"SET {STRICT_CONF}=false")
    assert f"{function}: cannot decode X'{hexed}'" in str(err.value)


def test_unsupported_ccsid_lists_the_supported_ones(spark):
    with pytest.raises(Exception) as err:
        spark.sql("SELECT ebcdic_str(X'C1', 1209)").collect()
    assert "CCSID 1209 is not supported" in str(err.value) and "1047" in str(err.value) and "1208" in str(err.value)


def test_wrong_argument_count_is_a_clear_error(spark):
    with pytest.raises(Exception) as err:
        spark.sql("SELECT unpack_packed(X'1C', 1, 2)").collect()
    assert "unpack_packed takes 1 to 1 arguments, got 3" in str(err.value)
