"""idms_journal: every REC line of seed 004 in the model, every value of every record type as encoded."""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

import pytest

from udfs.cli import run_dbt
from udfs.demos import idms as demo
from udfs.layouts import idms

REPO = Path(__file__).resolve().parent.parent
SEED = next((REPO.parent / "shared" / "seeds").glob("004_*.txt"))
MODEL = REPO / "models" / "idms" / "idms_journal.sql"
RAW_DDL = "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"
REC_LINE = re.compile(r"\bREC\s+([A-Z][A-Z0-9-]*)\s+(\d+)\s+(\d+)(?:\s+([12])(?=\s|$))?")


def seed_rec_lines() -> list[tuple[str, int, int, str]]:
    return [(m[1], int(m[2]), int(m[3]), m[4] or "") for m in REC_LINE.finditer(SEED.read_text())]


def seed_sections() -> dict[str, set[str]]:
    """REC name -> record types from the `REC $ ... RECORDS` heading it stands under (common prefix: all)."""
    text = SEED.read_text()
    text = text[text.index("REC PARAMETERS"):]
    out, current = {}, set(idms.ALL)
    for m in re.finditer(r"REC \$ ([^*]*?)\*|" + REC_LINE.pattern, text):
        if m[1] is not None:
            current = set(re.findall(r"\b[A-Z]{4}\b", m[1])) & set(idms.ALL)
        else:
            out[m[2]] = current
    return out


# ---- the table as data against the seed (no Spark) -------------------------------------------------------

def test_layout_mirrors_every_rec_line_of_the_seed():
    lines = seed_rec_lines()
    assert len(lines) > 100
    assert [(r.name, r.field.pos, r.field.length, r.seed_type) for r in idms.REC] == lines


def test_record_types_follow_the_seed_headings():
    sections = seed_sections()
    # refinements within a heading, from the seed's own comments: SAVEPOINT-SEQ "$RTSV only." shares 73-80
    # with the local task id, which therefore is not an RTSV field
    refined = {"SAVEPOINT-SEQ": {"RTSV"}, "TASK-ID": set(idms.TASK), "LT-P1": set(idms.TASK), "LT-P2": set(idms.TASK)}
    for r in idms.REC:
        assert set(r.types) == refined.get(r.name, sections[r.name]), r.name


def test_model_has_a_line_for_every_rec_line():
    sql = MODEL.read_text().splitlines()
    for rec in idms.REC:
        name, pos, length, seed_type = rec.name, rec.field.pos, rec.field.length, rec.seed_type
        tag = f"{name} {pos} {length}" + (f" {seed_type}" if seed_type else "")
        hits = [line for line in sql if re.search(r"--\s+" + re.escape(tag) + r"(\s|:|$)", line)]
        assert len(hits) == 1, f"{tag}: {len(hits)} lines"
        line = hits[0]
        if rec.folded or rec.field.kind == "group":
            assert " as " not in line.split("--")[0], f"{name} is a synonym/group: comment only"
            continue
        kind = {"idms_ts": "ts_utc" if name in ("GMT", "QUAL-LOCAL") else "ts"}.get(rec.field.kind, rec.field.kind)
        call = re.search(r"jcat_idms_field\('(\w+)',\s*(\d+),\s*(\d+),\s*'(\w+)'\)", line)
        assert call, f"{name}: no jcat_idms_field call"
        assert (call[1], int(call[2]), int(call[3])) == (kind, pos, length), name
        assert re.search(rf"\bas {rec.column},?\s+--", line), f"{name}: column {rec.column}"


def test_datetime_encoder_matches_the_broadcom_dump():
    # KB 247037: GMT X'01688787AFDC2DBF'; KB 28740 layout with day 0 = 0001-01-01
    assert idms.idms_datetime(dt.datetime(2022, 7, 29, 8, 44, 45, 798143)) == bytes.fromhex("01688787AFDC2DBF")
    assert idms.idms_datetime(None) == b"\x00" * 8


# ---- through dbt ---------------------------------------------------------------------------------------

