"""decode_ibmsnap_<table> and a declared CD table's layout function: Db2 unload records decoded in one call, against
records written here byte by byte from IBM's unload format (formats.md section 3), never from the layout the function
is derived from. The tests' encoder (tests/support/ibmsnap/unload.py) writes the same CDEMPLOYEE bytes:
tests/fast/test_ibmsnap_unit_tests.py."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pyarrow as pa
import pytest
from support.ibmsnap.unload import CDEMPLOYEE_DDL, EXPECTED, NULL, cd_employee, ebcdic

from udfs.core.catalog import BY_NAME
from udfs.core.ddl import parse_text
from udfs.core.kernels.batch import DecodeError
from udfs.core.kernels.unload import UnloadColumn, decode_unload
from udfs.core.tables.declaration import DeclaredTable
from udfs.core.tables.ibmsnap_image import layout_function
from udfs.core.tables.options import IbmsnapOptions

CD_FUNCTION = "decode_cdemployee_image"


def decode(table: str, records: list[str | None], *args, strict: bool = False):
    arr = pa.array([None if r is None else bytes.fromhex(r) for r in records], pa.binary())
    extra = [pa.array([a] * len(records)) for a in args]
    return BY_NAME[f"decode_ibmsnap_{table}"].kernel(arr, *extra, strict=strict).to_pylist()


def decode_cd(records: list[str | None], strict: bool = False, **options):
    """CDEMPLOYEE declared (`jcat tables add cdemployee --log ibmsnap` with `options`): its layout function."""
    table = DeclaredTable(
        "cdemployee",
        "ibmsnap",
        parse_text(CDEMPLOYEE_DDL, "cdemployee.sql"),
        "cdemployee.sql",
        ("EMPNO",),
        ibmsnap=IbmsnapOptions(**options),
    )
    arr = pa.array([None if r is None else bytes.fromhex(r) for r in records], pa.binary())
    return layout_function(table, CD_FUNCTION).kernel(arr, strict=strict).to_pylist()


def test_cd_row_hex_in_values_out():
    rec = cd_employee()
    assert len(rec) == 2 * 94
    assert decode_cd([rec, None]) == [EXPECTED, None]


def test_trailing_null_indicators_dsntiaul_format():
    assert decode_cd([cd_employee("trailing")], null_indicator="trailing") == [EXPECTED]


def test_uow_row_and_its_varchar16_form():
    char10 = (
        "00000000000000000B01"
        + "00000000000000000B02"
        + ebcdic("2024-02-29-12.34.56.123456", 26)
        + ebcdic("JOB1", 12)
        + ebcdic("PAYCLERK", 18)
        + "F0"
        + "40" * 18
    )
    want = {
        "IBMSNAP_UOWID": bytes.fromhex("00000000000000000B01"),
        "IBMSNAP_COMMITSEQ": bytes.fromhex("00000000000000000B02"),
        "IBMSNAP_LOGMARKER": dt.datetime(2024, 2, 29, 12, 34, 56, 123456),
        "IBMSNAP_AUTHTKN": "JOB1",
        "IBMSNAP_AUTHID": "PAYCLERK",
        "IBMSNAP_REJ_CODE": "0",
        "IBMSNAP_APPLY_QUAL": "",
    }
    assert decode("uow", [char10]) == [want]
    # VARCHAR(16) FOR BIT DATA sequences: a 2-byte length, then 16 bytes of which that many count
    varchar16 = "0003" + "A1B2C3" + "00" * 13 + "0011" + "00" * 16 + char10[40:]
    got = decode("uow", [varchar16], "vmvse/varchar16")[0]
    assert got["IBMSNAP_UOWID"] == bytes.fromhex("A1B2C3")
    assert got["IBMSNAP_COMMITSEQ"] is None  # length 17 > 16
    assert {k: v for k, v in got.items() if k not in ("IBMSNAP_UOWID", "IBMSNAP_COMMITSEQ")} == {
        k: v for k, v in want.items() if k not in ("IBMSNAP_UOWID", "IBMSNAP_COMMITSEQ")
    }


def test_bad_bytes_give_null_and_strict_names_the_column():
    bad = cd_employee(salary="00527500FC")  # a digit nibble F
    got = decode_cd([bad])[0]
    assert got["SALARY"] is None and got["XSALARY"] == Decimal("-123.45")
    with pytest.raises(
        DecodeError,
        match=r"decode_cdemployee_image column SALARY \(position 54, 5 bytes\) "
        r"unpack_packed: cannot decode X'00527500FC'",
    ):
        decode_cd([bad], strict=True)


def test_a_null_marked_column_is_not_decoded_even_in_strict_mode():
    rec = cd_employee(salary="0000000000")  # the bytes under XDEPTNO's NULL marker are zeros, never decoded
    rec = rec[: 2 * 52] + NULL + rec[2 * 53 :]  # SALARY's indicator: NULL, its zero bytes invalid as packed
    got = decode_cd([rec], strict=True)[0]
    assert got["SALARY"] is None and got["XDEPTNO"] is None and got["GRADE"] == -2


def test_short_record_leaves_the_columns_it_cannot_hold_null():
    got = decode_cd([cd_employee()[: 2 * 60]])[0]
    assert got["SALARY"] == Decimal("52750.00") and got["XSALARY"] is None and got["HIRED"] is None


def test_decimal_past_its_precision_is_null():
    col = UnloadColumn("D", 1, "decimal", 4, scale=1)  # DECIMAL(4,1) in 3 bytes, which hold 5 digits
    got = decode_unload(pa.array([bytes.fromhex("12345C"), bytes.fromhex("01234D")]), [col]).to_pylist()
    assert got == [{"D": None}, {"D": Decimal("-123.4")}]


def test_the_declared_ccsid_decodes_the_cd_row():
    rec = "00000000000000000A01" + "00000000000000000A02" + "E4" + "4A5A" + "40" * 4 + cd_employee()[2 * 27 :]
    assert decode_cd([rec], ccsid=273)[0]["EMPNO"] == "ÄÜ"
    assert decode_cd([rec])[0]["EMPNO"] == "¢!"  # the same bytes in CCSID 37


UOW = (
    "00000000000000000B01"
    + "00000000000000000B02"
    + ebcdic("2024-02-29-12.34.56.123456", 26)
    + ebcdic("JOB1", 12)
    + ebcdic("PAYCLERK", 18)
    + "F0"
    + "40" * 18
)


def test_the_arguments_a_user_can_get_wrong():
    with pytest.raises(ValueError, match="variant 'os390/char12': expected one of os390/char10, "):
        decode("uow", [UOW], "os390/char12")
    with pytest.raises(ValueError, match="null_indicator is 'after': expected leading"):
        decode("uow", [UOW], "os390/char10", "after")
    arr = pa.array([bytes.fromhex(UOW)] * 2)
    with pytest.raises(ValueError, match="variant must be one value for the whole query"):
        BY_NAME["decode_ibmsnap_uow"].kernel(arr, pa.array(["os390/char10", "vmvse/char10"]))


def test_every_table_has_a_layout_function_with_every_column_of_every_variant():
    from udfs.core.layouts import ibmsnap
    from udfs.render.ibmsnap_ddl import control_tables

    for table in ibmsnap.all_tables():
        fn = BY_NAME[f"decode_ibmsnap_{table}"]
        names = [c.name for c in control_tables().union_columns(table)]
        assert (
            fn.returns
            == "STRUCT<"
            + ", ".join(
                f"{n}: {t}"
                for n, t in zip(names, (ibmsnap.spark_type(c).upper() for c in control_tables().union_columns(table)))
            )
            + ">"
        )


def test_varchar_keeps_the_blanks_and_nuls_its_length_counts():
    # Db2 holds a VARCHAR as its length and that many bytes: trailing blanks (and X'00') inside the length are the
    # value's; bytes past it are padding. TRACE.DESCRIPTION is VARCHAR(254) at position 35 (trace.all.sql).
    head = ebcdic("INFO", 8) + ebcdic("2024-02-29-12.34.56.123456", 26)

    def trace(length: str, data: str) -> str:
        return head + length + data + "00" * (254 - len(data) // 2)

    got = decode(
        "trace",
        [
            trace("0004", "C1C24040"),
            trace("0003", "C14000"),
            trace("0002", "4040"),
            trace("0000", ""),
            trace("0002", "C1C24040"),
        ],
    )
    assert [r["DESCRIPTION"] for r in got] == ["AB  ", "A \x00", "  ", "", "AB"]


def test_varchar_length_above_its_maximum_is_null_even_in_strict_mode():
    # the models name the column in decode_errors; the kernel does not raise (a bad length is no text to decode)
    col = UnloadColumn("V", 1, "varchar", 3, nullable=True)
    recs = ["00" + "0003" + "C14040", "00" + "0004" + "C14040", "00" + "8001" + "C14040", "FF" + "0000" + "000000"]
    got = decode_unload(pa.array([bytes.fromhex(r) for r in recs]), [col], strict=True).to_pylist()
    assert got == [{"V": "A  "}, {"V": None}, {"V": None}, {"V": None}]
    trailing = decode_unload(pa.array([bytes.fromhex("0002C14040" + "00")]), [col], "trailing").to_pylist()
    assert trailing == [{"V": "A "}]
