"""IBM i journal outfile heading, *TYPE5 (record format QJORDJE5), positions 1-609.

Positions 1-126 are confirmed by IBM's audit heading page; 136-609 are derived (field order from public
code reading *TYPE5 outfiles, lengths from IBM's field descriptions) and close exactly at 610, the start of
the entry-specific data that every QASYxxJ5 audit layout gives. See shared reference/formats.md section 2.
"""

from . import Field, check_contiguous, encode_record

# One line of IBM's QJORDJE5 table each, in its order: position, width, format, field, then how we decode it,
# the models' column (None: not decoded) and IBM's description.
# fmt: off
HEADING: tuple[Field, ...] = (
    Field(pos=1,   length=5,   fmt='Zoned(5,0)', name='JOENTL',   kind='zoned',   column='ENTRY_LENGTH',                doc='length of the entry'),
    Field(pos=6,   length=20,  fmt='Char(20)',   name='JOSEQN',   kind='digits',  column='SEQUENCE_NUMBER',             doc='sequence number'),
    Field(pos=26,  length=1,   fmt='Char(1)',    name='JOCODE',   kind='char',    column='JOURNAL_CODE',                doc='journal code'),
    Field(pos=27,  length=2,   fmt='Char(2)',    name='JOENTT',   kind='char',    column='JOURNAL_ENTRY_TYPE',          doc='entry type'),
    Field(pos=29,  length=26,  fmt='Char(26)',   name='JOTSTP',   kind='ibmi_ts', column='ENTRY_TIMESTAMP',             doc='timestamp of the entry'),
    Field(pos=55,  length=10,  fmt='Char(10)',   name='JOJOB',    kind='char',    column='JOB_NAME',                    doc='job name'),
    Field(pos=65,  length=10,  fmt='Char(10)',   name='JOUSER',   kind='char',    column='JOB_USER',                    doc='job user'),
    Field(pos=75,  length=6,   fmt='Zoned(6,0)', name='JONBR',    kind='zoned',   column='JOB_NUMBER',                  doc='job number'),
    Field(pos=81,  length=10,  fmt='Char(10)',   name='JOPGM',    kind='char',    column='PROGRAM_NAME',                doc='program name'),
    Field(pos=91,  length=10,  fmt='Char(10)',   name='JOPGMLIB', kind='char',    column='PROGRAM_LIBRARY',             doc='program library'),
    Field(pos=101, length=10,  fmt='Char(10)',   name='JOPGMDEV', kind='char',    column='PROGRAM_LIBRARY_ASP_NAME',    doc='program library ASP device'),
    Field(pos=111, length=5,   fmt='Zoned(5,0)', name='JOPGMASP', kind='zoned',   column='PROGRAM_LIBRARY_ASP_NUMBER',  doc='program library ASP number'),
    Field(pos=116, length=10,  fmt='Char(10)',   name='JOOBJ',    kind='char',    column='JOURNALED_OBJECT_NAME',       doc='object name'),
    Field(pos=126, length=10,  fmt='Char(10)',   name='JOLIB',    kind='char',    column='JOURNALED_OBJECT_LIBRARY',    doc='object library'),
    Field(pos=136, length=10,  fmt='Char(10)',   name='JOMBR',    kind='char',    column='JOURNALED_OBJECT_MEMBER',     doc='member name'),
    Field(pos=146, length=20,  fmt='Char(20)',   name='JOCTRR',   kind='digits',  column='COUNT_OR_RRN',                doc='count or relative record number'),
    Field(pos=166, length=1,   fmt='Char(1)',    name='JOFLAG',   kind='char',    column='INDICATOR_FLAG',              doc='flag'),
    Field(pos=167, length=20,  fmt='Char(20)',   name='JOCCID',   kind='digits',  column='COMMIT_CYCLE',                doc='commit cycle identifier'),
    Field(pos=187, length=10,  fmt='Char(10)',   name='JOUSPF',   kind='char',    column='USER_NAME',                   doc='user profile'),
    Field(pos=197, length=8,   fmt='Char(8)',    name='JOSYNM',   kind='char',    column='SYSTEM_NAME',                 doc='system name'),
    Field(pos=205, length=10,  fmt='Char(10)',   name='JOJID',    kind='hex',     column='JOURNAL_IDENTIFIER',          doc='journal identifier'),
    Field(pos=215, length=1,   fmt='Char(1)',    name='JORCST',   kind='char',    column='REFERENTIAL_CONSTRAINT',      doc='referential constraint'),
    Field(pos=216, length=1,   fmt='Char(1)',    name='JOTGR',    kind='char',    column='TRIGGER',                     doc='trigger'),
    Field(pos=217, length=1,   fmt='Char(1)',    name='JOINCDAT', kind='char',    column='INCOMPLETE_DATA',             doc='incomplete data'),
    Field(pos=218, length=1,   fmt='Char(1)',    name='JOIGNAPY', kind='char',    column='IGNORED_BY_APPLY_REMOVE',     doc='ignored by APYJRNCHG/RMVJRNCHG'),
    Field(pos=219, length=1,   fmt='Char(1)',    name='JOMINESD', kind='char',    column='MINIMIZED_ENTRY_DATA',        doc='minimized entry-specific data'),
    Field(pos=220, length=1,   fmt='Char(1)',    name='JOOBJIND', kind='char',    column='OBJECT_NAME_INDICATOR',       doc='object name indicator'),
    Field(pos=221, length=20,  fmt='Char(20)',   name='JOSYSSEQ', kind='digits',  column='SYSTEM_SEQUENCE_NUMBER',      doc='system sequence number'),
    Field(pos=241, length=10,  fmt='Char(10)',   name='JORCV',    kind='char',    column='RECEIVER_NAME',               doc='receiver name'),
    Field(pos=251, length=10,  fmt='Char(10)',   name='JORCVLIB', kind='char',    column='RECEIVER_LIBRARY',            doc='receiver library'),
    Field(pos=261, length=10,  fmt='Char(10)',   name='JORCVDEV', kind='char',    column='RECEIVER_LIBRARY_ASP_NAME',   doc='receiver library ASP device'),
    Field(pos=271, length=5,   fmt='Zoned(5,0)', name='JORCVASP', kind='zoned',   column='RECEIVER_LIBRARY_ASP_NUMBER', doc='receiver library ASP number'),
    Field(pos=276, length=5,   fmt='Zoned(5,0)', name='JOARM',    kind='zoned',   column='ARM_NUMBER',                  doc='arm number'),
    Field(pos=281, length=8,   fmt='Char(8)',    name='JOTHD',    kind='hex',     column='THREAD_IDENTIFIER',           doc='thread identifier'),
    Field(pos=289, length=16,  fmt='Char(16)',   name='JOTHDX',   kind='char',    column='THREAD',                      doc='thread identifier, hex text'),
    Field(pos=305, length=1,   fmt='Char(1)',    name='JOADF',    kind='char',    column='ADDRESS_FAMILY',              doc='address family'),
    Field(pos=306, length=5,   fmt='Zoned(5,0)', name='JORPORT',  kind='zoned',   column='REMOTE_PORT',                 doc='remote port'),
    Field(pos=311, length=46,  fmt='Char(46)',   name='JORADR',   kind='char',    column='REMOTE_ADDRESS',              doc='remote address'),
    Field(pos=357, length=39,  fmt='Char(39)',   name='JOLUW',    kind='char',    column='LOGICAL_UNIT_OF_WORK',        doc='logical unit of work'),
    Field(pos=396, length=140, fmt='Char(140)',  name='JOXID',    kind='char',    column='TRANSACTION_IDENTIFIER',      doc='transaction identifier'),
    Field(pos=536, length=7,   fmt='Char(7)',    name='JOOBJTYP', kind='char',    column='JOURNALED_OBJECT_TYPE',       doc='object type'),
    Field(pos=543, length=1,   fmt='Char(1)',    name='JOFILTYP', kind='char',    column='FILE_TYPE_INDICATOR',         doc='file type'),
    Field(pos=544, length=7,   fmt='Char(7)',    name='JOCMTLVL', kind='digits',  column='NESTED_COMMIT_LEVEL',         doc='nested commit level'),
    Field(pos=551, length=9,   fmt='Char(9)',    name='JORES',    kind='hex',     column=None,                          doc='reserved'),
    Field(pos=560, length=50,  fmt='Char(50)',   name='JONVI',    kind='char',    column='NULL_VALUE_INDICATORS',       doc='null value indicators'),
)
# fmt: on
# The models print JONBR as six digits (000123/QUSER/QZDASOINIT); JONVI fills the space up to the ESD, so its
# width follows the ESD position (DSPJRN NULLINDLEN).
MODEL_KIND = {"JONBR": "jobnum"}
ESD_POS = 610
CONFIRMED_THROUGH = "JOLIB"  # the last field IBM's heading page gives; the rest is derived (module docstring)

