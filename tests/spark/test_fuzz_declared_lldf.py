"""Byte-mutation property test of a declared Db2 for z/OS table's row images in a BMC Log Master logical log: `jcat
tables add --log lldf` declares a table of every column type seed 002's images hold (FOR BIT DATA text too) in a
home project; data change records of every image change type (UB, I, IL, D) carry row images written from seed
002's text (support.lldf.project: a null byte before each nullable column, a 2-byte length before each VARCHAR's
data, packed DECIMAL, ISO characters; support.hfp: System/390 hexadecimal floats), some columns NULL by their null
byte; one to four bytes of DATA (the images, their lengths, the null bytes, the VARCHAR lengths) or of the header
fields the images depend on (CHANGE_TYPE, TABLEOWNER, TABLENAME) are mutated. The compiled lldf_data_change and
lldf_change_stream read them, then both engines decode the images: the table `every_images_decoded` (the table's
layout function, as jcat builds it) and the same macro compiled as a view (the per-field SQL through the persistent
functions, what a user's own dbt runs); the view `every_images` only selects from the table. Each column is the
unmutated value, NULL and named in decode_errors, NULL where the mutated null byte says X'FF', or what the mutated
bytes encode, the column's bytes found by the tests' own walk of the image; a change leaves the models only when
its change type or table changed. `-m million` runs a million records.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from support import hfp
from support.declared import declared_project
from support.fuzz import (
    MUT,
    ORIG,
    SPACING,
    Fuzz,
    Shape,
    Tally,
    bin_ok,
    changed_in,
    char_ok,
    compile_project,
    kinds_by_record,
    packed_ok,
    run_model,
    varying_ok,
)
from support.fuzz_records import seed_parts
from support.ibmi import encoders as buf
from support.lldf.project import char, chars, nullable, packed, seed_data, varchar

from udfs.core.layouts import lldf

pytestmark = pytest.mark.spark

DDL = """CREATE TABLE FUZZ.EVERY
  (ID       INTEGER       NOT NULL,
   NAME     CHAR(8)       NOT NULL,
   CODE     CHAR(4)       FOR BIT DATA,
   NOTE     VARCHAR(12),
   TITLE    VARCHAR(10)   NOT NULL,
   TAG      VARCHAR(6)    FOR BIT DATA,
   SMALL    SMALLINT,
   BIG      BIGINT        NOT NULL,
   AMOUNT   DECIMAL(9,2),
   RATE     DECIMAL(8,3)  NOT NULL,
   QTY      NUMERIC(7,1),
   SCORE    REAL          NOT NULL,
   RATIO    DOUBLE,
   SHIPPED  DATE,
   AT_TIME  TIME          NOT NULL,
   STAMP    TIMESTAMP,
   STAMP0   TIMESTAMP(0)  NOT NULL,
   PRIMARY KEY (ID))
  IN FUZZDB.EVERYTS;
