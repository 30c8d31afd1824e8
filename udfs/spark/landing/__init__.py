"""Landing: frame raw journal files into `jcat.raw_<layout>`, exactly once, every byte accounted for.

    from udfs.spark.landing import load
    result = load(spark, "qasym7j5", ["/data/m7/*.bin"])
    for f in result.files: print(f.line())

See docs/landing.md. The framing logic (udfs.core.framing) has no Spark dependency.
"""

from ...core.framing.frames import Frames, Framing, Reject, frame
from ...core.framing.layout_framing import LayoutProblem, resolve_framing
from .loader import FileResult, LoadProblem, LoadResult, load
from .sources import SourceProblem

__all__ = [
    "load",
    "LoadResult",
    "FileResult",
    "LoadProblem",
    "LayoutProblem",
    "SourceProblem",
    "Framing",
    "Frames",
    "Reject",
    "frame",
    "resolve_framing",
]
