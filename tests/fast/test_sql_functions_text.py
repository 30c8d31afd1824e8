"""The persistent SQL functions as text: versioned comments, the DDL `jcat functions --sql` prints, and the dbt
hook macro generated from them (no Spark)."""

from __future__ import annotations

from udfs import __version__
from udfs.core import sql_functions as sf


def test_stamp_round_trip_and_hash_changes_with_the_body():
    fn = sf.PER_FIELD[0]
    assert sf.stamp_of(sf.comment(fn, "9.9.9")) == ("9.9.9", sf.body_hash(fn))
    assert sf.stamp_of("written by someone else") is None
    assert len({sf.body_hash(f) for f in sf.PER_FIELD}) == len(sf.PER_FIELD)
    assert sf.catalog_hash("1") != sf.catalog_hash("2")


def test_ddl_script_covers_every_per_field_function_and_no_python():
    ddl = sf.ddl_script(__version__)
    for fn in sf.PER_FIELD:
        assert f"FUNCTION jcat.{fn.name}(" in ddl
    assert "decode_qasym7j5" not in ddl  # layout functions stay Arrow UDFs
    # Java's code pages need spark.sql.legacy.javaCharsets, set before any function (Spark stores it with each)
    assert ddl.index("SET spark.sql.legacy.javaCharsets=true;") < ddl.index("CREATE ")
    assert "'IBM037'" in ddl and "'ISO-8859-1'" in ddl


def test_java_charset_names():
    assert [sf.java_charset(c) for c in (37, 273, 1047, 1140, 1149)] == [
        "IBM037", "IBM273", "IBM1047", "IBM01140", "IBM01149"]


def test_dbt_hook_macro_is_current():
    from support import REPO

    macro = REPO / "macros" / "jcat_install_functions.sql"
    assert macro.read_text() == sf.dbt_macro(__version__), \
        "regenerate: jcat generate"
