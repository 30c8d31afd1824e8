"""The two engines of a declared LLDF table agree: the table twin's layout function (`decode_<name>_image`, the
positions computed on whole batches) and the per-field SQL (running positions in SQL, each column through its
persistent function: what a user's own dbt or dbt over Thrift runs, compiled here as a view of the same macro).

Images of every type seed 002 describes are written by the tests' encoder (support.lldf.images); some have one to
three bytes mutated anywhere. Over the same images both engines give the same row, value for value and name for name
in decode_errors; an unmutated image gives the values the encoder wrote. The same bytes are also read by a second
declaration of the table whose floats are HFP (whatever the bytes: the engines must agree).
"""

from __future__ import annotations

import datetime as dt
import math
import random
from decimal import Decimal

import pytest
from support.fuzz import compile_project, run_model
from support.lldf.images import ANN, DDL, EMPTY, NAMES, encode, expected

from udfs.cli import main

pytestmark = pytest.mark.spark

TABLES = ("zall", "zhfp")  # the same DDL: floats IEEE, floats HFP
RECORDS = 120


def _row(rng: random.Random, i: int) -> dict:
    def maybe(v):
        return None if rng.random() < 0.25 else v

    text = "ABCXYZ019 .-"
    return {
        "ID": rng.randrange(-(2**31), 2**31),
        "NAME": "".join(rng.choices(text, k=rng.randrange(21))),
        "NICK": maybe("".join(rng.choices(text, k=rng.randrange(11)))),
        "DEPT": maybe("".join(rng.choices("ABC019", k=3))),
        "PAY": maybe(Decimal(rng.randrange(-(10**9) + 1, 10**9)).scaleb(-2)),
        "RATE": Decimal(rng.randrange(-(10**16) + 1, 10**16)).scaleb(-9),
        "HIRED": maybe(dt.date(1000, 1, 1) + dt.timedelta(days=rng.randrange(3_000_000))),
        "SHIFT": maybe(dt.time(rng.randrange(24), rng.randrange(60), rng.randrange(60))),
        "LEVEL": rng.randrange(-(2**15), 2**15),
        "BIG": maybe(rng.randrange(-(2**63), 2**63)),
        "SCORE": maybe(float(rng.choice([1.5, -2.0, 0.0, 3.25e6]))),
        "RATING": maybe(rng.uniform(-1e9, 1e9)),
        "TAG": maybe(rng.randbytes(2)),
        "BLOB": maybe(rng.randbytes(rng.randrange(7))),
        "UPDATED": dt.datetime(1900, 1, 1) + dt.timedelta(microseconds=rng.randrange(10**16)),
    }


def _mutated(rng: random.Random, image: bytes) -> bytes:
    b = bytearray(image)
    for _ in range(rng.randrange(1, 4)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def images() -> list[tuple[bytes, dict | None]]:
    """(image, the values it holds or None when mutated)."""
    rng = random.Random(31)
    rows = [ANN, EMPTY] + [_row(rng, i) for i in range(RECORDS // 2)]
    out = [(encode(r), r) for r in rows]
    out += [(_mutated(rng, encode(r)), None) for r in rows]
    return out


@pytest.fixture(scope="module")
def compiled(spark, tmp_path_factory):
    from support.declared import declared_project

    from udfs.spark.function_install import ensure_installed

    ensure_installed(spark)  # the per-field SQL calls jcat.<fn>
    with declared_project(tmp_path_factory, "zall", DDL, "--log", "lldf", "--float-format", "ieee") as root:
        ddl = root.parent / "zall.sql"
        assert main(["tables", "add", "zhfp", "--log", "lldf", "--ddl", str(ddl), "--float-format", "hfp"]) == 0
        for name in TABLES:  # the macro as a view: the per-field branch
            (root / "models" / f"{name}_by_function.sql").write_text(
                f"{{{{ config(materialized='view') }}}}\n"
                f"{{{{ jcat_table_{name}_images(ref('jcat', 'lldf_change_stream')) }}}}\n"
            )
        yield compile_project(spark, root, [f"{n}_{m}" for n in TABLES for m in ("images_decoded", "by_function")])


@pytest.fixture(scope="module")
def changes(spark):
    rows = [
        (
            "I",
            b"U",
            b"R",
            b"L",
            dt.datetime(2026, 1, 1),
            i,
            1,
            True,
            "f.lldf",
            i * 100,
            i,
            "L-ENGINES",
            None,
            img,
            None,
            "PAYROLL",
            "STAFF",
        )
        for i, (img, _) in enumerate(images())
    ]
    df = spark.createDataFrame(
        rows,
        "CHANGE_TYPE string, UORID binary, LOGRBA binary, LOGLRSN binary, "
        "`TIMESTAMP` timestamp_ntz, stream_seq bigint, uor_seq int, is_committed boolean, "
        "source_file string, record_offset bigint, record_number bigint, load_id string, "
        "before_image binary, after_image binary, decode_errors array<string>, "
        "TABLEOWNER string, TABLENAME string",
    )
    df = df.selectExpr(
        "*",
        "0L AS MEMBERID",
        "X'00' AS UORIDLRSN",
        "X'00' AS UORCOMMITLRSN",
        "X'00' AS UORCOMMITPOINT",
        "`TIMESTAMP` AS UORCOMMITTIMESTAMP",
        "'C' AS UORDISP",
        "'C' AS LOGRECDISP",
        "'N' AS INCOMPLETETRANS",
        "X'00' AS RID",
        "X'00' AS SQLRIRBA",
        "2L AS data_length",
    )  # the header fields the twin carries for the commit resolution
    df.createOrReplaceTempView("engines_changes")
    return "engines_changes"


def _rows(spark, sql: str, changes: str) -> dict[int, tuple]:
    df = run_model(spark, sql, {"lldf_change_stream": changes})
    got = df.selectExpr("record_number", *[f"`{c}`" for c in NAMES], "decode_errors").collect()
    return {r[0]: (*r[1:-1], list(r[-1])) for r in got}


def _same(a, b) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def test_the_engines_are_the_layout_function_and_the_per_field_sql(compiled):
    assert "decode_zall_image(img)" in compiled["zall_images_decoded"]
    assert (
        "decode_zall_image" not in compiled["zall_by_function"] and "jcat.ibmi_varchar" in compiled["zall_by_function"]
    )


@pytest.mark.parametrize("name", TABLES)
def test_both_engines_give_the_same_row_for_every_image(spark, compiled, changes, name):
    by_layout = _rows(spark, compiled[f"{name}_images_decoded"], changes)
    by_function = _rows(spark, compiled[f"{name}_by_function"], changes)
    assert by_layout.keys() == by_function.keys() == set(range(len(images())))
    differ = [
        (k, by_layout[k], by_function[k])
        for k in by_layout
        if not all(_same(a, b) for a, b in zip(by_layout[k], by_function[k]))
    ]
    assert not differ, differ[:3]
    named = sum(1 for r in by_layout.values() if r[-1])
    print(f"{name}: {len(by_layout)} images, {named} with columns named in decode_errors")
    assert 0 < named < len(by_layout)  # mutations reached both outcomes


def test_an_unmutated_image_gives_the_values_the_encoder_wrote(spark, compiled, changes):
    got = _rows(spark, compiled["zall_images_decoded"], changes)
    for i, (_, values) in enumerate(images()):
        if values is not None:
            want = expected(values)
            assert got[i] == (*[want[n] for n in NAMES], []), i
