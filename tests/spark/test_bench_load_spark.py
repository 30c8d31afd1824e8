"""`jcat bench --load` on a small file: it measures what it says (records, tasks, worker memory)."""

from __future__ import annotations

from udfs.bench.load import measure_load


def test_measure_load_counts_records_tasks_and_workers(spark, tmp_path):
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(1 << 20))
    try:
        fig = measure_load(spark, "rdw", 3_000_000, tmp_path, log=lambda s: None)
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")
    assert fig.records == 3000 and fig.expected_tasks == 3 and fig.tasks >= 3
    assert fig.worker_peak_rss > 0 and fig.workers_seen >= 1 and fig.driver_peak_rss > 0
    assert not list(tmp_path.glob("bench-*"))  # the generated file is removed
