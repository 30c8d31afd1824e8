"""`jcat demo`: generate a small realistic sample, decode it through the catalog, print it."""

from __future__ import annotations

from .cli import print_rows
from .samples import m7_records

# One line per field, as in IBM's table: position, width, decoder.
DEMO_QUERY = """
SELECT
  unpack_zoned(substr(record,   1,   5))            AS JOENTL,
  parse_ibmi_timestamp(substr(record, 29, 26))       AS ENTRY_TIMESTAMP,
  ebcdic_str(substr(record,  26,   1))               AS JOURNAL_CODE,
  ebcdic_str(substr(record,  27,   2))               AS JOURNAL_ENTRY_TYPE,
  ebcdic_str(substr(record,  55,  10))               AS JOB_NAME,
  ebcdic_str(substr(record,  65,  10))               AS JOB_USER,
  unpack_zoned(substr(record, 75,  6))               AS JOB_NUMBER,
  ebcdic_str(substr(record, 610,   1))               AS ENTRY_TYPE,
  ebcdic_str(substr(record, 648,  10))               AS LIBRARY_NAME,
  ebcdic_str(substr(record, 666,  10))               AS OBJECT_NAME,
  unpack_bin(substr(record, 614,   4))               AS RULE_ID_4,
  unpack_bin(substr(record, 856,   8))               AS RULE_IDENTIFIER
FROM demo_m7
ORDER BY ENTRY_TIMESTAMP
"""


def run_demo(spark, records: int = 8) -> int:
    rows = [(i, r) for i, r in enumerate(m7_records(records))]
    spark.createDataFrame(rows, "record_number BIGINT, record BINARY").createOrReplaceTempView("demo_m7")
    print(f"jcat demo: {records} generated QASYM7J5 (M7 audit) records of 971 bytes, decoded in Spark SQL:\n")
    df = spark.sql(DEMO_QUERY)
    n = print_rows(df.columns, df.collect(), "table")
    print(f"\nDecoded {n} records with {len(df.columns)} fields each through the jcat catalog.")
    return 0 if n == records else 1
