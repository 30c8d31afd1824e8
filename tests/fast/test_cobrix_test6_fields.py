"""Cobrix's test 6 decoded field by field with the per-field kernels (tests/support/copybook/cobrix_test6.py: the
copybook's pictures, Cobrix's layout, its output and the rules of that output followed) and compared with Cobrix's
output: all 195 fields of all 100 records. The same through the persistent SQL functions: tests/spark/
test_sql_functions_differential.py."""

from __future__ import annotations

import pytest
from support.copybook.cobrix_test6 import column_bytes, decoded, expected_rows, fields, records, same


def test_layout_and_pictures_name_the_same_195_fields():
    assert len(fields()) == 195
    assert [f[0] for f in fields()] == list(expected_rows()[0])


def test_every_field_of_every_record_equals_cobrix():
    recs, rows = records(), expected_rows()
    assert len(recs) == len(rows) == 100
    wrong = []
    for column, fn, args, scale, at, length in fields():
        got = decoded(fn, args, scale, column_bytes(recs, at, length))
        bad = [(i, g, r[column]) for i, (g, r) in enumerate(zip(got, rows)) if not same(g, r[column])]
        if bad:
            wrong.append(f"{column} ({fn}{args}, scale {scale}): {len(bad)} records, first {bad[0]}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(
    "column,fn",
    [
        ("NUM_SL_STR_INT01", "unpack_zoned"),
        ("EX_NUM_DEC03", "unpack_edited"),
        ("NUM_BIN_INT14", "unpack_bin_decimal"),
        ("NUM_BCD_SINT14", "unpack_packed"),
    ],
)
def test_each_new_form_is_in_the_file(column, fn):
    """The comparison above reaches each per-field function this work adds."""
    assert {f[0]: f[1] for f in fields()}[column] == fn
