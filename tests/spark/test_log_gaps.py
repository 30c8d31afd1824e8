"""jcat.log_gaps end to end: files landed by the loader, as `jcat load` lands them, from an IBM i journal with a
gap, an overlap and a sequence reset between its files, and from an IDMS journal with records missing between two
files; the view names each file that does not continue the one before it, and nothing else."""

from __future__ import annotations

import datetime as dt

import pytest
from support.ibmi import entries as ibmi
from support.ibmi.journal_files import RECORD_LENGTH

from udfs.dbt.runner import run_dbt
from udfs.spark.landing.loader import load

pytestmark = pytest.mark.spark

SYSTEM, LIBRARY, CV = "GAPSYS", "GAPLIB", "CVGAP"  # names no other module's entries carry
T0 = dt.datetime(2025, 5, 1, 9, 0, 0)
# IBM i files (name, first sequence, last sequence), each a minute after the one before
IBMI_FILES = [("GAPA.bin", 1, 3), ("GAPB.bin", 4, 6), ("GAPC.bin", 10, 11), ("GAPD.bin", 11, 12), ("GAPE.bin", 1, 2)]
IDMS_FILES = [("GAPJ1.jrn", 500, 502), ("GAPJ2.jrn", 503, 504), ("GAPJ3.jrn", 510, 511)]


def _entry(seq: int, at: dt.datetime) -> bytes:
    values = {**ibmi.HEADING, "JOSEQN": seq, "JOTSTP": at, "JOSYNM": SYSTEM, "JORCVLIB": LIBRARY}
    return ibmi.type5_record(values, record_length=RECORD_LENGTH)


def idms_stamp(at: dt.datetime) -> bytes:
    """IDMS 8-byte date-time (formats.md, Broadcom KB 28740): days since 0001-01-01 in the first 27 bits, then
    17 bits of seconds since midnight, then 20 bits of microseconds."""
    since = at - dt.datetime(1, 1, 1)
    seconds = since.seconds
    return ((since.days << 37) | (seconds << 20) | at.microsecond).to_bytes(8, "big")


def _idms_record(seq: int, at: dt.datetime) -> bytes:
    """REC-LEN (whole record), X'0000', TYPE, GMT, SEQ, QUAL (the central version's name): seed 004's prefix."""
    body = "COMT".encode("cp037") + idms_stamp(at) + seq.to_bytes(8, "big") + CV.ljust(8).encode("cp037")
    return (len(body) + 4).to_bytes(2, "big") + b"\x00\x00" + body


def _land(spark, tmp_path, layout: str, files, record, **options) -> dict[str, str]:
    """Land the first two files in one load and the others in a second (a gap is between files, whatever their
    loads); gives each file's load id by name."""
    paths = []
    for i, (name, first, last) in enumerate(files):
        paths.append(tmp_path / name)
        paths[-1].write_bytes(
            b"".join(record(s, T0 + dt.timedelta(minutes=i, seconds=s - first)) for s in range(first, last + 1))
        )
    first = load(spark, layout, [str(p) for p in paths[:2]], **options).load_id
    rest = load(spark, layout, [str(p) for p in paths[2:]], **options).load_id
    return {name: first if i < 2 else rest for i, (name, _, _) in enumerate(files)}


@pytest.fixture(scope="module")
def gaps(spark, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gaps")
    ibmi_loads = _land(spark, tmp, "qjordje5", IBMI_FILES, _entry, record_length=RECORD_LENGTH)
    idms_loads = _land(spark, tmp, "idms", IDMS_FILES, _idms_record)
    assert run_dbt(spark, ["run", "--select", "journal_entries", "idms_journal"])
    assert run_dbt(spark, ["build", "--select", "log_gaps"])  # its unit test and data tests too
    rows = spark.sql(f"""select * from jcat.log_gaps
        where (LOG = 'ibmi' and SOURCE_SYSTEM = '{SYSTEM}' and RECEIVER_LIBRARY = '{LIBRARY}')
           or (LOG = 'idms' and SOURCE_SYSTEM = '{CV}')
        order by LOG, FIRST_TIME""").collect()
    return rows, {**ibmi_loads, **idms_loads}


def _file(row_value: str) -> str:
    return row_value.rsplit("/", 1)[-1]


def test_each_file_that_does_not_continue_the_one_before_is_named(gaps):
    rows, _ = gaps
    got = [
        (
            r.LOG,
            r.KIND,
            _file(r.PREVIOUS_SOURCE_FILE),
            int(r.PREVIOUS_LAST_SEQUENCE),
            _file(r.SOURCE_FILE),
            int(r.FIRST_SEQUENCE),
            r.MISSING_ENTRIES,
            r.OVERLAPPING_ENTRIES,
        )
        for r in rows
    ]
    assert got == [
        ("ibmi", "gap", "GAPB.bin", 6, "GAPC.bin", 10, 3, None),  # 7, 8 and 9 never landed
        ("ibmi", "overlap", "GAPC.bin", 11, "GAPD.bin", 11, None, 1),  # 11 landed twice
        ("ibmi", "reset", "GAPD.bin", 12, "GAPE.bin", 1, None, None),  # numbering started again
        ("idms", "gap", "GAPJ2.jrn", 504, "GAPJ3.jrn", 510, 5, None),  # 505-509 never landed
    ]


def test_rows_carry_the_loads_and_times_of_both_files(gaps):
    rows, loads = gaps
    gap = rows[0]
    assert (gap.PREVIOUS_LOAD_ID, gap.LOAD_ID) == (loads["GAPB.bin"], loads["GAPC.bin"])
    assert loads["GAPB.bin"] != loads["GAPC.bin"]
    assert gap.PREVIOUS_LAST_TIME == T0 + dt.timedelta(minutes=1, seconds=2)
    assert gap.FIRST_TIME == T0 + dt.timedelta(minutes=2)
    idms_gap = rows[-1]
    assert idms_gap.LOAD_ID == loads["GAPJ3.jrn"]
    assert idms_gap.FIRST_TIME == T0 + dt.timedelta(minutes=2)  # the UTC instant, as the journal wrote it