"""
# (name, kind, width of the data (None: a VARCHAR, its length says), nullable), written here from the DDL and seed
# 002's notes: never from the declaration under test.
COLUMNS = (
    ("ID", "int", 4, False),
    ("NAME", "char", 8, False),
    ("CODE", "bits", 4, True),
    ("NOTE", "varchar", None, True),
    ("TITLE", "varchar", None, False),
    ("TAG", "varbits", None, True),
    ("SMALL", "int", 2, True),
    ("BIG", "int", 8, False),
    ("AMOUNT", "dec9_2", 5, True),
    ("RATE", "dec8_3", 5, False),
    ("QTY", "dec7_1", 4, True),
    ("SCORE", "real", 4, False),
    ("RATIO", "double", 8, True),
    ("SHIPPED", "date", 10, True),
    ("AT_TIME", "time", 8, False),
    ("STAMP", "ts6", 26, True),
    ("STAMP0", "ts0", 19, False),
)
MAXIMUM = {"NOTE": 12, "TITLE": 10, "TAG": 6}
DECIMALS = {"dec9_2": (9, 2), "dec8_3": (8, 3), "dec7_1": (7, 1)}
IMAGE_KINDS = {"UB": ("before", "after"), "I": ("after",), "IL": ("after",), "D": ("before",)}  # seed 002
CHANGE_TYPES = tuple(IMAGE_KINDS)
T = dt.datetime(2026, 3, 1, 12, 34, 56, 123456)
DATA_AT = lldf.HEADER_LENGTH  # 0-based: DATA follows the 288-byte header (LENGTH is not mutated here)
# Header bytes (0-based start, length) the images depend on: which change (CHANGE_TYPE) of which table.
SELECTING = ((104, 2), (32, 8), (40, 18))
MUTABLE_HEADER = tuple(p for at, n in SELECTING for p in range(at, at + n))


def _text(rng, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, n)))


def _stamp(rng) -> dt.datetime:
    return dt.datetime(1900, 1, 1) + dt.timedelta(
        seconds=rng.randrange(200 * 365 * 86400), microseconds=rng.randrange(10**6)
    )


def _value(rng, name: str, kind: str):
    """A value of the kind, edges included (empty text, signs, zeros, the limits of the digits)."""
    if kind == "int":
        return rng.choice([0, -1, 1, rng.randrange(-(2**15), 2**15)])
    if kind == "char":
        return _text(rng, "ABCXYZ 0189#@$", 8).rstrip(" ")
    if kind == "bits":
        return rng.randbytes(4)
    if kind == "varchar":
        return _text(rng, "AbcZ 09#", MAXIMUM[name])
    if kind == "varbits":
        return rng.randbytes(rng.randint(0, MAXIMUM[name]))
    if kind in DECIMALS:
        digits, scale = DECIMALS[kind]
        n = rng.choice([0, 10**digits - 1, rng.randrange(10**digits)])
        return Decimal(n * rng.choice([1, -1])).scaleb(-scale)
    if kind in ("real", "double"):
        return rng.choice([0.0, -2.5, 4.25, 1 / 16, float(rng.randrange(-(10**6), 10**6)) / 8])
    if kind == "date":
        return _stamp(rng).date()
    if kind == "time":
        return _stamp(rng).time().replace(microsecond=0)
    return _stamp(rng).replace(microsecond=0) if kind == "ts0" else _stamp(rng)


def _encode(kind: str, width, v) -> bytes:
    """The column's data (without its null byte) as seed 002 describes it."""
    if kind == "int":
        return v.to_bytes(width, "big", signed=True)
    if kind == "char":
        return char(v, width)
    if kind == "bits":
        return v
    if kind == "varchar":
        return varchar(v)
    if kind == "varbits":
        return len(v).to_bytes(2, "big") + v
    if kind in DECIMALS:
        return packed(v, *DECIMALS[kind])
    if kind in ("real", "double"):
        return hfp.encode(v, width)
    if kind == "date":
        return chars(v.isoformat())
    if kind == "time":
        return chars(v.strftime("%H.%M.%S"))
    return chars(v.strftime("%Y-%m-%d-%H.%M.%S" + ("" if kind == "ts0" else ".%f")))


def row_image(rng) -> bytes:
    """A whole row image; nullable columns NULL by their null byte now and then (X'FF' and binary zeros of the
    column's width; a NULL VARCHAR: X'FF' and a zero length, as seed 002's example)."""
    out = b""
    for name, kind, width, null_ok in COLUMNS:
        data = _encode(kind, width, _value(rng, name, kind))
        if null_ok:
            is_null = rng.random() < 0.2
            out += nullable(None if is_null else data, 2 if width is None else width)
        else:
            out += data
    return out


def change_record(change_type: str, i: int, images: list[bytes]) -> bytes:
    """A committed data change record of table FUZZ.EVERY, DATA holding `images`."""
    header = {
        "SYSTEMID": "DB2P",
        "TABLEOWNER": "FUZZ",
        "TABLENAME": "EVERY",
        "TBOWNERLEN": 4,
        "TBNAMELEN": 5,
        "CHANGE_TYPE": change_type,
        "LOGRECDISP": "C",
        "UORDISP": "C",
        "MEMBERID": 1,
        "UORID": lldf.rba_field(0x5000 + i),
        "LOGRBA": lldf.rba_field(0x9000 + i),
        "UORIDLRSN": lldf.lrsn_field(T),
        "LOGLRSN": lldf.lrsn_field(T + dt.timedelta(microseconds=i)),
        "UORCOMMITLRSN": lldf.lrsn_field(T + dt.timedelta(minutes=1)),
        "TIMESTAMP": T,
    }
    data = seed_data(images)
    return lldf.encode_header({**header, "SEGLEN": DATA_AT + len(data)}) + data


