"""Entries to a record's layout: the tree of groups and fields, each field's bytes, size and offset.

Sizes follow COBOL storage rules as Cobrix computes them (so layouts compare with its listings): DISPLAY one byte
a digit or character, plus one for a separate sign and one for an explicit point; COMP, COMP-4, COMP-5 and BINARY
2 bytes for 1-4 digits, 4 for 5-9, 8 for 10-18 and ceil((digits * log2(10) + 1) / 8) above; COMP-3 digits // 2 + 1;
COMP-1 4 and COMP-2 8. An OCCURS takes its most elements (OCCURS DEPENDING ON too: the record's longest form). A
REDEFINES starts where the entry it redefines starts, and every entry of a chain of redefinitions takes the size of
the largest. Each 01 level is a record of its own, at offset 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .entries import Entry
from .problems import CopybookProblem


@dataclass
class Node:
    entry: Entry
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    usage: str = "display"  # the entry's own or its group's
    sign: str | None = None  # the entry's own or its group's SIGN clause
    size: int = 0  # bytes of one element
    actual: int = 0  # bytes taken: size times the most elements, raised to the largest of a redefinition chain
    offset: int = 0  # 0-based, in the record
    redefined: bool = False  # a later entry redefines it

    @property
    def is_group(self) -> bool:
        return bool(self.children)

    @property
    def occurs_max(self) -> int:
        return self.entry.occurs[1] if self.entry.occurs else 1


def build_records(entries: list[Entry], source: str) -> list[Node]:
    """The 01-level records (one record when the copybook starts below 01), sized and placed."""
    roots: list[Node] = []
    stack: list[Node] = []
    for e in entries:
        while stack and stack[-1].entry.level >= e.level:
            stack.pop()
        parent = stack[-1] if stack else None
        if parent is not None and parent.entry.picture is not None:
            raise CopybookProblem(
                source,
                e.line,
                f"level {e.level} {e.name} under an elementary item",
                f"{parent.entry.name} has a PIC: remove it or raise {e.name}'s level",
            )
        node = Node(
            e,
            parent,
            usage=e.usage or (parent.usage if parent else "display"),
            sign=e.sign or (parent.sign if parent else None),
        )
        (parent.children if parent else roots).append(node)
        stack.append(node)
    if not roots:
        raise CopybookProblem(source, 1, "no data description entry", "give the record's entries (01 level first)")
    if any(r.entry.level != roots[0].entry.level for r in roots) or roots[0].entry.level != 1:
        roots = [Node(Entry(1, "RECORD", roots[0].entry.line), children=roots)]  # below 01: one record
        for child in roots[0].children:
            child.parent = roots[0]
    for root in roots:
        _size(root, source)
        _place(root, 0)
    return roots


def _size(node: Node, source: str) -> None:
    if not node.children:
        node.size = _elementary_size(node, source)
    else:
        for child in node.children:
            _size(child, source)
        _chain_redefines(node.children, source)
        node.size = sum(c.actual for c in node.children if c.entry.redefines is None)
    node.actual = node.size * node.occurs_max


def _chain_redefines(children: list[Node], source: str) -> None:
    """Each chain of redefinitions (an entry and those that redefine it) takes the size of its largest."""
    chain: list[Node] = []
    for child in children + [None]:
        if child is not None and child.entry.redefines is not None:
            names = {c.entry.name.upper() for c in chain}
            if child.entry.redefines.upper() not in names:
                raise CopybookProblem(
                    source,
                    child.entry.line,
                    f"REDEFINES {child.entry.redefines}",
                    "redefine the entry just before it (or one it redefines), at the same level",
                )
            chain[-1].redefined = True
            chain.append(child)
            continue
        if len(chain) > 1:
            largest = max(c.actual for c in chain)
            for c in chain:
                c.actual = largest
        chain = [child] if child is not None else []


def _place(node: Node, offset: int) -> None:
    node.offset = offset
    at = start = offset
    for child in node.children:
        if child.entry.redefines is None:
            start = at
            at += child.actual
        _place(child, start)


def _elementary_size(node: Node, source: str) -> int:
    e, pic, usage = node.entry, node.entry.picture, node.usage
    if usage in ("comp-1", "comp-2"):
        return 4 if usage == "comp-1" else 8
    if pic is None:
        raise CopybookProblem(source, e.line, f"{e.name} without PIC", "give the elementary item a PIC clause")
    if pic.kind == "char" or (pic.kind == "edited" and usage == "display"):
        if node.sign and "separate" in node.sign and pic.kind == "edited":
            raise CopybookProblem(source, e.line, "SIGN SEPARATE on an edited picture", "remove the SIGN clause")
        if usage != "display":
            raise CopybookProblem(
                source,
                e.line,
                f"PIC {pic.text} USAGE {usage.upper()}",
                "a text or edited picture is DISPLAY: remove the USAGE clause",
            )
        return pic.display_length
    if pic.kind == "edited":
        raise CopybookProblem(source, e.line, f"PIC {pic.text} USAGE {usage.upper()}", "an edited picture is DISPLAY")
    if usage == "display":
        return pic.digits + (1 if node.sign and "separate" in node.sign else 0)
    if usage == "comp-3":
        return pic.digits // 2 + 1
    return binary_size(pic.digits)


def binary_size(digits: int) -> int:
    if digits <= 4:
        return 2
    if digits <= 9:
        return 4
    if digits <= 18:
        return 8
    return math.ceil((digits * math.log2(10) + 1) / 8)