# What the models make of a field, beyond IBM's description (the column descriptions add position and format).
NOTES = {
    "JOENTL": "of the whole journal entry as IBM i counts it, including the heading and any part the outfile truncated",
    "JOSEQN": "as DECIMAL(20,0); restarts at 1 when the journal is reset. NULL and named in decode_errors if the "
    "bytes are not all digits",
    "JOCODE": "the family of the entry, e.g. T audit, R record, C commitment control",
    "JOENTT": "within the journal code, e.g. M7 or PT",
    "JOTSTP": "the system's local wall clock without zone: TIMESTAMP_NTZ",
    "JOJOB": "name part of the job that caused the entry",
    "JOUSER": "user part of the qualified job name: the profile the job started under",
    "JONBR": "number part of the qualified job name, six digits with leading zeros as IBM i shows it",
    "JOPGM": "the program (or service program) that wrote the entry; *NONE when there was none",
    "JOPGMDEV": "*SYSBAS for the system and basic ASPs",
    "JOOBJ": "of the journaled object the entry is about; named JOURNALED_ to keep OBJECT_NAME for the "
    "entry-specific column",
    "JOLIB": "of the journaled object",
    "JOMBR": "of the journaled file",
    "JOCTRR": "the relative record number of the changed record, or a count for entries that carry one",
    "JOFLAG": "entry-dependent, e.g. 0 normal / 1 abnormal for apply and remove entries",
    "JOCCID": "0 outside commitment control",
    "JOUSPF": "current user profile of the thread that wrote the entry; can differ from JOB_USER",
    "JOSYNM": "where the entry was written",
    "JOJID": "of the journaled object, its bytes as upper-case hex",
    "JORCST": "1 when the change came from a referential constraint, else 0",
    "JOTGR": "1 when the change came from a trigger program, else 0",
    "JOINCDAT": "1 when the entry data is incomplete, e.g. large objects not included",
    "JOIGNAPY": "1 when APYJRNCHG and RMVJRNCHG ignore the entry",
    "JOMINESD": "whether the entry-specific data was minimized",
    "JOOBJIND": "how the object name fields were filled",
    "JOSYSSEQ": "system-wide, orders entries across journals",
    "JORCV": "the journal receiver that holds the entry",
    "JOARM": "disk arm where the entry was written",
    "JOTHD": "the thread that wrote the entry, its bytes as upper-case hex",
    "JOTHDX": "the same thread identifier as IBM i prints it",
    "JOADF": "of the remote address: 4 IPv4, 6 IPv6, blank none",
    "JORPORT": "of the connection that caused the entry",
    "JORADR": "remote IP address",
    "JOLUW": "of a distributed transaction",
    "JOXID": "X/Open transaction identifier",
    "JOOBJTYP": "of the journaled object, e.g. *QDDS, *DTAARA",
    "JOFILTYP": "of the journaled object",
    "JONVI": "of the record image, one character per field; its width is the space before the entry-specific data",
}
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
    fields = (
        HEADING
        if esd_pos == ESD_POS
        else HEADING[:-1] + (Field(name="JONVI", pos=560, length=esd_pos - 560, kind="char"),)
    )
    heading = encode_record(fields, values, esd_pos - 1)
    record = heading + esd
    length = record_length if record_length is not None else len(record)
    return record[:length].ljust(length, b"\x40")
