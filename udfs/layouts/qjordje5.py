"""IBM i journal outfile heading, *TYPE5 (record format QJORDJE5), positions 1-609.

Positions 1-126 are confirmed by IBM's audit heading page; 136-609 are derived (field order from public
code reading *TYPE5 outfiles, lengths from IBM's field descriptions) and close exactly at 610, the start of
the entry-specific data that every QASYxxJ5 audit layout gives. See shared reference/formats.md section 2.
"""

from . import Field, check_contiguous, encode_record

HEADING: tuple[Field, ...] = (
    Field("JOENTL", 1, 5, "zoned", "length of the entry"),
    Field("JOSEQN", 6, 20, "digits", "sequence number"),
    Field("JOCODE", 26, 1, "char", "journal code"),
    Field("JOENTT", 27, 2, "char", "entry type"),
    Field("JOTSTP", 29, 26, "ibmi_ts", "timestamp of the entry"),
    Field("JOJOB", 55, 10, "char", "job name"),
    Field("JOUSER", 65, 10, "char", "job user"),
    Field("JONBR", 75, 6, "zoned", "job number"),
    Field("JOPGM", 81, 10, "char", "program name"),
    Field("JOPGMLIB", 91, 10, "char", "program library"),
    Field("JOPGMDEV", 101, 10, "char", "program library ASP device"),
    Field("JOPGMASP", 111, 5, "zoned", "program library ASP number"),
    Field("JOOBJ", 116, 10, "char", "object name"),
    Field("JOLIB", 126, 10, "char", "object library"),
    Field("JOMBR", 136, 10, "char", "member name"),
    Field("JOCTRR", 146, 20, "digits", "count or relative record number"),
    Field("JOFLAG", 166, 1, "char", "flag"),
    Field("JOCCID", 167, 20, "digits", "commit cycle identifier"),
    Field("JOUSPF", 187, 10, "char", "user profile"),
    Field("JOSYNM", 197, 8, "char", "system name"),
    Field("JOJID", 205, 10, "hex", "journal identifier"),
    Field("JORCST", 215, 1, "char", "referential constraint"),
    Field("JOTGR", 216, 1, "char", "trigger"),
    Field("JOINCDAT", 217, 1, "char", "incomplete data"),
    Field("JOIGNAPY", 218, 1, "char", "ignored by APYJRNCHG/RMVJRNCHG"),
    Field("JOMINESD", 219, 1, "char", "minimized entry-specific data"),
    Field("JOOBJIND", 220, 1, "char", "object name indicator"),
    Field("JOSYSSEQ", 221, 20, "digits", "system sequence number"),
    Field("JORCV", 241, 10, "char", "receiver name"),
    Field("JORCVLIB", 251, 10, "char", "receiver library"),
    Field("JORCVDEV", 261, 10, "char", "receiver library ASP device"),
    Field("JORCVASP", 271, 5, "zoned", "receiver library ASP number"),
    Field("JOARM", 276, 5, "zoned", "arm number"),
    Field("JOTHD", 281, 8, "hex", "thread identifier"),
    Field("JOTHDX", 289, 16, "char", "thread identifier, hex text"),
    Field("JOADF", 305, 1, "char", "address family"),
    Field("JORPORT", 306, 5, "zoned", "remote port"),
    Field("JORADR", 311, 46, "char", "remote address"),
    Field("JOLUW", 357, 39, "char", "logical unit of work"),
    Field("JOXID", 396, 140, "char", "transaction identifier"),
    Field("JOOBJTYP", 536, 7, "char", "object type"),
    Field("JOFILTYP", 543, 1, "char", "file type"),
    Field("JOCMTLVL", 544, 7, "digits", "nested commit level"),
    Field("JORES", 551, 9, "hex", "reserved"),
    Field("JONVI", 560, 50, "char", "null value indicators"),
)
ESD_POS = 610
check_contiguous(HEADING, 1, ESD_POS)

# What DSPJRN writes where the heading has no value: binary fields zero, the rest blank (encode_record's fill).
BINARY_DEFAULTS = {"JOJID": b"\x00" * 10, "JOTHD": b"\x00" * 8, "JORES": b"\x00" * 9}


def encode(values: dict, esd: bytes = b"", record_length: int | None = None, esd_pos: int = ESD_POS) -> bytes:
    """A *TYPE5 outfile record: heading, then `esd` at `esd_pos`, blank-padded to `record_length`.

    JOENTL defaults to the entry's own length (heading + ESD), as IBM counts it: it exceeds the record length
    when the outfile truncated the entry. `esd_pos` > 610 models a larger NULLINDLEN (JONVI grows).
    """
    entry_length = esd_pos - 1 + len(esd)
    values = {"JOENTL": entry_length, **BINARY_DEFAULTS, **values}
    fields = HEADING if esd_pos == ESD_POS else HEADING[:-1] + (Field("JONVI", 560, esd_pos - 560, "char"),)
    heading = encode_record(fields, values, esd_pos - 1)
    record = heading + esd
    length = record_length if record_length is not None else len(record)
    return record[:length].ljust(length, b"\x40")
