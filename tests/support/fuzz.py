"""Byte-mutation property tests: the one harness every layout's test runs (no tests here). It builds records,
mutates them, runs the models' own SQL over them in one Spark query per model, and judges every decoded value; a
layout's test gives only its records, the models it runs and, where its kinds need one, its own judgement.

The path is the one users take: `dbt compile` renders each model exactly as `dbt build` would (macros and all),
and the compiled SQL runs over temporary views standing in for its inputs (raw_<layout>, upstream models), so
thousands of records cost one query per model instead of a dbt build.

A value of a mutated record is judged against the same record unmutated (decoded in the same query):
- no byte it depends on changed: it must equal the unmutated value ("wrong" if it differs, "lost" if NULL);
- otherwise: NULL and named in decode_errors, or a value the tests' own encoder for its kind turns back into the
  mutated bytes (up to the kind's documented normalisation: trailing blanks, the sign zone's class), or, for a
  NULL, bytes that mean "no value" for the kind (blanks); anything else is "wrong" (not NULL) or "unnamed" (NULL).
"""

from __future__ import annotations

import glob
import math
import os
import random
import re
import struct
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from decimal import Context, Decimal
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

MILLION_RECORDS = 1_000_000  # `-m million`: hours per layout, run by hand (figures in docs/bench.md)
LIGHT_RECORDS = 1_200
MILLION_SEED = 18  # the million-record runs are one fixed seed: a million records are their own variety
RECORDS_ENV = "JCAT_FUZZ_RECORDS"  # a million-record test run with fewer records (its seed, its rate), by hand
ORIG, MUT = "orig.bin", "mut.bin"  # source_file of the unmutated and of the mutated records
SPACING = 1_000_000  # record i of a batch sits at record_offset i * SPACING in both files
POSITIVE, NEGATIVE = {0xA, 0xC, 0xE, 0xF}, {0xB, 0xD}
EXACT = Context(prec=80)  # enough for any DECIMAL(31, s) scaled


def record_count(request) -> int:
    """The test's marker says how many: `million` a million (or $JCAT_FUZZ_RECORDS), otherwise the suite's size."""
    if request.node.get_closest_marker("million"):
        return int(os.environ.get(RECORDS_ENV, MILLION_RECORDS))
    return LIGHT_RECORDS


def mutate(rng, record: bytes, where: Sequence[int] | None = None) -> tuple[bytes, tuple[int, ...]]:
    """One to four bytes replaced by a different byte, anywhere in the record or at the 0-based positions `where`
    allows: (mutated, 0-based positions)."""
    where = range(len(record)) if where is None else where
    k = min(rng.randint(1, 4), len(where))
    positions = tuple(sorted(rng.sample(where, k)))
    b = bytearray(record)
    for p in positions:
        b[p] = (b[p] + rng.randrange(1, 256)) % 256
    return bytes(b), positions


# ---- running compiled models ------------------------------------------------------------------------------

_COMPILED: dict[str, str] = {}
FUZZED_MODELS = [
    "lldf_segments",
    "lldf_segments_decoded",
    "lldf_data_change",
    "lldf_segment_rejects",
    "journal_entries_decoded",
    "path:models/ibmi/esd",
    "path:models/ibmsnap",
    "idms_journal",
    "audit_journal_m7",
]


def compile_models(spark, select: list[str]) -> dict[str, str]:
    """{model name: compiled SQL}, rendered by dbt as a full refresh; every fuzzed model is compiled on the first
    call (one dbt parse for all the fuzz modules of a run)."""
    from udfs.dbt.runner import run_dbt

    if not _COMPILED:
        assert run_dbt(spark, ["compile", "--quiet", "--full-refresh", "--select", *FUZZED_MODELS]), (
            "dbt compile failed"
        )
        _COMPILED.update(_compiled_in(Path(os.environ["DBT_TARGET_PATH"])))
    missing = [m for m in select if m not in _COMPILED]
    assert not missing, f"not compiled: {missing}"
    return _COMPILED


