"""The change frame: what each log's commit resolution gives, one row per committed row change.

Column values of the table are not carried here: BEFORE_ROW and AFTER_ROW point at rows of the image frame the
resolution was given (its ROW_ID column), so a resolution kernel sees only positions, kinds and identities.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

OPS = {
    "c": "create (insert)",
    "u": "update",
    "d": "delete",
    "t": "truncate (a clear of the whole table)",
    "r": "read: a row of a starting snapshot",
}

# Columns of a change frame, in order.
OP = "OP"  # one of OPS
BEFORE_ROW = "BEFORE_ROW"  # ROW_ID of the before image, <NA> when there is none
AFTER_ROW = "AFTER_ROW"  # ROW_ID of the after image, <NA> for 'd' and 't'
BEFORE_PRESENT = "BEFORE_PRESENT"  # the change carries a before image: never for 'c' and 't', nor an update the log
# wrote without one (IBM i IMAGES(*AFTER))
COMMIT_TIMESTAMP = "COMMIT_TIMESTAMP"  # source local time of the commit, as the log gives it
COMMIT_POSITION = "COMMIT_POSITION"  # fixed-width upper-case hex: sorts as the commits happened
CHANGE_POSITION = "CHANGE_POSITION"  # int64 from 1 within one commit, in the order the changes were made
TRANSACTION_ID = "TRANSACTION_ID"  # the log's own identity of the unit of work, as text
CHANGE_COLUMNS = (
    OP,
    BEFORE_ROW,
    AFTER_ROW,
    BEFORE_PRESENT,
    COMMIT_TIMESTAMP,
    COMMIT_POSITION,
    CHANGE_POSITION,
    TRANSACTION_ID,
)

ROW_ID = "ROW_ID"  # int64, unique within one resolution's input: what BEFORE_ROW and AFTER_ROW point at


@dataclass(frozen=True)
class Resolution:
    """What a commit resolution gives (IBM i, IDMS; LLDF and IBMSNAP add what they also return)."""

    changes: pd.DataFrame  # CHANGE_COLUMNS, sorted by COMMIT_POSITION then CHANGE_POSITION
    pending: np.ndarray  # int64 ROW_IDs still undecided, to carry into the next call
    problems: pd.DataFrame  # ROW_ID, REASON
