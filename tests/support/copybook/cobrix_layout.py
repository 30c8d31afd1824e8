"""Cobrix's record layout listing (Copybook.generateRecordLayoutPositions, cobol-parser/src/main/scala/.../
Copybook.scala), written from a parsed copybook's tree so a layout compares with Cobrix's `*_layout.txt` files."""

from __future__ import annotations

from udfs.core.copybook import cobrix_name

HEADER = "-------- FIELD LEVEL/NAME --------- --ATTRIBS--    FLD  START     END  LENGTH\n\n"


def listing(copybook, root_dropped: bool = False) -> str:
    """One line per entry, groups first, as Cobrix prints them (its root is the copybook; 01 levels are children).
    root_dropped: as Cobrix prints a copybook whose one 01 level became the root (no level, no field number)."""
    counter = [0]
    lines: list[str] = []
    nodes = copybook.nodes
    if root_dropped:
        (root,) = nodes
        lines.append(f"{cobrix_name(root.entry.name).ljust(55)}{1:>7}{root.actual:>7}{root.actual:>7}")
        nodes = root.children

    def walk(nodes, path: str) -> None:
        for n in nodes:
            counter[0] += 1
            flags = (
                ("D" if getattr(n, "dependee", False) else "")
                + ("r" if n.redefined else "")
                + ("R" if n.entry.redefines else "")
                + ("[]" if n.entry.occurs else "")
            )
            start = n.offset + 1
            name = f"{path}{n.entry.level} {cobrix_name(n.entry.name)}".ljust(39)
            lines.append(f"{name}{flags.ljust(11)}{counter[0]:>5}{start:>7}{start + n.actual - 1:>7}{n.actual:>7}")
            if n.children:
                walk(n.children, path + "  ")

    walk(nodes, "  " if root_dropped else "")
    return HEADER + "\n".join(lines)
