"""Byte-mutation property test of declared IBM SQL Replication CD tables' row images: `jcat tables add --log ibmsnap`
declares two CD tables of every column type a Db2 unload record holds, with before-image columns (prefix X) and a
key: `cd_lead` (Db2 UNLOAD: the null indicator before the field, X'FF' NULL, CHAR(10) sequences) and `cd_trail`
(DSNTIAUL: the indicator after the field, X'6F' or X'FF' NULL, VARCHAR(16) sequences). CD rows of every operation
(I, U, D) are written by the tests' unload encoder (support.ibmsnap.unload), some columns NULL; one to four bytes
anywhere in the record (values, null indicators, VARCHAR lengths, IBMSNAP_OPERATION) are mutated; both engines
decode them: the view `<name>_images` (persistent SQL functions, column by column) and its table twin
`<name>_images_decoded` (the table's layout function). Every image row's column is the unmutated value, NULL and
named in decode_errors (an update's before row names the before-image column it reads), NULL by its null marker,
or what the mutated bytes encode; the rows of a record are the images its mutated operation has. `-m million` runs a
million records.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cached_property, partial

import pytest
from support.declared import declared_project
from support.fuzz import (
    MUT,
    ORIG,
    SPACING,
    Fuzz,
    Shape,
    Tally,
    bin_ok,
    char_ok,
    compile_project,
    ibmi_ts_ok,
    kinds_by_record,
    packed_ok,
    run_model,
)
from support.ibmsnap import unload

from udfs.cli import main
from udfs.core.ddl import parse_text

pytestmark = pytest.mark.spark

DDL = """CREATE TABLE FUZZ.{cd_table} ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL,
  IBMSNAP_INTENTSEQ CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL,
  ID INTEGER NOT NULL, NAME VARCHAR(12) NOT NULL, NOTE VARCHAR(10), XNOTE VARCHAR(10), CODE CHAR(4) FOR BIT DATA,
  TAG VARCHAR(6) FOR BIT DATA, CITY CHAR(8), XCITY CHAR(8), SMALL SMALLINT, XSMALL SMALLINT, BIG BIGINT NOT NULL,
  AMOUNT DECIMAL(9,2), XAMOUNT DECIMAL(9,2), RATE DECIMAL(8,3) NOT NULL, STAMP TIMESTAMP, XSTAMP TIMESTAMP,
  BORN TIMESTAMP NOT NULL );
"""
SOURCE_COLUMNS = ("ID", "NAME", "NOTE", "CODE", "TAG", "CITY", "SMALL", "BIG", "AMOUNT", "RATE", "STAMP", "BORN")
BEFORE = {c: "X" + c for c in ("NOTE", "CITY", "SMALL", "AMOUNT", "STAMP")}  # BEFORE_IMG_PREFIX X
KEY = ("ID",)
OPERATIONS = ("I", "U", "D")
NULL_MARKERS = {"leading": (0xFF,), "trailing": (0x6F, 0xFF)}  # Db2 UNLOAD's X'FF'; DSNTIAUL writes '?' too


@dataclass(frozen=True)
class Table:
    """A declared CD table as the tests lay it out: its columns (parsed from the DDL: parsing is not under test)
    with the variant's sequence columns, and where each column's indicator and data sit (0-based)."""

    name: str
    cd_table: str
    indicator: str
    variant: str

    @cached_property  # parsed once: parsing the DDL for every record was most of building one
    def columns(self):
        cols = parse_text(DDL.format(cd_table=self.cd_table), f"{self.cd_table}.sql").columns
        if self.variant.endswith("varchar16"):  # docs/ibmsnap.md: sequence columns VARCHAR(16) FOR BIT DATA
            cols = tuple(
                replace(c, db2_type="VARCHAR", length=16) if c.name in unload.SEQUENCE_COLUMNS else c for c in cols
            )
        return cols

    def places(self) -> dict:
        """{column: (column, indicator offset or None, data offset, data width)}, from the tests' encoder."""
        out = {}
        for p in unload.placed(self.columns, unload.values(self.columns, 1), self.indicator):
            c, at, w = p.column, p.pos - 1, unload.data_width(p.column)
            if not c.nullable:
                out[c.name] = (c, None, at, w)
            elif self.indicator == "leading":
                out[c.name] = (c, at, at + 1, w)
            else:
                out[c.name] = (c, at + w, at, w)
        return out


TABLES = (
    Table("cd_lead", "CDLEAD", "leading", "os390/char10"),
    Table("cd_trail", "CDTRAIL", "trailing", "os390/varchar16"),
)
PLACES = {t.name: t.places() for t in TABLES}


def _text(rng, n: int) -> str:
    return "".join(rng.choice("ABCXYZ abc 0189#@$") for _ in range(rng.randint(0, n)))


