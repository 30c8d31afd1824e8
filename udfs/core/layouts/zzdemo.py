"""A throwaway 3-field fixed-length layout, checking CONTRIBUTING's "Add a layout"."""

from __future__ import annotations

from . import Field, check_contiguous

RECORD_LENGTH = 12

# fmt: off
FIELDS: tuple[Field, ...] = (
    Field(pos=1, length=4, fmt="Char(4)",    name="CODE",   kind="char",  column="CODE",   doc="Code"),
    Field(pos=5, length=4, fmt="Zoned(4,0)", name="AMOUNT", kind="zoned", column="AMOUNT", doc="Amount"),
    Field(pos=9, length=4, fmt="Bin(9)",     name="COUNT",  kind="bin",   column="COUNT",  doc="Count"),
)
# fmt: on
check_contiguous(FIELDS, 1, RECORD_LENGTH + 1)