def _compiled_in(target: Path) -> dict[str, str]:
    out = {}
    for path in glob.glob(str(target / "compiled" / "*" / "models" / "**" / "*.sql"), recursive=True):
        if any(part.endswith(".yml") for part in Path(path).parts):
            continue  # a unit test's input fixture (<model>.yml/<input>.sql), named like the model it mocks
        out[Path(path).stem] = Path(path).read_text()
    return out


def compile_project(spark, project: Path, select: list[str], extra: tuple[str, ...] = ()) -> dict[str, str]:
    """{model name: compiled SQL} of `select` in another dbt project (a user's, with jcat as a package), as a
    full refresh, in that project's own target folder: the one compile of jcat's own models is left as it is.
    jcat builds it as it would (JCAT_PROJECT_DIR), registering the project's declared tables' layout functions.
    `extra`: more dbt arguments (--vars ...)."""
    from udfs.dbt.runner import run_dbt

    target = project / "target"
    saved = {k: os.environ.get(k) for k in ("JCAT_PROJECT_DIR", "DBT_TARGET_PATH")}
    os.environ.update(JCAT_PROJECT_DIR=str(project), DBT_TARGET_PATH=str(target))
    try:
        assert run_dbt(spark, ["compile", "--quiet", "--full-refresh", "--select", *select, *extra]), (
            "dbt compile failed"
        )
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    compiled = _compiled_in(target)
    missing = [m for m in select if m not in compiled]
    assert not missing, f"not compiled: {missing}"
    return compiled


def run_model(spark, sql: str, inputs: dict[str, str]):
    """The compiled SQL with each input relation (`jcat.<name>`) read from a temporary view instead."""
    for name, view in inputs.items():
        sql, n = re.subn(rf"`?jcat`?\s*\.\s*`?{name}`?(?![A-Za-z0-9_])", view, sql)
        assert n, f"the compiled SQL does not read jcat.{name}"
    return spark.sql(sql)


def raw_view(spark, name: str, records: list[bytes], source_file: str = "fuzz.bin"):
    """A raw_<layout>-shaped temporary view: record i at offset i * SPACING (the offset identifies it)."""
    rows = [(source_file, i * SPACING, i, r, "L-FUZZ") for i, r in enumerate(records)]
    df = spark.createDataFrame(
        rows, "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"
    )
    df.createOrReplaceTempView(name)
    return name


# ---- the tests' own encoders, by kind, with each kind's normalisation --------------------------------------


def char_ok(value, raw: bytes, ccsid: str = "cp037") -> bool:
    """Text with trailing X'40' and X'00' cut (ebcdic_str), NULL when nothing is left (jcat_char)."""
    text = "" if value is None else value
    return text.encode(ccsid) == raw.rstrip(b"\x40\x00")


def bin_ok(value, raw: bytes, signed: bool) -> bool:
    if value is None:
        return False
    try:
        return int(value).to_bytes(len(raw), "big", signed=signed) == raw
    except OverflowError:
        return False


def zoned_ok(value, raw: bytes) -> bool:
    """Digits one a byte, zone F, the last byte's zone the sign: any of A C E F is +, B D is - (normalisation)."""
    if value is None:
        return raw == b"\x40" * len(raw)  # blank: no value
    v = int(value)
    digits = str(abs(v)).rjust(len(raw), "0")
    if len(digits) != len(raw) or any(b >> 4 != 0xF for b in raw[:-1]):
        return False
    if any((b & 0xF) != int(d) for b, d in zip(raw, digits)):
        return False
    zone = raw[-1] >> 4
    return zone in (NEGATIVE if v < 0 else POSITIVE | (NEGATIVE if v == 0 else set()))


def packed_ok(value, raw: bytes, scale: int = 0) -> bool:
    """Up to 31 digits: scaled exactly (Python's default decimal context keeps 28 digits and would round)."""
    if value is None:
        return False
    d = Decimal(value).scaleb(scale, EXACT)
    if d != d.to_integral_value(context=EXACT):
        return False
    v = int(d)
    nibbles = [n for b in raw for n in (b >> 4, b & 0xF)]
    digits = str(abs(v)).rjust(len(nibbles) - 1, "0")
    if len(digits) != len(nibbles) - 1 or any(n != int(d) for n, d in zip(nibbles, digits)):
        return False
    return nibbles[-1] in (NEGATIVE if v < 0 else POSITIVE | (NEGATIVE if v == 0 else set()))