def _value(rng, c):
    """A value of the column's type, edges included (empty text, signs, zeros, the limits)."""
    t = c.db2_type
    if t in ("CHAR", "VARCHAR") and c.for_bit_data:
        return rng.randbytes(c.length if t == "CHAR" else rng.randint(0, c.length))
    if t in ("CHAR", "VARCHAR"):
        return _text(rng, c.length)
    if t in ("SMALLINT", "INTEGER", "BIGINT"):
        bits = {"SMALLINT": 15, "INTEGER": 31, "BIGINT": 63}[t]
        return rng.choice([0, -1, 1, -(2**bits), 2**bits - 1, rng.randrange(-(2**bits), 2**bits)])
    if t == "DECIMAL":
        n = rng.choice([0, 10**c.length - 1, rng.randrange(10**c.length)])
        return Decimal(n * rng.choice([1, -1])).scaleb(-c.scale)
    return dt.datetime(1900, 1, 1) + dt.timedelta(
        seconds=rng.randrange(200 * 365 * 86400), microseconds=rng.randrange(10**6)
    )


def base_record(table: Table, rng, i: int) -> bytes:
    """A CD row of every operation in turn; nullable columns NULL now and then, by one of the variant's markers."""
    values = {c.name: (None if c.nullable and rng.random() < 0.2 else _value(rng, c)) for c in table.columns}
    values["IBMSNAP_OPERATION"] = OPERATIONS[i % len(OPERATIONS)]
    rec = bytearray(unload.record(table.columns, values, table.indicator))
    for name, (_c, ni, _, _) in PLACES[table.name].items():
        if values[name] is None:
            rec[ni] = rng.choice(NULL_MARKERS[table.indicator])
    return bytes(rec)


# ---- the tests' own reading of a record -------------------------------------------------------------------------


def operation(table: Table, rec: bytes) -> str:
    _, _, at, _ = PLACES[table.name]["IBMSNAP_OPERATION"]
    return rec[at : at + 1].decode("cp037")


def image_kinds(op: str) -> tuple[str, ...]:
    """A delete gives its before row, an update its before (prefix X is the declaration's) and after rows, any
    other operation byte an after row."""
    return {"D": ("before",), "U": ("before", "after")}.get(op, ("after",))


def source_of(column: str, kind: str, op: str) -> str | None:
    """The CD column a row's column is read from: an update's before row reads the before-image column, keeps the
    key and has no value for the others."""
    if kind == "before" and op == "U" and column in SOURCE_COLUMNS and column not in KEY:
        return BEFORE.get(column)
    return column


def slot_bytes(table: Table, rec: bytes, cd_column: str | None) -> bytes | None:
    if cd_column is None:
        return None
    _, ni, at, w = PLACES[table.name][cd_column]
    return (b"" if ni is None else rec[ni : ni + 1]) + rec[at : at + w]


def data_ok(c, v, raw: bytes) -> bool:
    """Unload bytes of one column (no indicator) against a decoded value, by Db2 type (CHAR text: trailing blanks
    and X'00' cut; VARCHAR text: every byte its length counts)."""
    t = c.db2_type
    if v is None:
        return False
    if t == "CHAR":
        return bytes(v) == raw if c.for_bit_data else char_ok(v, raw)
    if t == "VARCHAR":
        n = int.from_bytes(raw[:2], "big", signed=True)
        if not 0 <= n <= c.length:
            return False
        data = raw[2 : 2 + n]
        return bytes(v) == data if c.for_bit_data else v.encode("cp037") == data
    if t in ("SMALLINT", "INTEGER", "BIGINT"):
        return bin_ok(v, raw, True)
    if t == "DECIMAL":
        return abs(Decimal(v).scaleb(c.scale)) < 10**c.length and packed_ok(v, raw, c.scale)
    if t == "TIMESTAMP":
        return ibmi_ts_ok(v, raw)
    raise ValueError(t)


def value_ok(table: Table, rec: bytes, cd_column: str | None, v) -> bool:
    """NULL by a null marker, or the value the column's bytes encode; a before row's column without a before-image
    column is NULL."""
    if cd_column is None:
        return v is None
    c, ni, at, w = PLACES[table.name][cd_column]
    if ni is not None and rec[ni] != 0x00:
        return v is None and rec[ni] in (0xFF, 0x6F)
    return data_ok(c, v, rec[at : at + w])


