"""`jcat bench`: every layout decoded by the catalog, against Spark's own JVM expressions and a naive
row-at-a-time Python UDF, on the same rows and fields, raw table to decoded rows (`noop` sink).

    jcat bench [--records N] [--layout L ...] [--repeat R] [--json FILE]
    jcat bench --isolate [--records N] [--layout L ...] [--ways W,...]
    jcat bench --scaling 100000,1000000,10000000 [--layout L ...]
    jcat bench --load fixed,rdw,vb --sizes 100M,1G     (landing: udfs.bench.load)

Data is generated in-process with the encoders (`udfs.bench.layouts`) and landed as a Parquet raw table.
`--isolate` times each way of each layout in a fresh process: ways timed one after another in one JVM share
its JIT profile, and the order alone moved a way's time by up to 1.9x (docs/bench.md, "One process per way").
The scaling series runs each size in a fresh process (a JVM's heap never shrinks, so sizes measured in one
process would hide growth) and reports time per record and peak memory of the whole process tree.

The command runs in udfs/bench/run.py, its runs of one process each in processes.py, the layouts and ways it
times are chosen in selection.py, and its figures are printed and written by figures.py.
"""

from .figures import markdown_rows, scaling_report
from .run import java_charsets, run_bench

__all__ = ["run_bench", "markdown_rows", "scaling_report", "java_charsets"]