def land(spark, records: list[bytes], mode: str = "overwrite", load_id: str = "L1", source_file: str = "j1.jrn") -> None:
    """Stand-in for `jcat load`: records straight into a plain table jcat.raw_idms (the loader's view, if a
    load made one, is dropped first; `unland` drops the table so a later load recreates its view)."""
    if mode == "overwrite":
        unland(spark)
    rows, offset = [], 0
    for i, r in enumerate(records):
        rows.append((source_file, offset, i + 1, bytearray(r), load_id))
        offset += len(r)
    spark.createDataFrame(rows, RAW_DDL).write.mode(mode).saveAsTable("jcat.raw_idms")


def unland(spark) -> None:
    kind = [r.tableType for r in spark.catalog.listTables("jcat") if r.name == "raw_idms"]
    if kind:
        spark.sql(f"drop {'view' if kind[0] == 'VIEW' else 'table'} jcat.raw_idms")


@pytest.fixture(scope="module", autouse=True)
def _unland_after(spark):
    yield
    unland(spark)


def idms_project() -> Path:
    """The dbt project with only what the IDMS models need (shared macros, sources, models/idms).

    The working tree is shared with models in progress elsewhere; parsing just these keeps these tests about
    the IDMS models (and quick). The same files parse and build within the whole project.
    """
    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="jcat-idms-project-"))
    for name in ("dbt_project.yml", "profiles.yml"):
        shutil.copy(REPO / name, root / name)
    shutil.copytree(REPO / "macros", root / "macros")
    (root / "models").mkdir()
    shutil.copy(REPO / "models" / "sources.yml", root / "models" / "sources.yml")
    shutil.copytree(REPO / "models" / "idms", root / "models" / "idms")
    return root


def build(spark, select: str = "idms_journal", full_refresh: bool = True, extra: list[str] | None = None,
          command: str = "build") -> bool:
    args = [command, "--select", select] + (["--full-refresh"] if full_refresh else []) + (extra or [])
    saved = {k: os.environ.get(k) for k in ("JCAT_PROJECT_DIR", "DBT_TARGET_PATH")}
    project = idms_project()
    os.environ["JCAT_PROJECT_DIR"] = str(project)
    os.environ["DBT_TARGET_PATH"] = str(project / "target")  # its own parse cache, not the full project's
    try:
        return run_dbt(spark, args)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture(scope="module")
def journal_rows(spark):
    land(spark, demo.records())
    assert build(spark, "idms_journal")
    rows = spark.sql("select * from jcat.idms_journal order by SEQ").collect()
    return [r.asDict() for r in rows]


def expected(rec_type: str, values: dict) -> dict:
    """What the model must show for values given to the encoder: text as given, numbers, hex upper-case."""
    out = {}
    by_col = {r.column: r for r in idms.REC if not r.folded}
    for col, v in values.items():
        if col in ("image", "lids"):
            continue
        r = by_col[col]
        if r.field.kind == "hex":
            out[col] = bytes(v).hex().upper()
        elif r.field.kind == "idms_ts" and v is not None and col in ("GMT", "QUAL_LOCAL"):
            out[col] = v.replace(tzinfo=dt.timezone.utc)
        else:
            out[col] = v
    return out


def test_every_value_as_encoded(journal_rows):
    scen = demo.scenario()
    assert len(journal_rows) == len(scen)
    assert {r["TYPE"] for r in journal_rows} == set(idms.RECORD_TYPES)
    for i, ((rec_type, values), row) in enumerate(zip(scen, journal_rows)):
        want = expected(rec_type, values)
        want.update(TYPE=rec_type, SEQ=480001 + i, QUAL_CV="SYSTEM74", QUAL_LOCAL=None,
                    GMT=(demo.START + i * dt.timedelta(milliseconds=125)).replace(tzinfo=dt.timezone.utc))
        got = {k: (v.replace(tzinfo=dt.timezone.utc) if k == "GMT" and v else v) for k, v in row.items()}
        for col, v in want.items():
            assert got[col] == v, (i, rec_type, col, got[col], v)
        assert row["decode_errors"] == [], (i, rec_type, row["decode_errors"])
        assert row["REC_LEN"] == len(demo.records()[i])
        assert row["SEQ_A"] == (480001 + i).to_bytes(8, "big").hex().upper()


def test_fields_are_null_for_types_that_do_not_carry_them(journal_rows):
    carried = {r.column: r.types for r in idms.REC if not r.folded and r.field.kind != "group"}
    for row in journal_rows:
        for col, types in carried.items():
            if row["TYPE"] not in types:
                assert row[col] is None, (row["TYPE"], col)


