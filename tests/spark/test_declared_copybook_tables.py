"""Tables declared from copybooks, in one project built by one dbt run. An IDMS record (`--log idms --copybook FILE
--record-id N`): its BFOR/AFTR images (tests/support/idms/images.py) landed with `jcat load idms`. Record files
(`--log file --copybook FILE`), landed with `jcat load NAME`'s resolution: a fixed file (Cobrix's test 3 file and
copybook: its expected output is the oracle) and a VB file of ORDER records (groups, OCCURS DEPENDING ON, REDEFINES)
written by the tests' own encoders, with one block whose BDW is wrong. The view `jcat.<name>` (persistent functions)
and the twin
`<name>_decoded` (the Arrow layout function) give the same rows; `jcat.decode_<name>` decodes any binary column
with no Python."""

from __future__ import annotations

from decimal import Decimal

import pytest
from support.copybook.cobrix_suite import CASES, DATA, differences
from support.copybook.records import ORDER, order
from support.declared import copybook_project
from support.idms import images as idms_images
from support.idms.project import forget_loads, unland

from udfs.cli import main
from udfs.cli.tables import load_target
from udfs.dbt.runner import run_dbt
from udfs.spark.landing import load

pytestmark = [pytest.mark.spark, pytest.mark.long, pytest.mark.compat]  # started first: see tests/conftest.py

TEST3 = next(c for c in CASES if c.id == "test3_trim_both")
LINES = [[("BOLT", 1234), ("NUT", -5)], [("X", 0)], [("A", 1), ("B", 2), ("C", 99999)]]


def rdw(record: bytes) -> bytes:
    return (len(record) + 4).to_bytes(2, "big") + b"\x00\x00" + record


def block(records: list[bytes]) -> bytes:
    body = b"".join(rdw(r) for r in records)
    return (len(body) + 4).to_bytes(2, "big") + b"\x00\x00" + body


def orders() -> list[bytes]:
    # variable-length records: each cut after its last OCCURS element, as a VB file holds them
    cut = [order(100 + i, f"CUST{i}", lines)[: 18 + 8 * len(lines)] for i, lines in enumerate(LINES)]
    return cut + [order(103, "CUST3", [("A", 1), ("B", 2)])[:26]]  # a count of 2, the bytes of 1


RESULT: dict = {}


@pytest.fixture(scope="module")
def built(spark, tmp_path_factory, jcat_home):
    unland(spark)  # jcat.raw_idms as the loader makes it, holding only this module's IDMS records
    forget_loads(spark)
    with copybook_project(tmp_path_factory, "trans", DATA / TEST3.copybook, "--trim", "both") as root:
        folder = root.parent
        (folder / "order.cpy").write_text(ORDER)
        assert (
            main(
                [
                    "tables",
                    "add",
                    "orders",
                    "--log",
                    "file",
                    "--copybook",
                    str(folder / "order.cpy"),
                    "--framing",
                    "vb",
                    "--key",
                    "ORDER_ID",
                ]
            )
            == 0
        )
        (folder / "emp.cpy").write_text(idms_images.EMP)
        assert (
            main(
                [
                    "tables",
                    "add",
                    "emp",
                    "--log",
                    "idms",
                    "--copybook",
                    str(folder / "emp.cpy"),
                    "--record-id",
                    str(idms_images.RECORD_ID),
                ]
            )
            == 0
        )
        journal = folder / "emp.jrn"
        journal.write_bytes(idms_images.journal_bytes())
        assert load(spark, "idms", [str(journal)]).ok
        trans = folder / "trans.dat"
        trans.write_bytes((DATA / TEST3.data).read_bytes()[: 45 * 200])
        vb = folder / "orders.vb"
        bad = bytearray(block(orders()[:1]))
        bad[0:2] = (len(bad) + 40).to_bytes(2, "big")  # a BDW past the file's end: the block is rejected
        vb.write_bytes(block(orders()[:2]) + block(orders()[2:]) + bytes(bad))
        for name, path in (("trans", trans), ("orders", vb)):
            layout, length, framing = load_target(name, None)
            RESULT[name] = load(spark, layout, [str(path)], framing=framing, record_length=length)
            assert RESULT[name].ok
        # the IDMS view only: building idms_journal_decoded (200 columns) for its twin is the heavy variant's
        yield run_dbt(
            spark,
            ["run", "--select", "trans", "trans_decoded", "orders", "orders_decoded", "idms_journal", "emp_images"],
        )


