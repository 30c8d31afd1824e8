"""A PIC X field's text under a trimming policy, the choices Cobrix's `string_trimming_policy` offers.

right (the default): trailing blanks and X'00' cut, as `ebcdic_str` gives text everywhere in jcat; both: leading
ones too; left: leading only; none: every character the bytes hold (`ibmi_varchar` of the field's own length).
Both engines use the same functions: the SQL wraps the same calls in `trim(LEADING ...)`.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ..catalog import BY_NAME
from ..kernels.batch import BinaryBatch, fixed_width_batch

TRIMS = ("right", "both", "left", "none")
TRIM_CHARACTERS = " \x00"  # the blank and NUL: what ebcdic_str cuts at the end


def trim_text(cut: BinaryBatch, ccsid: int, trim: str, strict: bool = False) -> pa.Array:
    """Text of a fixed-width cut (every row `cut.fixed`'s width) under policy `trim`."""
    if trim in ("right", "both"):
        text = BY_NAME["ebcdic_str"].kernel(cut, ccsid, strict=strict)
    else:
        text = BY_NAME["ibmi_varchar"].kernel(_length_prefixed(cut), ccsid, strict=strict)
    if trim in ("both", "left"):
        text = pc.utf8_ltrim(text, characters=TRIM_CHARACTERS)
    return text


def _length_prefixed(cut: BinaryBatch) -> BinaryBatch:
    """The same rows as VARCHAR bytes: a 2-byte big-endian length (the width), then the bytes."""
    rows, width = cut.fixed.shape
    prefix = np.tile(np.array([width >> 8, width & 0xFF], dtype=np.uint8), (rows, 1))
    return fixed_width_batch(np.concatenate([prefix, cut.fixed], axis=1), cut.valid)
