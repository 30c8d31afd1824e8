"""Deterministic sample M7 records (QASYM7J5), built with the encoders: for the demo, tests and the benchmark."""

from __future__ import annotations

import datetime as dt
import random

from ..layouts import qasym7j5

_JOBS = ["QPADEV0001", "MIRRORSVR", "QZDASOINIT", "DSPJRNJOB", "NIGHTLY"]
_USERS = ["QSECOFR", "AUDITOR", "DB2MIRROR", "JSMITH", "QUSER"]
_LIBS = ["PAYROLL", "SALES", "QGPL", "INVENTORY", "HRDATA"]
_OBJS = ["EMPMAST", "ORDERS", "CUSTOMERS", "PARTS", "LEDGER"]


def m7_values(i: int, rng: random.Random) -> dict:
    """Field values of the i-th sample M7 entry (type A: add a replication criteria rule)."""
    ts = dt.datetime(2024, 1, 1) + dt.timedelta(seconds=37 * i, microseconds=rng.randrange(10**6))
    rule = rng.randrange(1, 2**40) if i % 7 == 0 else rng.randrange(1, 2**31)
    count = rng.randrange(0, 2**35) if i % 11 == 0 else rng.randrange(0, 5000)
    return {
        "JOSEQN": 1000 + i,
        "JOTSTP": ts,
        "JOJOB": _JOBS[i % 5],
        "JOUSER": _USERS[(i // 5) % 5],
        "JONBR": 100000 + (i * 7919) % 900000,
        "JOPGM": "QMRDBSRV",
        "JOPGMLIB": "QSYS",
        "JOUSPF": _USERS[i % 5],
        "JOSYNM": "SYSTEMA",
        "JORCV": f"AUDRCV{i % 1000:04d}",
        "JORCVLIB": "QSYS",
        "ENTRY_TYPE": "A",
        "INCLUSION_OR_ACTIVATION": "INCLUDE",
        "ASP_NAME": "*SYSBAS",
        "LIBRARY_NAME": _LIBS[i % 5],
        "OBJECT_TYPE": "*FILE",
        "OBJECT_NAME": _OBJS[(i // 3) % 5],
        "RULE_ID_4": rule if rule < 2**31 else 0,
        "RULE_ID_8": rule,
        "NUMBER_OF_OBJECTS_4": count if count < 2**31 else -1,
        "NUMBER_OF_OBJECTS_8": count,
    }


def m7_records(n: int, seed: int = 7) -> list[bytes]:
    rng = random.Random(seed)
    return [qasym7j5.encode(m7_values(i, rng)) for i in range(n)]
