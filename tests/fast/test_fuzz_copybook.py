"""Copybook layouts fuzzed through the shared harness (tests/support/fuzz.py: its mutations, its judge, its kinds'
encoders): Cobrix's test 6 records (every numeric USAGE) and ORDER records (groups, OCCURS DEPENDING ON) with one
to four bytes changed, decoded by the copybook layout function. A value no changed byte feeds must equal the
unmutated record's; one whose bytes changed is NULL and named in decode_errors, or a value the tests' encoder
turns back into the mutated bytes. Field places come from Cobrix's listing and the tests' own encoder, not the
parser."""

from __future__ import annotations

import random
from decimal import Context, Decimal

import pyarrow as pa
from support.copybook.cobrix_test6 import DATA, fields, records
from support.copybook.records import ORDER, order
from support.fuzz import Tally, bin_ok, changed_in, char_ok, mutate, packed_ok, zoned_ok

from udfs.core.copybook.decode import decode_record
from udfs.core.copybook.model import parse_copybook

MUTATED = 400
EXACT = Context(prec=80)  # 37-digit fields: the default 28 digits would round


def _unscaled(value, scale: int):
    return None if value is None else Decimal(value).scaleb(scale, EXACT)


def _encoder(fn: str, args: tuple, scale: int | None):
    """The tests' encoder check of a test 6 field, or None where the harness has none (its value is then judged
    only when no byte of it changed, or NULL and named)."""
    if fn == "ebcdic_str":
        return lambda v, raw: char_ok(v, raw)
    if fn == "unpack_zoned" and args == ("trailing",):
        return lambda v, raw: v is not None and zoned_ok(_unscaled(v, scale), raw)
    if fn == "unpack_packed":
        return lambda v, raw: packed_ok(v, raw, scale)
    if fn == "unpack_bin":
        return lambda v, raw: v is not None and bin_ok(_unscaled(v, scale), raw, args[0])
    return None


def _judge_all(tally, originals, mutated, decoded_orig, decoded_mut, places):
    for i, ((rec, positions), orig_row, row) in enumerate(zip(mutated, decoded_orig, decoded_mut)):
        tally.records += 1
        for column, at, length, encoder in places:
            changed = changed_in(positions, at, length)
            if changed and encoder is None and row[column] is not None:
                tally.not_reencoded += 1
                continue
            raw = rec[at : at + length]
            tally.judge(
                column,
                orig_row[column],
                row[column],
                row["decode_errors"],
                changed,
                None if encoder is None else (lambda v, raw=raw, enc=encoder: enc(v, raw)),
                f"record {i}",
            )


def test_test6_records_mutated():
    book = parse_copybook((DATA / "test6_copybook.cob").read_text(encoding="latin-1"))
    rng = random.Random(6)
    base = [bytes(r) for r in records()]
    originals = [base[rng.randrange(len(base))] for _ in range(MUTATED)]
    mutated = [mutate(rng, r) for r in originals]
    decode = lambda recs: decode_record(pa.array(recs, pa.binary()), book, float_format="ieee").to_pylist()
    places = [(c, at, n, _encoder(fn, args, scale)) for c, fn, args, scale, at, n in fields()]
    tally = Tally("copybook test6")
    _judge_all(tally, originals, mutated, decode(originals), decode([m for m, _ in mutated]), places)
    assert tally.values > 50_000
    tally.assert_clean()


def test_order_records_mutated_outside_the_counter():
    """ORDER's groups and OCCURS: the counter (bytes 16-17) is left alone, so every element's place is known."""
    book = parse_copybook(ORDER)
    rng = random.Random(7)
    originals = [
        order(
            rng.randrange(10**6),
            rng.choice(["ACME", "ZETA CO", ""]),
            [(rng.choice(["BOLT", "NUT", "X"]), rng.randrange(-(10**7) + 1, 10**7)) for _ in range(rng.randint(1, 3))],
        )
        for _ in range(MUTATED)
    ]
    mutated = [mutate(rng, r, [p for p in range(len(r)) if p not in (16, 17)]) for r in originals]
    decode = lambda recs: decode_record(pa.array(recs, pa.binary()), book).to_pylist()
    tally = Tally("copybook ORDER")
    for i, ((rec, positions), orig, row) in enumerate(zip(mutated, decode(originals), decode([m for m, _ in mutated]))):
        tally.records += 1
        errors = row["decode_errors"]
        tally.judge(
            "ORDER_ID",
            orig["ORDER_ID"],
            row["ORDER_ID"],
            errors,
            changed_in(positions, 0, 6),
            lambda v, raw=rec[0:6]: v is not None and zoned_ok(v, raw),
            f"record {i}",
        )
        tally.judge(
            "CUSTOMER.NAME",
            orig["CUSTOMER"]["NAME"],
            row["CUSTOMER"]["NAME"],
            errors,
            changed_in(positions, 6, 8),
            lambda v, raw=rec[6:14]: char_ok(v, raw),
            f"record {i}",
        )
        assert len(row["ORDER_LINE"]) == len(orig["ORDER_LINE"])
        for k, (o, m) in enumerate(zip(orig["ORDER_LINE"], row["ORDER_LINE"])):
            at = 18 + 8 * k
            tally.judge(
                "ORDER_LINE.ITEM",
                o["ITEM"],
                m["ITEM"],
                errors,
                changed_in(positions, at, 4),
                lambda v, raw=rec[at : at + 4]: char_ok(v, raw),
                f"record {i} line {k}",
            )
            tally.judge(
                "ORDER_LINE.PRICE",
                o["PRICE"],
                m["PRICE"],
                errors,
                changed_in(positions, at + 4, 4),
                lambda v, raw=rec[at + 4 : at + 8]: packed_ok(v, raw, 2),
                f"record {i} line {k}",
            )
    tally.assert_clean()
