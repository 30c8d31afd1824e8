"""Cobrix's own integration tests (tests/support/copybook/cobrix_suite.py: each with its Scala test's reader
options) decoded by jcat's copybook layout function and held against Cobrix's expected output. Test 3 through
`jcat load` and SQL: tests/spark/test_declared_copybook_tables.py."""

from __future__ import annotations

import pyarrow as pa
import pytest
from support.copybook.cobrix_suite import CASES, DATA, OUTSIDE, as_cobrix, differences

from udfs.core.copybook.decode import decode_record
from udfs.core.copybook.model import parse_copybook


def _rows(case, trim: str) -> list[dict]:
    copybook = parse_copybook((DATA / case.copybook).read_text(encoding="latin-1"), source=case.copybook)
    decoded = decode_record(pa.array(case.records(), pa.binary()), copybook, ccsid=case.ccsid, trim=trim)
    return decoded.to_pylist()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_cobrix_expected_output(case):
    assert not differences(case, _rows(case, "none"))


@pytest.mark.parametrize("case", [c for c in CASES if c.id.startswith(("test3", "test9_cp037"))], ids=lambda c: c.id)
def test_the_trimming_option_trims_as_cobrix(case):
    """The layout function's own trimming gives what Cobrix's policy gives to the untrimmed text."""
    untrimmed = [as_cobrix(r, case) for r in _rows(case, "none")]
    trimmed = [as_cobrix(r, case) for r in _rows(case, case.trim)]
    assert trimmed == untrimmed


def test_cases_cover_every_trimming_policy_and_several_ccsids():
    assert {c.trim for c in CASES} == {"both", "left", "right", "none"}
    assert len({c.ccsid for c in CASES}) >= 5
    assert len(OUTSIDE) >= 10
