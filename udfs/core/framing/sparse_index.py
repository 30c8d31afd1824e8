"""The sparse index of a variable-length file: where it can be cut into ranges that tasks frame on their own, found
by walking the record (and block) lengths from the start, and the ranges planned from those points. Cobrix's idea:
each range starts at a record boundary, so no task reads across another's records."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .frames import Framing, _Builder, _frame_rdw_run, _frame_vb_from, frame_self

# ---- the sparse index: where a file can be cut, found by walking its lengths ------------------------------


class FileView:
    """File bytes [base, base + size) as a read-only buffer the framing loops can walk: reads a page at a
    time through read_at(offset, n), so walking the lengths of a big file never holds it in memory."""

    def __init__(self, read_at, base: int, size: int, page: int = 1 << 20):
        self.read_at, self.base, self.size, self.page_size = read_at, base, size, page
        self.lo, self.hi, self.page = 0, 0, b""

    def __len__(self) -> int:
        return self.size

    def _load(self, i: int):
        self.lo = i
        self.page = self.read_at(self.base + i, min(self.page_size, self.size - i))
        self.hi = i + len(self.page)

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop = max(i.start or 0, 0), min(self.size if i.stop is None else i.stop, self.size)
            if stop <= start:
                return b""
            if not (self.lo <= start and stop <= self.hi):
                if stop - start > self.page_size:
                    return self.read_at(self.base + start, stop - start)
                self._load(start)
            return self.page[start - self.lo : stop - self.lo]
        if not self.lo <= i < self.hi:
            if not 0 <= i < self.size:
                raise IndexError(i)
            self._load(i)
        return self.page[i - self.lo]


@dataclass
class SparseIndex:
    """Places a variable-length file can be cut: unit starts about every `step` bytes, each with the number
    of records landed before it (so record numbers stay file-wide), and `stop`, where framing gives up and
    the rest of the file is one reject (None when it frames to the end)."""

    size: int
    points: list[tuple[int, int]]
    stop: int | None
    records: int


class _Indexer(_Builder):
    def __init__(self, step: int):
        super().__init__()
        self.step, self.next, self.count = step, 0, 0
        self.points: list[tuple[int, int]] = []
        self.stopped: int | None = None

    def record(self, start: int, length: int):
        self.count += 1

    def unit(self, pos: int):
        if pos >= self.next:
            self.points.append((pos, self.count))
            self.next = pos + self.step

    def stop(self, pos: int):
        self.stopped = pos
        if not self.points or self.points[-1][0] != pos:
            self.points.append((pos, self.count))

    def reject(self, offset: int, length: int, reason: str):
        pass  # the tasks find them again; the index only counts records


FastWalk = Callable[[bool], tuple[int, int, list[tuple[int, int]]]]


def sparse_index(buf, framing: Framing, step: int, fast_walk: FastWalk | None = None) -> SparseIndex:
    """One sequential walk of the lengths (the framing loops themselves, so the index can never disagree
    with them), keeping a unit start every `step` bytes. buf is usually a FileView.

    fast_walk(blocks), when given, does what `_fast_walk` does (same checks, same cut points, at this step)
    elsewhere, for example in the driver JVM, and returns (where it stopped, records before that, cut points)."""
    if framing.kind == "fixed":
        raise ValueError("fixed-length files need no index: cut them at multiples of the record length")
    ix = _Indexer(step)
    if framing.kind == "rdw":
        pos = _walk_common(buf, ix, False, fast_walk) if framing.inner is None and isinstance(buf, FileView) else 0
        _frame_rdw_run(ix, buf, pos, len(buf), framing, units=True)
    elif framing.kind == "vb":
        pos = _walk_common(buf, ix, True, fast_walk) if framing.inner is None and isinstance(buf, FileView) else 0
        _frame_vb_from(ix, buf, pos, framing)
    else:
        frame_self(buf, framing, ix)
    return SparseIndex(len(buf), ix.points, ix.stopped, ix.count)


def _walk_common(view: FileView, ix: _Indexer, blocks: bool, fast_walk: FastWalk | None) -> int:
    if fast_walk is None:
        return _fast_walk(view, ix, blocks)
    pos, count, points = fast_walk(blocks)
    ix.points, ix.count = list(points), count
    ix.next = points[-1][0] + ix.step if points else 0
    return pos


def _fast_walk(view: FileView, ix: _Indexer, blocks: bool) -> int:
    """The common case of the walk, straight off the view's pages: well-formed RDWs (or, for VB, short-form
    BDWs whose RDWs fill the block exactly). Returns where something else starts (or the end); the framing
    loop itself carries on from there, so the index is the same as the loop's alone, only faster."""
    pos, end = 0, len(view)
    while pos < end:
        if blocks:
            if not (view.lo <= pos and pos + 4 <= view.hi):
                if end - pos < 4:
                    return pos
                view._load(pos)
            page, p = view.page, pos - view.lo
            n = (page[p] << 8) | page[p + 1]
            if page[p] & 0x80 or page[p + 2] or page[p + 3] or n < 8 or pos + n > end:
                return pos
            if not (view.lo <= pos and pos + n <= view.hi):
                view._load(pos)
                page, p = view.page, 0
                if n > len(page):  # a block longer than a page: the loop handles it
                    return pos
            q, block_end, count = p + 4, p + n, 0
            while q < block_end:
                if block_end - q < 4:
                    return pos
                m = (page[q] << 8) | page[q + 1]
                if page[q + 2] or page[q + 3] or m < 4 or q + m > block_end:
                    return pos
                q += m
                count += 1
        else:
            if not (view.lo <= pos and pos + 4 <= view.hi):
                if end - pos < 4:
                    return pos
                view._load(pos)
            page, p = view.page, pos - view.lo
            n = (page[p] << 8) | page[p + 1]
            if page[p + 2] or page[p + 3] or n < 4 or pos + n > end:
                return pos
            count = 1
        if pos >= ix.next:
            ix.points.append((pos, ix.count))
            ix.next = pos + ix.step
        ix.count += count
        pos += n
    return pos


def fixed_points(size: int, record_length: int, step: int) -> list[tuple[int, int]]:
    """Cut points of a fixed-length file: whole records, about `step` bytes apart."""
    every = max(1, step // record_length) * record_length
    return [(off, off // record_length) for off in range(0, max(size, 1), every)]


def plan_ranges(points: list[tuple[int, int]], stop: int | None, size: int, target: int) -> list[list[list]]:
    """Group the intervals between cut points into ranges of about `target` bytes, one task each.

    Returns ranges, each a list of intervals [start, end, records_before, lazy]: a task frames one interval
    at a time (memory bounded by the step, or one unit when a unit is longer). `lazy` marks the interval
    from `stop` to the end: it is one reject, framed by reading its first bytes only, and gets its own range.
    """
    cuts = [p for p in points if p[0] < size]
    intervals = [
        [a, b, n, stop is not None and a == stop] for (a, n), b in zip(cuts, [c[0] for c in cuts[1:]] + [size])
    ]
    ranges: list[list[list]] = []
    current: list[list] = []
    for iv in intervals:
        if current and (iv[3] or iv[1] - current[0][0] > target):
            ranges.append(current)
            current = []
        current.append(iv)
    if current:
        ranges.append(current)
    return ranges
