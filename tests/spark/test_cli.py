"""The `jcat` command: output formats, clear errors, the console script."""

from __future__ import annotations

import json

import pytest

from udfs.cli import main


@pytest.mark.spark
def test_sql_json_prints_one_object_per_row(spark, capsys):
    q = "SELECT * FROM VALUES (1, X'C1C2'), (2, X'F1F2D3') AS t(n, b) ORDER BY n"
    assert (
        main(
            [
                "sql",
                f"SELECT n, ebcdic_str(b) s, unpack_zoned(b) z, b, parse_lrsn(X'CA670FBBF3D3') ts FROM ({q})",
                "--format",
                "json",
            ]
        )
        == 0
    )
    lines = capsys.readouterr().out.strip().splitlines()
    rows = [json.loads(line) for line in lines]
    assert rows == [
        {"n": 1, "s": "AB", "z": None, "b": "C1C2", "ts": "2012-10-31T20:25:10.690096"},
        {"n": 2, "s": "12L", "z": -123, "b": "F1F2D3", "ts": "2012-10-31T20:25:10.690096"},
    ]


@pytest.mark.spark
def test_sql_csv_has_header_and_empty_null_and_table_has_header_and_row_count(spark, capsys):
    assert main(["sql", "SELECT ebcdic_str(X'C1') a, CAST(NULL AS STRING) b", "--format", "csv"]) == 0
    assert capsys.readouterr().out == "a,b\nA,\n"
    assert main(["sql", "SELECT ebcdic_str(X'C1') a"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "a" and "(1 row)" in out


@pytest.mark.spark
def test_bad_query_is_one_line_without_stack_trace(spark, capsys):
    assert main(["sql", "SELECT no_such_column FROM no_such_table"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("jcat: ") and "Traceback" not in err and "no_such_table" in err


@pytest.mark.spark
def test_decode_error_in_strict_mode_is_one_clear_line(spark, capsys):
    spark.sql("SET spark.jcat.strict=true")
    try:
        assert main(["sql", "SELECT unpack_packed(X'12345G') v".replace("G", "9")]) == 1
    finally:
        spark.sql("SET spark.jcat.strict=false")
    err = capsys.readouterr().err.strip()
    assert err.startswith("jcat: DecodeError: unpack_packed: cannot decode X'123459'"), err