def base_record(rng, i: int) -> bytes:
    """A change of every image change type in turn, with its images (an update's before and after)."""
    change_type = CHANGE_TYPES[i % len(CHANGE_TYPES)]
    return change_record(change_type, i, [row_image(rng) for _ in IMAGE_KINDS[change_type]])


# ---- the tests' own reading of a record: which images, and each column's bytes ----------------------------------


def images_of(rec: bytes) -> dict[str, bytes | None]:
    """{image kind: its bytes, None when DATA does not hold the images the change type has}, as seed 002 words the
    record; {} when the record is not a change of FUZZ.EVERY with row images."""

    def text(at: int, n: int) -> str:
        return rec[at : at + n].decode("cp037").rstrip(" \x00")  # trailing X'40' and X'00' cut, as ebcdic_str does

    change_type = text(104, 2)
    if (text(32, 8), text(40, 18)) != ("FUZZ", "EVERY") or change_type not in IMAGE_KINDS:
        return {}
    kinds = IMAGE_KINDS[change_type]
    parts = seed_parts(rec[DATA_AT:])
    if parts is None or len(parts) != len(kinds):
        return dict.fromkeys(kinds)
    return dict(zip(kinds, parts))


def column_bytes(image: bytes | None) -> list[tuple[int | None, bytes]] | None:
    """Each column's (null byte or None, data bytes, a VARCHAR's with its length) walking the image in COLNO order;
    None when the columns do not end exactly at the image's end (the image does not match the DDL)."""
    if image is None:
        return None
    out, at = [], 0
    for _, _, width, null_ok in COLUMNS:
        null_byte = None
        if null_ok:
            if at >= len(image):
                return None
            null_byte, at = image[at], at + 1
        if width is None:
            if at + 2 > len(image):
                return None
            width = 2 + int.from_bytes(image[at : at + 2], "big")
        if at + width > len(image):
            return None
        out.append((null_byte, image[at : at + width]))
        at += width
    return out if at == len(image) else None


def _time_ok(v: str, raw: bytes) -> bool:
    """The function gives 'HH:MM:SS' (24:00:00, Db2's end of day, kept); ISO writes hh.mm.ss."""
    h, m, s = (int(x) for x in v.split(":"))
    if h == 24:
        return (m, s) == (0, 0) and raw == chars("24.00.00")
    return buf.time_bytes(dt.time(h, m, s), "*ISO") == raw


def value_ok(kind: str, v, raw: bytes) -> bool:
    """The tests' encoder turns the non-NULL value `v` back into the column's mutated bytes."""
    if kind == "int":
        return bin_ok(v, raw, True)
    if kind == "char":
        return char_ok(v, raw)
    if kind == "bits":
        return bytes(v) == raw
    if kind == "varchar":
        return varying_ok(v, raw, "cp037")
    if kind == "varbits":
        return varying_ok(v, raw)
    if kind in DECIMALS:
        digits, scale = DECIMALS[kind]
        return abs(Decimal(v).scaleb(scale)) < 10**digits and packed_ok(v, raw, scale)
    if kind in ("real", "double"):
        return hfp.same(v, raw)
    if kind == "date":
        return buf.date_bytes(v, "*ISO") == raw
    if kind == "time":
        return _time_ok(v, raw)
    if v.microsecond and kind == "ts0":
        return False
    return buf.timestamp_bytes(v, "" if kind == "ts0" else f"{v.microsecond:06d}") == raw


def judge_image(t: Tally, orig: dict | None, mut: dict, orig_image, mut_image, where: str):
    """Every column of one image row of a mutated record; `orig` None: the unmutated record has no image of this
    kind (its change type was mutated), so every column counts as changed."""
    errors = mut["decode_errors"]
    before = column_bytes(orig_image) if orig is not None else None
    after = column_bytes(mut_image)
    for index, (name, kind, _, _) in enumerate(COLUMNS):
        if after is None:  # the image does not match the DDL: NULL and named
            t.judge(name, orig and orig[name], mut[name], errors, True, lambda v: False, where)
            continue
        null_byte, raw = after[index]

        def ok(v, kind=kind, raw=raw, null_byte=null_byte):
            return null_byte == 0xFF if v is None else (null_byte in (None, 0x00) and value_ok(kind, v, raw))

        changed = before is None or before[index] != after[index]
        t.judge(name, orig and orig[name], mut[name], errors, changed, ok, where)


