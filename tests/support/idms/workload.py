"""Random CA IDMS journals of one central version, as the records the IDMS commit resolution
(udfs/core/changes/idms.py) takes: the workload its oracle (tests/support/idms/oracle.py) replays.

`generate(seed)`: transaction branches (LIDs, reused once ended) interleave stores (BFOR with a null image, then
AFTR), modifies and erases of a small set of DB_KEYs, so later units change what earlier ones stored; the AFTR of a
change often comes steps after its BFOR, with other LIDs' records between. Branches commit and go on (COMT), end
(ENDJ), roll back after a commit (ABRT: only the work since it goes), join distributed transactions (DIND of one or
two LIDs, later a DCOM or a DBAK listing them, then an ENDJ or an ABRT), and stay in flight at the end. Rarely: a
spanned image's fragment (SPAN_OFFSET nonzero), a BFOR whose AFTR never comes (or the reverse), a pair of null
images, a COMT while in doubt, a DCOM of a LID no DIND listed, an RTSV, a record type no rule knows. TIME, AREA,
DPND, DFGT records come in between. ROW_IDs are a shuffle, unrelated to SEQ.
"""

from __future__ import annotations

import random

import numpy as np
import pandas as pd

BASE_TIME = np.datetime64("2026-03-01T08:00:00", "us")
COLUMNS = ["ROW_ID", "CV", "SEQ", "RECORD_TYPE", "LID", "LIDS", "GMT", "DB_KEY", "IMAGE_LEN", "SPAN_OFFSET"]


def generate(seed: int, steps: int = 120, cv: str = "SYSTEM74", rare: bool = True) -> pd.DataFrame:
    rng = random.Random(seed)
    seq = rng.randint(1, 1 << 40)
    rows: list[dict] = []
    free = list(range(100, 110))
    open_: dict[int, list[int]] = {}  # LID -> DB_KEYs whose AFTR is still to come
    doubt: list[list[int]] = []  # LIDs of distributed transactions in doubt
    in_doubt: set[int] = set()
    keys = list(range(1, 9))

    def write(kind: str, lid: int | None = None, **kw) -> None:
        nonlocal seq
        seq += rng.choice([1, 1, 1, 2])
        rows.append(
            {
                "CV": cv,
                "SEQ": seq,
                "RECORD_TYPE": kind,
                "LID": lid,
                "LIDS": kw.get("lids"),
                "GMT": BASE_TIME + np.timedelta64(seq % 10**9, "ms"),
                "DB_KEY": kw.get("key"),
                "IMAGE_LEN": kw.get("length"),
                "SPAN_OFFSET": kw.get("span", 0 if "key" in kw else None),
            }
        )

    def image(lid: int, before: bool, key: int, null: bool) -> None:
        write("BFOR" if before else "AFTR", lid, key=key, length=0 if null else rng.choice([40, 80, 120]))

    for _ in range(steps):
        roll = rng.random()
        ready = [lid for lid in open_ if lid not in in_doubt]
        if (not ready or roll < 0.08) and free:
            lid = free.pop(rng.randrange(len(free)))
            open_[lid] = []
            write("BGIN", lid)
            continue
        if roll < 0.13:
            write(rng.choice(["TIME", "AREA", "DPND", "DFGT"]), rng.choice(list(open_) or [None]))
            continue
        if doubt and roll < 0.22:
            lids = doubt.pop(rng.randrange(len(doubt)))
            commit = rng.random() < 0.6
            write("DCOM" if commit else "DBAK", lids=lids)
            in_doubt.difference_update(lids)
            for lid in lids:
                if rng.random() < 0.7:
                    write("ENDJ" if commit else "ABRT", lid)
                    del open_[lid]
                    free.append(lid)
            continue
        if not ready:
            continue
        lid = rng.choice(ready)
        waiting = open_[lid]
        if roll < 0.55:
            if waiting and rng.random() < 0.6:  # the AFTR of an earlier BFOR of this LID
                key, null = waiting.pop(rng.randrange(len(waiting)))
                image(lid, False, key, null)
            else:
                key = rng.choice([k for k in keys if k not in {w[0] for w in waiting}] or keys)
                verb = rng.choice(["store", "modify", "modify", "erase"])
                image(lid, True, key, verb == "store")
                if rng.random() < 0.4:
                    image(lid, False, key, verb == "erase")
                else:
                    waiting.append((key, verb == "erase"))
        elif roll < 0.58 and rare:
            write(rng.choice(["BFOR", "AFTR"]), lid, key=rng.choice(keys), length=60, span=rng.choice([60, 120]))
        elif roll < 0.595 and rare:
            image(lid, rng.random() < 0.5, rng.choice(keys), False)  # an image whose partner never comes
        elif roll < 0.597 and rare:  # a store and an erase at once: both images null
            image(lid, True, rng.choice(keys), True)
            image(lid, False, rows[-1]["DB_KEY"], True)
        elif roll < 0.599 and rare:
            write("RTSV", lid)
        elif roll < 0.603 and rare:
            write("JUNK", lid)
        elif waiting:
            continue  # decisions wait for the AFTRs
        elif roll < 0.72:
            write("COMT", lid)
        elif roll < 0.80:
            write("ENDJ", lid)
            del open_[lid]
            free.append(lid)
        elif roll < 0.86:
            write("ABRT", lid)
            del open_[lid]
            free.append(lid)
        elif roll < 0.96:
            lids = [lid] + [x for x in ready if x != lid and not open_[x]][: rng.choice([0, 1])]
            write("DIND", lids=lids)
            doubt.append(lids)
            in_doubt.update(lids)
            if rare and rng.random() < 0.15:
                write("COMT", lid)  # while in doubt: decides nothing
        elif rare:
            write("DCOM", lids=[lid])  # a coordinator's commit, no DIND before it
    ids = list(range(1000, 1000 + len(rows)))
    rng.shuffle(ids)
    out = pd.DataFrame(rows, columns=COLUMNS[1:])
    out.insert(0, "ROW_ID", ids)
    return out.astype(
        {"SEQ": np.uint64, "LID": "Int64", "DB_KEY": "Int64", "IMAGE_LEN": "Int64", "SPAN_OFFSET": "Int64"}
    )
