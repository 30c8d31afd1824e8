"""A declared table's starting snapshot: an unload of the table (IBM i: a CPYF of the file to a flat file; IBMSNAP:
a Db2 UNLOAD of the CD table's source table; LLDF: a Db2 UNLOAD of the table; IDMS: a file of the record's
occurrences in the copybook's layout) declared as its state at one log position. Its rows are 'r' changes at that
position; the log's changes committed at or before it are already in the snapshot, those after it apply on top.

The position is the log's own number as the user reads it where the unload was taken:
- IBM i: the sequence number (decimal, as DSPJRN shows it) of the last journal entry already in the snapshot, in
  the first sequence epoch the landed journal holds; after a sequence reset, give the COMMIT_POSITION itself (24 hex
  digits: 4 of the epoch, 20 of the sequence number).
- IBMSNAP: IBMSNAP_COMMITSEQ in hex (up to 32 digits) of the last unit of work already in the snapshot.
- LLDF: a UORCOMMITLRSN (20 hex digits, as the logical log's header holds it): every unit of recovery committed at
  an LRSN at or before it is in the unload, so the position is the last COMMIT_POSITION of that LRSN (its 20 digits,
  then 'F' for the 20 of UORCOMMITPOINT and the 4 of MEMBERID); or a COMMIT_POSITION itself (44 hex digits).
- IDMS: the journal SEQ of the last record already in the snapshot (decimal, as JREPORT prints it), or the
  COMMIT_POSITION itself (16 hex digits: x'...', or any 16 digits with a letter among them).
"""

from __future__ import annotations

import re

from ..tables import copybook_table, ibmi_image, ibmsnap_image, lldf_decode
from ..tables.logs import SNAPSHOT_LOGS

_HEX = re.compile(r"^(?:x')?([0-9a-fA-F]+)'?$")


class SnapshotProblem(ValueError):
    """A snapshot position or table the user can fix (one line)."""


def commit_position(log: str, text: str, option: str = "--snapshot-at", held: str = "in the snapshot") -> str:
    """The COMMIT_POSITION of a log position as the user wrote it (`option`'s value: the last change `held` there),
    in the log's sortable form."""
    text = text.strip()
    if log == "ibmi":
        if re.fullmatch(r"[0-9]{1,20}", text) and int(text) < 2**64:
            return f"{0:04X}{int(text):020X}"
        if re.fullmatch(r"[0-9a-fA-F]{24}", text):
            return text.upper()
        raise SnapshotProblem(
            f"{option} {text!r}: give the journal sequence number of the last entry {held} "
            "(decimal, as DSPJRN shows it), or a COMMIT_POSITION of 24 hex digits"
        )
    if log == "ibmsnap":
        m = _HEX.match(text)
        if m and len(m[1]) <= 32:
            return m[1].upper().rjust(32, "0")
        raise SnapshotProblem(
            f"{option} {text!r}: give the IBMSNAP_COMMITSEQ of the last unit of work {held} in hex (up to 32 digits)"
        )
    if log in _POSITIONS:
        return _POSITIONS[log](text, option, held)
    raise SnapshotProblem(f"a table of log {log} cannot start from a snapshot")


LRSN_DIGITS, LLDF_POSITION_DIGITS = 20, 44  # UORCOMMITLRSN; + UORCOMMITPOINT (20) + MEMBERID (4)


def _lldf_position(text: str, option: str, held: str) -> str:
    m = _HEX.match(text)
    digits = m[1].upper() if m else ""
    if len(digits) == LRSN_DIGITS:  # every unit committed at this LRSN, whatever its commit point and member
        return digits + "F" * (LLDF_POSITION_DIGITS - LRSN_DIGITS)
    if len(digits) == LLDF_POSITION_DIGITS:
        return digits
    raise SnapshotProblem(
        f"{option} {text!r}: give the UORCOMMITLRSN through which every committed unit of recovery "
        f"is {held} ({LRSN_DIGITS} hex digits, as the logical log's header holds it), or a "
        f"COMMIT_POSITION of {LLDF_POSITION_DIGITS} hex digits"
    )


def _idms_position(text: str, option: str, held: str) -> str:
    hexed = re.fullmatch(r"[xX]'([0-9a-fA-F]{16})'", text) or re.fullmatch(r"([0-9a-fA-F]*[a-fA-F][0-9a-fA-F]*)", text)
    if hexed and len(hexed[1]) == 16:
        return hexed[1].upper()
    if re.fullmatch(r"[0-9]{1,20}", text) and len(text) != 16 and int(text) < 2**64:
        return f"{int(text):016X}"
    also = " (16 decimal digits read as either: write the COMMIT_POSITION as x'...')" if len(text) == 16 else ""
    raise SnapshotProblem(
        f"{option} {text!r}: give the journal SEQ of the last record {held} "
        f"(decimal, as JREPORT prints it), or a COMMIT_POSITION of 16 hex digits as x'...'{also}"
    )


_POSITIONS = {"lldf": _lldf_position, "idms": _idms_position}


def layout(name: str) -> str:
    return f"snapshot_{name}"


def check_table(table) -> None:
    """Refuse what a snapshot cannot start (before anything lands)."""
    if table.log not in SNAPSHOT_LOGS:
        raise SnapshotProblem(
            f"table {table.name}: snapshots of {table.log} tables are not read (IBM i tables can "
            "start from a CPYF copy, IBMSNAP CD tables from a Db2 UNLOAD of the source table, "
            "LLDF tables from a Db2 UNLOAD of the table, IDMS records from a file of their "
            "occurrences)"
        )
    if not table.key or _db_keyed(table):
        fields = "FIELD,... (copybook fields)" if table.spec.described_by == "copybook" else "COL,..."
        raise SnapshotProblem(
            f"table {table.name} {table.spec.keyless}: declare its key (jcat tables add ... "
            f"--key {fields}) to start it from a snapshot"
        )


def _db_keyed(table) -> bool:
    """An IDMS record keyed (in part) by its database key, which no record of the copy carries."""
    database_key = "DB_KEY" in table.spec.default_key
    return database_key and "DB_KEY" in table.key and "DB_KEY" not in copybook_table.columns(table)


def record_length(table) -> int:
    """IBM i: a CPYF flat-file record is the file's buffer, the width of the row image. IBMSNAP: a Db2 UNLOAD
    record of the source table's columns. LLDF: a Db2 UNLOAD record of the table (VARCHARs padded). IDMS: the
    copybook's record."""
    if table.log == "ibmsnap":
        return ibmsnap_image.snapshot_record_length(table)
    if table.log == "lldf":
        return lldf_decode.snapshot_record_length(table)
    if table.log == "idms":
        return copybook_table.record_length(table)
    return sum(c.width for c in ibmi_image.image_columns(table))