def judge_batch(t: Tally, batch, sql):
    """lldf_data_change (the segments decoded inline) and lldf_change_stream over the landed records, then the
    declared table's images over them."""
    spark = batch.spark
    batch.decoded(run_model(spark, sql["lldf_data_change"], {"raw_lldf": batch.view}), "fz_lldf_changes")
    stream = run_model(spark, sql["lldf_change_stream"], {"lldf_data_change": "fz_lldf_changes"})
    stream.createOrReplaceTempView("fz_lldf_stream")
    for model in ENGINES:
        rows = {
            (r["source_file"], r["record_offset"], r["image_kind"]): r.asDict()
            for r in batch.collect(run_model(spark, sql[model], {"lldf_change_stream": "fz_lldf_stream"}))
        }
        judge_rows(t, batch, rows, model)


def judge_rows(t: Tally, batch, rows: dict, model: str):
    kinds_of = kinds_by_record(rows)
    for i, (rec, pos) in enumerate(batch.mutated):
        t.records += 1
        where = f"{model} {batch.where(i)}"
        orig_images, mut_images = images_of(batch.bases[i]), images_of(rec)
        for kind in orig_images:
            assert rows[(ORIG, i * SPACING, kind)]["decode_errors"] == [], (where, kind)
        got = kinds_of.get((MUT, i * SPACING), set())
        if got != set(mut_images):
            if not mut_images and any(changed_in(pos, at, n) for at, n in SELECTING):
                t.values += 1  # another change type or table: not this table's image any more
            else:
                t.bad(
                    "lost" if len(got) < len(mut_images) else "wrong",
                    f"{where}: image rows {sorted(got)}, the record has {sorted(mut_images)}",
                )
            continue
        for kind, image in mut_images.items():
            orig = rows.get((ORIG, i * SPACING, kind))
            judge_image(t, orig, rows[(MUT, i * SPACING, kind)], orig_images.get(kind), image, f"{where} {kind}")
    extra = [k for k in rows if k[0] not in (ORIG, MUT) or k[1] // SPACING >= len(batch.mutated)]
    assert not extra, f"{model}: rows of no landed record {extra[:3]}"


def mutable(record: bytes) -> tuple[int, ...]:
    """DATA (the images, their lengths, null bytes and VARCHAR lengths) and the header fields selecting them (the
    rest of the header is test_fuzz_lldf's)."""
    return MUTABLE_HEADER + tuple(range(DATA_AT, len(record)))


FUZZ = Fuzz("declared LLDF table, every column type", (Shape(base_record, judge_batch, mutable),))


ENGINES = ("every_images_decoded", "every_by_function")  # the table twin (layout function) and the per-field SQL


@pytest.fixture(scope="module")
def declared_sql(spark, tmp_path_factory):
    """The declared table's images' SQL, both engines, and that of the LLDF models it reads, compiled in the user's
    project. The per-field SQL (what a user's own dbt or dbt over Thrift runs) is the same macro compiled as a view."""
    from udfs.spark.function_install import ensure_installed

    ensure_installed(spark)  # the per-field SQL calls jcat.<fn>
    with declared_project(tmp_path_factory, "every", DDL, "--log", "lldf") as root:
        (root / "models" / "every_by_function.sql").write_text(
            "{{ config(materialized='view') }}\n{{ jcat_table_every_images(ref('jcat', 'lldf_change_stream')) }}\n"
        )
        return compile_project(spark, root, ["lldf_data_change", "lldf_change_stream", "every_images", *ENGINES])


def test_the_engines_are_the_layout_function_and_the_per_field_sql(declared_sql):
    """What the fuzz below runs (a mistake here would fuzz one engine twice); the view `every_images` selects from
    the twin and decodes nothing."""
    assert "decode_every_image(img)" in declared_sql["every_images_decoded"]
    by_function = declared_sql["every_by_function"]
    assert "decode_every_image" not in by_function and "jcat.ibmi_varchar" in by_function
    assert "unpack_bin" not in declared_sql["every_images"] and "every_images_decoded" in declared_sql["every_images"]


def test_each_value_of_a_mutated_declared_lldf_image_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, declared_sql, request
):
    FUZZ.assert_clean(spark, declared_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_declared_lldf_images_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, declared_sql, request
):
    FUZZ.assert_clean(spark, declared_sql, request)


