"""idms_transactions and idms_distributed_transactions on the demo's crafted scenario (see udfs/demo/idms.py)."""

from __future__ import annotations

import pytest
from support.idms.project import _unland_after, build, land, unland  # noqa: F401 (fixture)

from udfs.demo import idms as demo


@pytest.fixture(scope="module")
def built(spark):
    land(spark, demo.records())
    assert build(spark, "source:jcat.raw_idms+", command="run")  # dbt build (data and unit tests): test_idms_roundtrip
    return spark


def test_each_local_transaction_has_its_end_type_outcome_and_activity_counts(built):
    rows = {r.TRANSACT_ID: r for r in built.sql("select * from jcat.idms_transactions").collect()}
    assert set(rows) == {1001, 1002, 1003, 1004, 1005, 1006}
    got = {lid: (r.END_TYPE, r.OUTCOME) for lid, r in rows.items()}
    assert got == {
        1001: ("ENDJ", "COMMITTED"),
        1002: ("ABRT", "ABORTED"),
        1003: ("ENDJ", "COMMITTED"),
        1004: ("ENDJ", "COMMITTED"),
        1005: ("ABRT", "ABORTED"),
        1006: (None, "IN_FLIGHT"),
    }
    payroll = rows[1001]
    assert (payroll.PROGRAM_NAME, payroll.USER_ID, payroll.EXTERNAL_ID) == (
        "PAYROLL",
        "JSMITH",
        "web:jsmith@hr.example.com",
    )
    assert (payroll.COMMIT_CHECKPOINTS, payroll.BFOR_COUNT, payroll.AFTR_COUNT, payroll.STORES, payroll.ERASES) == (
        1,
        3,
        3,
        1,
        1,
    )
    assert payroll.AREAS_READIED == ["EMP-DEMO-REGION"] and payroll.RECORDS_UPDATED == 3
    assert payroll.BEGIN_SEQ == 480002 and payroll.END_SEQ == 480011
    orders = rows[1002]
    assert orders.STATEMENT_ROLLBACKS == 1 and orders.AREAS_READIED == ["CUST-REGION", "ORDER-REGION"]
    assert rows[1006].STORES == 1 and rows[1006].END_SEQ is None
    assert all(r.RECORDS_WITH_DECODE_ERRORS == 0 for r in rows.values())


def test_distributed_branches_link_to_their_outcome(built):
    rows = built.sql(
        "select TYPE, DNODE, DID, LID, DISTRIBUTED_OUTCOME, HAS_PENDING, FORGOTTEN, LOCAL_OUTCOME "
        "from jcat.idms_distributed_transactions order by SEQ, LID_INDEX"
    ).collect()
    got = [(r.TYPE, int(r.DID, 16), r.LID, r.DISTRIBUTED_OUTCOME, r.LOCAL_OUTCOME) for r in rows]
    assert got == [
        ("DIND", 1, 1003, "COMMITTED", "COMMITTED"),
        ("DIND", 1, 1004, "COMMITTED", "COMMITTED"),
        ("DCOM", 1, 1003, "COMMITTED", "COMMITTED"),
        ("DCOM", 1, 1004, "COMMITTED", "COMMITTED"),
        ("DFGT", 1, None, "COMMITTED", None),
        ("DIND", 2, 1005, "BACKED_OUT", "ABORTED"),
        ("DBAK", 2, 1005, "BACKED_OUT", "ABORTED"),
        ("DFGT", 2, None, "BACKED_OUT", None),
        ("DPND", 3, None, "PENDING", None),
    ]
    assert {r.DNODE for r in rows} == {"SYSTEM74"}
    assert all(r.FORGOTTEN for r in rows if int(r.DID, 16) in (1, 2)) and all(
        r.HAS_PENDING for r in rows if r.TYPE == "DPND"
    )


def test_prepared_branch_without_a_decision_is_in_doubt_and_in_flight(built):
    """A participant that prepared (DIND) and crashed before the decision: in doubt; its branch still in flight."""
    from udfs.core.layouts.idms import journal

    recs = journal(
        [
            ("BGIN", {"TRANSACT_ID": 2001, "PROGRAM_NAME": "XFER"}),
            ("BFOR", {"TRANSACT_ID": 2001, "DB_KEY": 0x100, "image": b"\xc1" * 8}),
            ("DIND", {"DNODE": "SYSTEM99", "DID": (5).to_bytes(8, "big"), "lids": (2001,)}),
        ],
        start_seq=1,
    )
    land(built, recs)
    assert build(built, "source:jcat.raw_idms+", command="run")
    rows = built.sql("select LID, DISTRIBUTED_OUTCOME, LOCAL_OUTCOME from jcat.idms_distributed_transactions").collect()
    assert [(r.LID, r.DISTRIBUTED_OUTCOME, r.LOCAL_OUTCOME) for r in rows] == [(2001, "IN_DOUBT", "IN_FLIGHT")]
