"""Framing: cut a journal file's bytes into records (frames), and which framing each layout lands with
(layout_framing). Pure Python and numpy, no Spark."""

from .frames import Frames, Framing, Reject, frame
from .layout_framing import LayoutProblem, resolve_framing

__all__ = ["Framing", "Frames", "Reject", "frame", "LayoutProblem", "resolve_framing"]