# ---- images spelled out: what the fuzz above met now and then --------------------------------------------------

GOOD = {
    "ID": 7,
    "NAME": "ANN",
    "CODE": b"\x01\x02\x03\x04",
    "NOTE": "note",
    "TITLE": "Dr",
    "TAG": b"\xff",
    "SMALL": -2,
    "BIG": 2**40,
    "AMOUNT": Decimal("-0.01"),
    "RATE": Decimal("12345.678"),
    "QTY": Decimal("1.5"),
    "SCORE": 4.25,
    "RATIO": -2.5,
    "SHIPPED": dt.date(2020, 1, 15),
    "AT_TIME": dt.time(8, 30),
    "STAMP": T,
    "STAMP0": T.replace(microsecond=0),
}


def spelled_image(**hex_columns: str) -> bytes:
    """An image of GOOD's values, with the named columns' bytes (null byte included) given as hex instead."""
    out = b""
    for name, kind, width, null_ok in COLUMNS:
        if name in hex_columns:
            out += bytes.fromhex(hex_columns[name])
        else:
            data = _encode(kind, width, GOOD[name])
            out += b"\x00" + data if null_ok else data
    return out


def decode_spelled(spark, sql, model: str, images: list[bytes]) -> list[dict]:
    """The row the declared table gives for each insert (IL) carrying one of `images`, in their order (one query)."""
    from support.fuzz import raw_view

    raw_view(spark, "fz_lldf_spelled", [change_record("IL", i, [image]) for i, image in enumerate(images)])
    run_model(spark, sql["lldf_data_change"], {"raw_lldf": "fz_lldf_spelled"}).createOrReplaceTempView("fz_lldf_c1")
    run_model(spark, sql["lldf_change_stream"], {"lldf_data_change": "fz_lldf_c1"}).createOrReplaceTempView(
        "fz_lldf_s1"
    )
    rows = run_model(spark, sql[model], {"lldf_change_stream": "fz_lldf_s1"}).collect()
    return [r.asDict() for r in sorted(rows, key=lambda r: r["record_offset"])]


ALL = [name for name, *_ in COLUMNS]
SPELLED = [  # (the image, the columns decode_errors names)
    (spelled_image(), []),
    # a digit nibble of X'A' is no packed decimal: NULL and named, nullable or not
    (spelled_image(RATE="00000000AC", AMOUNT="00" + "00000000AC"), ["AMOUNT", "RATE"]),
    # X'7FFFFFFF' is about 7.2E75 and X'00100000' 16^-65: past REAL; the same characteristic in a DOUBLE is kept
    (spelled_image(SCORE="7FFFFFFF", RATIO="00" + "7FFFFFFFFFFFFFFF"), ["SCORE"]),
    (spelled_image(SCORE="00100000"), ["SCORE"]),
    # a nullable column's null byte other than X'00' or X'FF': NULL and named
    (spelled_image(SMALL="01" + "0002"), ["SMALL"]),
    # NULL by its null byte: not named
    (spelled_image(SMALL="FF" + "0000", NOTE="FF" + "0000"), []),
    # one byte short: the columns do not end at the image's end, so no column is read, every one named (NOTE, NULL
    # by its null byte, too)
    (spelled_image(NOTE="FF" + "0000")[:-1], ALL),
]


@pytest.mark.parametrize("model", ENGINES)
def test_spelled_images_give_their_values_and_name_what_does_not_decode(spark, declared_sql, model):
    rows = decode_spelled(spark, declared_sql, model, [image for image, _ in SPELLED])
    assert len(rows) == len(SPELLED)
    for n, (row, (image, named)) in enumerate(zip(rows, SPELLED)):
        assert row["decode_errors"] == named, n
        columns = column_bytes(image) or [(None, b"")] * len(COLUMNS)
        for (name, kind, _, _), (null_byte, raw) in zip(COLUMNS, columns):
            if name in named or null_byte == 0xFF:
                assert row[name] is None, (n, name)
            elif kind in ("real", "double"):
                assert hfp.same(row[name], raw), (n, name, row[name])
            else:
                assert row[name] == (GOOD[name].strftime("%H:%M:%S") if kind == "time" else GOOD[name]), (n, name)