def _rows(spark, relation: str) -> list[dict]:
    got = spark.sql(f"select * from jcat.{relation} order by source_file, record_offset").collect()
    return [r.asDict(recursive=True) for r in got]


@pytest.mark.parametrize("relation", ["trans", "trans_decoded"])
def test_a_fixed_file_gives_cobrix_expected_output(spark, built, relation):
    assert built
    rows = _rows(spark, relation)
    assert [r["record_number"] for r in rows] == list(range(1, 201))
    assert not differences(TEST3, [{k: v for k, v in r.items() if k not in LINEAGE} for r in rows])


LINEAGE = ("source_file", "record_offset", "record_number", "load_id", "decode_errors")


@pytest.mark.parametrize("relation", ["orders", "orders_decoded"])
def test_a_vb_file_gives_the_values_its_encoder_wrote(spark, built, relation):
    assert built
    rows = _rows(spark, relation)
    rows = [r for r in rows if r["ORDER_ID"] != 103]
    assert [(r["ORDER_ID"], r["CUSTOMER"]["NAME"], r["LINE_COUNT"]) for r in rows] == [
        (100 + i, f"CUST{i}", len(lines)) for i, lines in enumerate(LINES)
    ]
    assert [[(e["ITEM"], e["PRICE"]) for e in r["ORDER_LINE"]] for r in rows] == [
        [(item, Decimal(cents).scaleb(-2)) for item, cents in lines] for lines in LINES
    ]
    assert [r["decode_errors"] for r in rows] == [[], [], []]


@pytest.mark.parametrize("relation", ["orders", "orders_decoded"])
def test_a_record_too_short_for_its_count_has_nulls_named(spark, built, relation):
    assert built
    short = [r for r in _rows(spark, relation) if r["ORDER_ID"] == 103]
    assert [(e["ITEM"], e["PRICE"]) for e in short[0]["ORDER_LINE"]] == [("A", Decimal("0.01")), (None, None)]
    assert short[0]["decode_errors"] == ["ORDER_LINE.ITEM", "ORDER_LINE.PRICE"]


def test_the_bad_block_is_rejected_with_file_offset_and_reason_and_every_byte_accounted(spark, built):
    assert built
    f = RESULT["orders"].files[0]
    good = len(block(orders()[:2])) + len(block(orders()[2:]))
    assert f.records == 4 and f.record_bytes + f.framing_bytes + f.rejected_bytes == f.size
    assert f.rejected_bytes == f.size - good
    rejects = spark.sql(
        f"select source_file, record_offset, reason from jcat.raw_rejects where load_id = '{RESULT['orders'].load_id}'"
    ).collect()
    assert [(r["source_file"].endswith("orders.vb"), r["record_offset"]) for r in rejects] == [(True, good)]
    assert rejects[0]["reason"]


def test_the_persistent_function_decodes_any_binary_column_as_the_twin(spark, built):
    assert built
    spark.sql("DROP TEMPORARY FUNCTION IF EXISTS decode_orders")  # no Python: the persistent function only
    got = spark.sql("select jcat.decode_orders(record) as d from jcat.raw_file_orders order by record_offset").collect()
    twin = _rows(spark, "orders_decoded")
    assert [r["d"].asDict(recursive=True) for r in got] == [
        {k: v for k, v in r.items() if k not in LINEAGE[:-1]} for r in twin
    ]


def _images(spark, relation: str) -> list[tuple]:
    return [tuple(r[:-1]) + (list(r[-1]),) for r in spark.sql(idms_images.QUERY.format(relation=relation)).collect()]


def test_an_idms_record_gives_each_present_image_as_written(spark, built):
    assert built
    assert _images(spark, "emp_images") == idms_images.EXPECTED


@pytest.mark.heavy
def test_the_idms_twin_through_the_arrow_layout_function_gives_the_same(spark, built):
    assert run_dbt(spark, ["run", "--select", "idms_journal_decoded", "emp_images_decoded"])
    assert _images(spark, "emp_images_decoded") == idms_images.EXPECTED