def digits_ok(value, raw: bytes) -> bool:
    """EBCDIC digits (IBM i Char(20) numbers): blank is no value."""
    if value is None:
        return raw.strip(b"\x40") == b""
    return int(value) >= 0 and str(int(value)).rjust(len(raw), "0").encode("cp037") == raw


def ibmi_ts_ok(value, raw: bytes) -> bool:
    if value is None:
        return raw.strip(b"\x40") == b""
    return (f"{value.year:04d}" + value.strftime("-%m-%d-%H.%M.%S.%f")).encode("cp037") == raw


def float_ok(value, raw: bytes) -> bool:
    """IEEE 754 big-endian, 4 or 8 bytes; a NaN is any NaN (its payload is not kept)."""
    if value is None:
        return False
    fmt = ">f" if len(raw) == 4 else ">d"
    if math.isnan(value):
        return math.isnan(struct.unpack(fmt, raw)[0])
    try:
        return struct.pack(fmt, value) == raw
    except OverflowError:
        return False


def varying_ok(value, raw: bytes, codec: str | None = None) -> bool:
    """A 2-byte big-endian length L, then L bytes (text in `codec`, None: the bytes): the bytes past L are not read."""
    if value is None:
        return False
    n = int.from_bytes(raw[:2], "big")
    payload = bytes(value) if codec is None else value.encode(codec)
    return n <= len(raw) - 2 and raw[2 : 2 + n] == payload


def hex_ok(value, raw: bytes) -> bool:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value) == raw
    return value is not None and value.upper() == raw.hex().upper()


# ---- judging ---------------------------------------------------------------------------------------------


@dataclass
class Tally:
    layout: str
    records: int = 0
    values: int = 0
    wrong: int = 0
    lost: int = 0
    unnamed: int = 0
    framing_rejects: int = 0
    not_reencoded: int = 0  # structured values (structs, arrays) whose bytes changed: NULL-or-named not required
    examples: list = field(default_factory=list)

    def bad(self, kind: str, what: str):
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.examples) < 40:
            self.examples.append(f"{kind}: {what}")

    def judge(self, column: str, orig, mutated, errors, changed: bool, encodes, where: str = "", field: str = ""):
        """One value. `encodes(value) -> bool`: the tests' encoder turns `value` back into the mutated bytes.
        `field`: the field a derived column comes from, whose name in decode_errors also names the column."""
        self.values += 1
        errors = list(errors or [])
        if field and field in errors:
            errors.append(column)
        if not changed:
            if mutated == orig or (mutated is None and orig is None):
                return
            self.bad(
                "lost" if mutated is None else "wrong",
                f"{where} {column}: {orig!r} -> {mutated!r} with no byte of it changed",
            )
            return
        if mutated is None:
            if column in errors or (encodes is not None and encodes(None)):
                return
            self.bad("unnamed", f"{where} {column}: NULL, not in decode_errors {errors}")
            return
        if encodes is not None and encodes(mutated):
            return
        if encodes is None and mutated == orig:
            return
        self.bad("wrong", f"{where} {column}: {mutated!r} (was {orig!r}) does not encode to the mutated bytes")

    def summary(self) -> str:
        return (
            f"{self.layout}: {self.records} mutated records, {self.values} values checked, {self.wrong} wrong, "
            f"{self.lost} lost, {self.unnamed} unnamed, {self.framing_rejects} framing rejects"
            + (
                f", {self.not_reencoded} structured values with changed bytes not re-encoded"
                if self.not_reencoded
                else ""
            )
        )

    def assert_clean(self):
        print(self.summary())
        assert (self.wrong, self.lost, self.unnamed) == (0, 0, 0), self.summary() + "\n" + "\n".join(self.examples)


def changed_in(positions: tuple[int, ...], start: int, length: int) -> bool:
    """Whether any mutated position (0-based) falls in [start, start + length) (0-based)."""
    return any(start <= p < start + length for p in positions)


