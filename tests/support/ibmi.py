"""IBM i journal tests' helpers: a *TYPE5 heading with every field set, and raw records into a plain raw table."""

from __future__ import annotations

import datetime as dt

RAW = "source_file string, record_offset bigint, record_number bigint, record binary, load_id string"


HEADING = dict(JOSEQN=10_000_000_000_000_000_001, JOCODE="R", JOENTT="UP", JOTSTP=dt.datetime(2024, 2, 29, 23, 59, 59, 999999),
               JOJOB="ORDENTRY", JOUSER="CLERK01", JONBR=4711, JOPGM="ORD500", JOPGMLIB="ORDLIB", JOPGMDEV="IASP01",
               JOPGMASP=33, JOOBJ="ORDHDR", JOLIB="ORDDTA", JOMBR="ORDHDR", JOCTRR=98765, JOFLAG="0", JOCCID=1234567,
               JOUSPF="BOB", JOSYNM="PRODSYS", JOJID=bytes.fromhex("0102030405060708090A"), JORCST="0", JOTGR="1",
               JOINCDAT="0", JOIGNAPY="0", JOMINESD="0", JOOBJIND="1", JOSYSSEQ=55555555555, JORCV="ORDRCV0042",
               JORCVLIB="JRNLIB", JORCVDEV="*SYSBAS", JORCVASP=1, JOARM=7, JOTHD=bytes.fromhex("00000000000A2B3C"),
               JOTHDX="00000000000A2B3C", JOADF="4", JORPORT=50123, JORADR="10.1.2.3", JOLUW="APPN.LU1.X'1234'",
               JOXID="XID-0001", JOOBJTYP="*QDDS", JOFILTYP="0", JOCMTLVL=1, JONVI="0" * 10)


def land(spark, table: str, records: list[bytes], load_id: str = "L1", mode: str = "overwrite") -> None:
    rows = [("JRN.bin", sum(map(len, records[:i])), i, r, load_id) for i, r in enumerate(records)]
    spark.createDataFrame(rows, RAW).write.mode(mode).saveAsTable(f"jcat.{table}")
