"""A declared table's starting snapshot: an unload of the table (IBM i: a CPYF of the file to a flat file; IBMSNAP:
a Db2 UNLOAD of the CD table's source table) declared as its state at one log position. Its rows are 'r' changes at that position; the log's changes committed at or
before it are already in the snapshot, those after it apply on top.

The position is the log's own number as the user reads it where the unload was taken:
- IBM i: the sequence number (decimal, as DSPJRN shows it) of the last journal entry already in the snapshot, in
  the first sequence epoch the landed journal holds; after a sequence reset, give the COMMIT_POSITION itself (24 hex
  digits: 4 of the epoch, 20 of the sequence number).
- IBMSNAP: IBMSNAP_COMMITSEQ in hex (up to 32 digits) of the last unit of work already in the snapshot.
"""

from __future__ import annotations

import re

from ..tables import ibmi_image, ibmsnap_image

_HEX = re.compile(r"^(?:x')?([0-9a-fA-F]+)'?$")


class SnapshotProblem(ValueError):
    """A snapshot position or table the user can fix (one line)."""


def commit_position(log: str, text: str) -> str:
    """The COMMIT_POSITION of a snapshot position as the user wrote it, in the log's sortable form."""
    text = text.strip()
    if log == "ibmi":
        if re.fullmatch(r"[0-9]{1,20}", text) and int(text) < 2 ** 64:
            return f"{0:04X}{int(text):020X}"
        if re.fullmatch(r"[0-9a-fA-F]{24}", text):
            return text.upper()
        raise SnapshotProblem(f"--snapshot-at {text!r}: give the journal sequence number of the last entry in the "
                              "snapshot (decimal, as DSPJRN shows it), or a COMMIT_POSITION of 24 hex digits")
    if log == "ibmsnap":
        m = _HEX.match(text)
        if m and len(m[1]) <= 32:
            return m[1].upper().rjust(32, "0")
        raise SnapshotProblem(f"--snapshot-at {text!r}: give the IBMSNAP_COMMITSEQ of the last unit of work in the "
                              "snapshot in hex (up to 32 digits)")
    raise SnapshotProblem(f"a table of log {log} cannot start from a snapshot")


def layout(name: str) -> str:
    return f"snapshot_{name}"


# Why a table without a declared key cannot start from a snapshot, per log.
_KEYLESS = {
    "ibmi": "is keyed by the relative record number, which a copy to a flat file does not keep",
    "ibmsnap": "has no key: its CD rows say which source row they change only by one",
}
LOGS = tuple(_KEYLESS)  # the logs whose tables can start from a snapshot


def check_table(table) -> None:
    """Refuse what a snapshot cannot start (before anything lands)."""
    if table.log not in LOGS:
        raise SnapshotProblem(f"table {table.name}: snapshots of {table.log} tables are not read yet "
                              "(IBM i tables can start from a CPYF copy, IBMSNAP CD tables from a Db2 UNLOAD of "
                              "the source table)")
    if not table.key:
        raise SnapshotProblem(f"table {table.name} {_KEYLESS[table.log]}: declare its key (jcat tables add ... "
                              "--key) to start it from a snapshot")


def record_length(table) -> int:
    """IBM i: a CPYF flat-file record is the file's buffer, the width of the row image. IBMSNAP: a Db2 UNLOAD
    record of the source table's columns."""
    if table.log == "ibmsnap":
        return ibmsnap_image.snapshot_record_length(table)
    return sum(c.width for c in ibmi_image.image_columns(table))