def kind_ok(kind: str, value, raw: bytes) -> bool:
    """The tests' encoder for a field kind shared by the layouts: `value` encodes back to `raw`."""
    if kind == "char":
        return char_ok(value, raw)
    if kind == "zoned":
        return zoned_ok(value, raw)
    if kind == "digits":
        return digits_ok(value, raw)
    if kind == "ibmi_ts":
        return ibmi_ts_ok(value, raw)
    if kind == "hex":
        return hex_ok(value, raw)
    if kind in ("bin", "ubin", "u64"):
        return bin_ok(value, raw, kind == "bin")
    if kind == "packed":
        return packed_ok(value, raw)
    if kind == "jobnum":  # the IBM i heading's job number: zoned digits published as six characters
        return (value is None and raw == b"\x40" * 6) or (
            value is not None and zoned_ok(int(value), raw) and value == value.zfill(6)
        )
    raise ValueError(kind)


def judge_fields(t: Tally, fields, orig, mut, pos, rec: bytes, where: str) -> None:
    """Each (column, 0-based start, width, kind) of a fixed layout: the unmutated value where none of its bytes
    changed, else a NULL named in decode_errors or what its mutated bytes encode (kind_ok)."""
    for column, start, width, kind in fields:
        raw = rec[start : start + width]
        t.judge(
            column,
            orig[column],
            mut[column],
            mut["decode_errors"],
            changed_in(pos, start, width),
            lambda v, kind=kind, raw=raw: kind_ok(kind, v, raw),
            where,
        )


# ---- the harness: one run for every layout -------------------------------------------------------------------


@dataclass
class Clock:
    """Where a run's time goes: building and mutating records, landing them, the models' queries (their collect
    included) and judging (the rest of a shape's judge)."""

    started: float = field(default_factory=time.perf_counter)
    seconds: dict = field(default_factory=lambda: dict.fromkeys(("build", "land", "query", "judge"), 0.0))

    @contextmanager
    def phase(self, name: str):
        t = time.perf_counter()
        try:
            yield
        finally:
            self.seconds[name] += time.perf_counter() - t

    def line(self, label: str, done: int, n: int) -> str:
        took = time.perf_counter() - self.started
        phases = ", ".join(f"{k} {v:.0f} s" for k, v in self.seconds.items())
        return f"{label}: {done:,}/{n:,} records in {took:.0f} s, {done / took:.0f} records/s ({phases})"


@dataclass
class Batch:
    """Records lo.. of a run, landed twice in the temporary raw view `view`: unmutated (source_file ORIG) and
    mutated (MUT), record i at record_offset i * SPACING in both."""

    spark: object
    lo: int
    mutated: list  # [(mutated record, 0-based mutated positions)]
    view: str = "fz_raw"
    bases: list = field(default_factory=list)  # the unmutated records, for judges that read them
    clock: Clock = field(default_factory=Clock)

    @classmethod
    def land(cls, spark, lo: int, bases: list[bytes], mutated: list, clock: Clock | None = None) -> Batch:
        clock = clock or Clock()
        with clock.phase("land"):
            raw_view(spark, "fz_raw_orig", bases, ORIG)
            raw_view(spark, "fz_raw_mut", [m for m, _ in mutated], MUT)
            spark.sql("select * from fz_raw_orig union all select * from fz_raw_mut").createOrReplaceTempView(cls.view)
        return cls(spark, lo, mutated, bases=bases, clock=clock)

    def collect(self, df) -> list:
        """A model's rows, the time counted as the query's."""
        with self.clock.phase("query"):
            return df.collect()

    def decoded(self, df, view: str):
        """A model's rows that other models read, decoded once and kept on the executors as the temporary view
        `view`. Not `.cache()`: a query reading a cached DataFrame through a temporary view did not use the cache
        and decoded every record again (the 58 ESD models of test_fuzz_ibmi: 58 more decodes of each batch); a
        local checkpoint's rows are read as they are."""
        with self.clock.phase("query"):
            kept = df.localCheckpoint(eager=True)
        kept.createOrReplaceTempView(view)
        return kept

    def rows(self, sql: str, inputs: dict[str, str]) -> dict[tuple[str, int], dict]:
        """A model's rows by (source_file, record_offset); `inputs`: the relations it reads -> temporary views."""
        return {
            (r["source_file"], r["record_offset"]): r.asDict() for r in self.collect(run_model(self.spark, sql, inputs))
        }

    def where(self, i: int) -> str:
        return f"record {self.lo + i} bytes {self.mutated[i][1]}"

    def pairs(self, rows: dict) -> Iterator[tuple[int, bytes, tuple[int, ...], dict, dict | None]]:
        """(i, mutated record, positions, unmutated row, mutated row or None when it left the model) for every
        record of the batch. Every unmutated record must be in `rows` and decode whole."""
        for i, (rec, pos) in enumerate(self.mutated):
            orig = rows[(ORIG, i * SPACING)]
            assert orig["decode_errors"] == [], (self.where(i), orig["decode_errors"])
            yield i, rec, pos, orig, rows.get((MUT, i * SPACING))

    def kept(self, t: Tally, rows: dict, model: str) -> Iterator[tuple[int, bytes, tuple[int, ...], dict, dict]]:
        """pairs() of the records `model` kept, each counted in `t`; a record it lost is counted lost, by name (for
        a model with no rejects table: every record it reads is one of its rows)."""
        for i, rec, pos, orig, mut in self.pairs(rows):
            t.records += 1
            if mut is None:
                t.bad("lost", f"{self.where(i)}: left {model}")
                continue
            yield i, rec, pos, orig, mut


