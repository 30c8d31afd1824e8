"""A generated journal with every record type goes through `jcat load idms` (Python API),
dbt build and SQL with every value as encoded; a record with an impossible REC-LEN lands in raw_rejects."""

from __future__ import annotations

import datetime as dt

from support.idms.project import build, forget_loads, unland

from udfs.core.layouts import idms
from udfs.demo import idms as demo
from udfs.spark.landing.loader import load


def test_demo_journal_loads_builds_and_queries_as_encoded_and_bad_rec_len_is_rejected(spark, tmp_path):
    unland(spark)  # a plain table left by the model tests would stand where the loader's view goes
    forget_loads(spark)  # the build's data tests read every IDMS load, not just this one
    files = demo.generate(tmp_path / "journals")["idms"]
    good = idms.journal([("BGIN", {"TRANSACT_ID": 9001, "PROGRAM_NAME": "LATE"})], start_seq=900001)[0]
    damaged = tmp_path / "journals" / "damaged.jrn"
    damaged.write_bytes(good + b"\x00\x05\x00\x00" + b"\xff" * 20)  # REC-LEN 5: shorter than the record prefix
    result = load(spark, "idms", [str(p) for p in files] + [str(damaged)])
    assert result.records == len(demo.scenario()) + 1
    rejects = spark.sql(f"select * from jcat.raw_rejects where load_id = '{result.load_id}'").collect()
    assert len(rejects) == 1 and rejects[0].source_file.endswith("damaged.jrn")
    assert rejects[0].record_offset == len(good) and rejects[0].reason.startswith("bad_length")

    assert build(spark, "source:jcat.raw_idms+")
    rows = spark.sql(
        "select * from jcat.idms_journal where source_file like '%idms_journal_0001.jrn' order by SEQ"
    ).collect()
    encoded = demo.records()
    assert len(rows) == len(encoded)
    offset = 0
    for i, ((rec_type, values), row) in enumerate(zip(demo.scenario(), rows)):
        assert (row.TYPE, row.SEQ, row.REC_LEN, row.record_offset) == (rec_type, 480001 + i, len(encoded[i]), offset)
        assert row.GMT.replace(tzinfo=None) == demo.START + i * dt.timedelta(milliseconds=125)
        for col, v in values.items():
            if col in ("image", "lids"):
                continue
            kind = idms.REC[[r.column for r in idms.REC].index(col)].field.kind
            assert getattr(row, col) == (bytes(v).hex().upper() if kind == "hex" else v), (i, col)
        assert row.decode_errors == []
        offset += len(encoded[i])
    late = spark.sql("select OUTCOME, PROGRAM_NAME from jcat.idms_transactions where TRANSACT_ID = 9001").collect()
    assert [(r.OUTCOME, r.PROGRAM_NAME) for r in late] == [("IN_FLIGHT", "LATE")]
    outcomes = dict(spark.sql("select TRANSACT_ID, OUTCOME from jcat.idms_transactions").collect())
    assert outcomes[1001] == "COMMITTED" and outcomes[1002] == "ABORTED" and outcomes[1006] == "IN_FLIGHT"
