"""The JVM engine, as text and as a jar: every per-field catalog function has its compiled GenericUDF in
jcat-functions.jar under the class its kernel's module names, and the body of `jcat.NAME` that calls it turns Hive's
carriers (microseconds, days) into Spark's types."""

from __future__ import annotations

import zipfile

import pytest

from udfs.core.catalog import BY_NAME
from udfs.render import jvm_functions as jf
from udfs.render import sql_functions as sf
from udfs.spark.function_install import functions_jar


def test_every_per_field_function_has_its_compiled_class_in_the_jar():
    with zipfile.ZipFile(functions_jar()) as jar:
        names = set(jar.namelist())
    missing = [
        f"{fn.name} ({jf.jvm_class(fn)})"
        for fn in sf.PER_FIELD
        if jf.jvm_class(fn).replace(".", "/") + ".class" not in names
    ]
    assert not missing, f"not compiled (run udfs/spark/java/build.sh): {missing}"


@pytest.mark.parametrize(
    ("name", "cls"),
    [
        ("ebcdic_str", "jcat.functions.EbcdicFunctions$EbcdicStr"),
        ("unpack_zoned", "jcat.functions.DecimalFunctions$UnpackZoned"),
        ("parse_timestamp17_fraction", "jcat.functions.ClocksFunctions$ParseTimestamp17Fraction"),
        ("ibmi_null_flags", "jcat.functions.IbmiFunctions$IbmiNullFlags"),
    ],
)
def test_the_class_is_named_by_the_kernels_module_and_the_function(name, cls):
    assert jf.jvm_class(BY_NAME[name]) == cls


def test_the_wrapper_calls_the_twin_with_every_argument_and_converts_hives_carriers():
    assert jf.jvm_body(BY_NAME["ebcdic_str"], "jcat") == "jcat.ebcdic_str_jvm(b, ccsid)"
    assert jf.jvm_body(BY_NAME["parse_tod"], "s") == "timestamp_micros(s.parse_tod_jvm(b))"
    assert jf.jvm_body(BY_NAME["parse_timestamp17"], "s") == (
        "timestampadd(MICROSECOND, s.parse_timestamp17_jvm(b), TIMESTAMP_NTZ'1970-01-01 00:00:00')"
    )
    assert jf.jvm_body(BY_NAME["ibmi_date"], "s") == "date_from_unix_date(s.ibmi_date_jvm(b, datfmt, datsep))"
    assert [jf.jvm_returns(BY_NAME[n]) for n in ("parse_lrsn", "ibmi_date", "unpack_packed")] == [
        "BIGINT",
        "INT",
        "DECIMAL(38,0)",
    ]
    statement = sf.create_statement(BY_NAME["unpack_bin"], "9.9", "s", engine="jvm")
    assert "RETURN s.unpack_bin_jvm(b, signed)" in statement and "signed BOOLEAN DEFAULT" in statement
    assert "reads spark.jcat.strict" in statement and sf.NOT_STRICT not in statement


def test_the_engines_stamp_their_functions_differently():
    fn = BY_NAME["unpack_packed"]
    assert sf.body_hash(fn, "jvm") != sf.body_hash(fn, "sql") == sf.body_hash(fn)


def test_an_unknown_engine_is_one_line_naming_both():
    assert jf.check_engine(" JVM ") == "jvm" and jf.check_engine("") == "jvm"
    with pytest.raises(ValueError, match=r"spark.jcat.functions.engine='llvm': the engines are jvm, sql \(jvm"):
        jf.check_engine("llvm")
