"""A declared table's layout function: every column of a row image decoded in one batch call, as one struct.

Each column goes through the catalog function `value_function` names (the same kernel as the persistent SQL
function a view calls), so a table build and a view give the same values. A column the image is too short to hold
is NULL; the model then names it in decode_errors.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyarrow as pa

from ..catalog import CATALOG
from ..kernels.batch import DecodeError, binary_batch, fixed_width_batch
from ..kernels.record import binary_array, record_matrix
from .ibmi_image import ImageColumn, value_function

KERNELS = {f.name: f for f in CATALOG}


def struct_type_sql(columns: Sequence[ImageColumn]) -> str:
    """The layout function's result: each column as its function returns it (the model applies scale and type)."""

    def returns(c: ImageColumn) -> str:
        fn, _ = value_function(c.spec)
        return "BINARY" if fn is None else KERNELS[fn].returns

    return "STRUCT<" + ", ".join(f"`{c.name}`: {returns(c)}" for c in columns) + ">"


def decode_image(
    b, columns: Sequence[ImageColumn], strict: bool = False, function: str = "decode_image"
) -> pa.StructArray:
    batch = binary_batch(b)
    extent = max((c.pos - 1 + c.width for c in columns), default=0)
    records = record_matrix(b, batch, extent)
    arrays = []
    for c in columns:
        fits = batch.valid & (batch.lengths >= c.pos - 1 + c.width)
        cut = fixed_width_batch(records[:, c.pos - 1 : c.pos - 1 + c.width], fits)
        fn, args = value_function(c.spec)
        try:
            arrays.append(binary_array(cut) if fn is None else KERNELS[fn].kernel(cut, *args, strict=strict))
        except DecodeError as e:  # strict mode: say which column of which table
            raise DecodeError(
                f"{function} column {c.name} (position {c.pos}, {c.width} bytes) {e.function}", e.raw, e.reason, e.row
            ) from None
    mask = None if batch.valid.all() else pa.array(~batch.valid)
    return pa.StructArray.from_arrays(arrays, [c.name for c in columns], mask=mask)
