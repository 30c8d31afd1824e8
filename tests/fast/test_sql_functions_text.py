"""The persistent SQL functions as text: versioned comments, the DDL `jcat functions --sql` prints, and the dbt
hook macro generated from them (no Spark)."""

from __future__ import annotations

from udfs import __version__
from udfs.render import sql_functions as sf


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
    assert "'IBM037'" in ddl and "'IBM1047'" in ddl  # Java's code page, and the exact path's base


def test_exact_path_swaps_only_what_differs_from_ibm1047():
    from udfs.core.kernels.ebcdic import decode_table

    for ccsid in sf.JAVA_DIFFERS:
        src, dst = sf.exact_translation(ccsid)
        assert 0 < len(src) < 32 and len(set(src)) == len(src)
        mapping = dict(zip(src, dst))  # what translate() does, character by character
        assert "".join(mapping.get(ch, ch) for ch in decode_table(1047)) == decode_table(ccsid)
    assert len(set(decode_table(1047))) == 256  # each byte its own character, so the swap is well defined
    fn = next(f for f in sf.PER_FIELD if f.name == "ebcdic_str")
    assert len(sf.body(fn)) < 3000  # parsed and analysed at every call of every view


def test_java_charset_names():
    assert [sf.java_charset(c) for c in (37, 273, 1047, 1140, 1149)] == [
        "IBM037",
        "IBM273",
        "IBM1047",
        "IBM01140",
        "IBM01149",
    ]


def test_dbt_hook_macro_is_current():
    from support import REPO

    macro = REPO / "macros" / "jcat_install_functions.sql"
    assert macro.read_text() == sf.dbt_macro(__version__), "regenerate: jcat generate"