def judge_row(t: Tally, table: Table, orig: dict | None, mut: dict, base: bytes, rec: bytes, kind: str, where: str):
    """One image row of a mutated record; `orig` None: the unmutated record has no row of this kind."""
    errors = mut["decode_errors"]
    ops = operation(table, base), operation(table, rec)
    for column in SOURCE_COLUMNS + ("IBMSNAP_OPERATION", "IBMSNAP_INTENTSEQ", "IBMSNAP_UOWID"):
        was, now = source_of(column, kind, ops[0]), source_of(column, kind, ops[1])
        changed = orig is None or was != now or slot_bytes(table, base, was) != slot_bytes(table, rec, now)
        t.judge(
            column,
            orig and orig[column],
            mut[column],
            errors,
            changed,
            partial(value_ok, table, rec, now),
            where,
            field=now if now != column else "",
        )
    t.judge(
        "IBMSNAP_COMMITSEQ",
        orig and orig["IBMSNAP_COMMITSEQ"],
        mut["IBMSNAP_COMMITSEQ"],
        errors,
        orig is None,
        lambda v: v is None,
        where,
    )


def judge_batch(table: Table, t: Tally, batch, sql):
    """The view (column by column) and its table twin (the layout function), over the same landed records."""
    for model in (f"{table.name}_images", f"{table.name}_images_decoded"):
        rows = {
            (r["source_file"], r["record_offset"], r["image_kind"]): r.asDict()
            for r in batch.collect(run_model(batch.spark, sql[model], {f"raw_ibmsnap_{table.name}": batch.view}))
        }
        kinds_of = kinds_by_record(rows)
        for i, (rec, _pos) in enumerate(batch.mutated):
            t.records += 1
            base, where = batch.bases[i], f"{model} {batch.where(i)}"
            for kind in image_kinds(operation(table, base)):
                assert rows[(ORIG, i * SPACING, kind)]["decode_errors"] == [], (where, kind)
            kinds = image_kinds(operation(table, rec))
            got = kinds_of.get((MUT, i * SPACING), set())
            if got != set(kinds):
                t.bad("lost" if len(got) < len(kinds) else "wrong", f"{where}: rows {sorted(got)}, want {kinds}")
                continue
            for kind in kinds:
                judge_row(
                    t,
                    table,
                    rows.get((ORIG, i * SPACING, kind)),
                    rows[(MUT, i * SPACING, kind)],
                    base,
                    rec,
                    kind,
                    f"{where} {kind}",
                )
        extra = [k for k in rows if k[0] not in (ORIG, MUT) or k[1] // SPACING >= len(batch.mutated)]
        assert not extra, f"{model}: rows of no landed record {extra[:3]}"


FUZZ = Fuzz(
    "declared IBMSNAP CD tables, every column type",
    tuple(Shape(partial(base_record, table), partial(judge_batch, table)) for table in TABLES),
)


@pytest.fixture(scope="module")
def declared_sql(spark, tmp_path_factory):
    """Both tables' images' SQL (both engines), compiled in the user's project."""
    from udfs.spark.function_install import ensure_installed

    ensure_installed(spark)  # the views call jcat.<fn>
    first, second = TABLES
    with declared_project(
        tmp_path_factory,
        first.name,
        DDL.format(cd_table=first.cd_table),
        "--log",
        "ibmsnap",
        "--key",
        ",".join(KEY),
        "--before-prefix",
        "X",
        "--updates-as-delete-insert",
        "no",
        "--null-indicator",
        first.indicator,
        "--variant",
        first.variant,
    ) as root:
        ddl = root.parent / f"{second.name}.sql"
        ddl.write_text(DDL.format(cd_table=second.cd_table))
        assert (
            main(
                [
                    "tables",
                    "add",
                    second.name,
                    "--log",
                    "ibmsnap",
                    "--ddl",
                    str(ddl),
                    "--key",
                    ",".join(KEY),
                    "--before-prefix",
                    "X",
                    "--updates-as-delete-insert",
                    "no",
                    "--null-indicator",
                    second.indicator,
                    "--variant",
                    second.variant,
                ]
            )
            == 0
        )
        return compile_project(spark, root, [f"{t.name}_images{s}" for t in TABLES for s in ("", "_decoded")])


def test_the_two_engines_are_the_view_and_the_layout_function(declared_sql):
    """What the fuzz below runs: the view column by column through the persistent functions, the twin through
    decode_<name>_image (a mistake here would fuzz one engine twice)."""
    for t in TABLES:
        view, twin = declared_sql[f"{t.name}_images"], declared_sql[f"{t.name}_images_decoded"]
        assert "jcat.ebcdic_str" in view and f"decode_{t.name}_image" not in view
        assert f"decode_{t.name}_image(record)" in twin


def test_each_value_of_a_mutated_declared_cd_row_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, declared_sql, request
):
    FUZZ.assert_clean(spark, declared_sql, request)


@pytest.mark.million
def test_each_value_of_a_million_mutated_declared_cd_rows_is_the_original_a_named_null_or_its_mutated_bytes(
    spark, declared_sql, request
):
    FUZZ.assert_clean(spark, declared_sql, request)