def test_images_db_keys_and_lids(journal_rows):
    scen = demo.scenario()
    for (rec_type, values), row in zip(scen, journal_rows):
        if rec_type in ("BFOR", "AFTR"):
            image = values["image"]
            assert row["IMAGE_LEN"] == len(image)
            assert row["RECORD_IMAGE"] == (bytes(image) if image else None)
            assert (row["DB_KEY_PAGE"], row["DB_KEY_LINE"]) == divmod(values["DB_KEY"], 256)
        else:
            assert row["RECORD_IMAGE"] is None and row["DB_KEY_PAGE"] is None
        if rec_type in idms.DIST:
            assert row["LIDS"] == list(values.get("lids", ())), rec_type
        else:
            assert row["LIDS"] is None


def test_time_record_stamps(journal_rows):
    times = [r for r in journal_rows if r["TYPE"] == "TIME"]
    assert times[0]["T_DATESTMP"] == demo.START + demo.LOCAL_OFFSET
    assert times[1]["T_DATESTMP"] is None and times[1]["decode_errors"] == []  # zero: not yet written


def test_undecodable_fields_are_null_and_named(spark):
    g = dt.datetime(2024, 3, 4, 14, 30)
    base = {"GMT": g, "SEQ": 1, "QUAL_CV": "SYSTEM74", "TRANSACT_ID": 7}
    bad_gmt = bytearray(idms.encode("ENDJ", {**base, "PROGRAM_NAME": "PAYROLL"}))
    bad_gmt[8:16] = ((738000 << 37) | (86400 << 20)).to_bytes(8, "big")  # 86400 s past midnight
    long_len = idms.encode("BFOR", {**base, "SEQ": 2}, length=64)[:0] + b"\x00\x41" + idms.encode("BFOR", {**base, "SEQ": 2})[2:]
    short_image = bytearray(idms.encode("AFTR", {**base, "SEQ": 3}, image=b"\xc1" * 10))[:-4]  # IMAGE-LEN 10, 6 bytes held
    short_image[0:2] = len(short_image).to_bytes(2, "big")
    lids_past_end = bytearray(idms.encode("DCOM", {"GMT": g, "SEQ": 4, "QUAL_CV": "SYSTEM74"}, lids=(1, 2)))
    lids_past_end[70:72] = (3).to_bytes(2, "big")  # LIDNUM 3, only 2 held
    unknown = bytearray(idms.encode("TIME", {"GMT": g, "SEQ": 5, "QUAL_CV": "SYSTEM74"}))
    unknown[4:8] = b"\xe7\xe7\xe7\xe7"  # 'XXXX'
    land(spark, [bytes(bad_gmt), long_len, bytes(short_image), bytes(lids_past_end), bytes(unknown)], load_id="BAD")
    assert build(spark, "idms_journal", command="run")
    got = {r.SEQ: r for r in spark.sql("select * from jcat.idms_journal").collect()}
    assert got[1].GMT is None and got[1].decode_errors == ["GMT"] and got[1].PROGRAM_NAME == "PAYROLL"
    assert got[2].REC_LEN == 65 and got[2].decode_errors == ["REC_LEN"]
    assert got[3].IMAGE_LEN == 10 and got[3].RECORD_IMAGE is None and got[3].decode_errors == ["RECORD_IMAGE"]
    assert got[4].LIDNUM == 3 and got[4].LIDS is None and got[4].decode_errors == ["LIDS"]
    assert got[5].TYPE == "XXXX" and got[5].decode_errors == ["TYPE"] and got[5].T_DATESTMP is None


def test_strict_mode_fails_the_build_on_a_decode_error(spark):
    bad = bytearray(idms.encode("ENDJ", {"GMT": dt.datetime(2024, 1, 1), "SEQ": 1, "QUAL_CV": "SYSTEM74"}))
    bad[8:16] = ((738000 << 37) | (86400 << 20)).to_bytes(8, "big")
    land(spark, [bytes(bad)], load_id="STRICT")
    assert not build(spark, "idms_journal", command="run", extra=["--vars", "{jcat_strict: true}"])