def kinds_by_record(rows: dict) -> dict[tuple[str, int], set]:
    """{(source_file, record_offset): the image kinds of its rows} of rows keyed (source_file, record_offset, kind):
    one pass, where looking each record up in all the rows was a pass over the batch for every record."""
    out: dict[tuple[str, int], set] = {}
    for f, o, k in rows:
        out.setdefault((f, o), set()).add(k)
    return out


@dataclass(frozen=True)
class Shape:
    """Records of one kind: how record i is built (by the encoders) and how a landed batch of them is decoded by
    the models' SQL (`sql`: {model: compiled SQL}) and judged into the tally; `mutable` keeps mutations to the
    bytes the models under test read (a log's heading fuzzed by its own test is mostly left alone)."""

    build: Callable[[random.Random, int], bytes]
    judge: Callable[[Tally, Batch, dict], None]
    mutable: Callable[[bytes], Sequence[int]] | None = None  # the positions mutations fall in (None: anywhere)


@dataclass(frozen=True)
class Fuzz:
    """A layout's fuzz run: its shapes share the run's records evenly (one shape: all of them), in batches of
    `chunk`, each one Spark query per model."""

    label: str
    shapes: tuple
    chunk: int = 20_000

    def run(self, spark, sql: dict, n: int, seed: int, progress: bool = False) -> Tally:
        """`progress`: a line on stderr after each batch (records so far, records/s, seconds by phase)."""
        rng, t, clock = random.Random(seed), Tally(self.label), Clock()
        each = max(1, n // len(self.shapes))
        done = 0
        for shape in self.shapes:
            for lo in range(0, each, self.chunk):
                with clock.phase("build"):
                    bases = [shape.build(rng, lo + i) for i in range(min(self.chunk, each - lo))]
                    mutated = [mutate(rng, b, shape.mutable and shape.mutable(b)) for b in bases]
                batch = Batch.land(spark, lo, bases, mutated, clock)
                query = clock.seconds["query"]
                with clock.phase("judge"):
                    shape.judge(t, batch, sql)
                clock.seconds["judge"] -= clock.seconds["query"] - query  # the queries inside it counted apart
                done += len(bases)
                if progress:
                    print(clock.line(self.label, done, each * len(self.shapes)), file=sys.stderr, flush=True)
        return t

    def assert_clean(self, spark, sql: dict, request):
        """The suite's run (a seed hypothesis draws, LIGHT_RECORDS) or, under `-m million`, a million records with
        MILLION_SEED: no value wrong, lost or unnamed. Prints the counts."""
        n = record_count(request)
        if request.node.get_closest_marker("million"):
            self.run(spark, sql, n, MILLION_SEED, progress=True).assert_clean()
            return
        given(seed=st.integers(0, 2**32 - 1))(
            settings(max_examples=1, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck))(
                lambda seed: self.run(spark, sql, n, seed).assert_clean()
            )
        )()
