"""IBM i journal outfile heading, *TYPE5 (record format QJORDJE5), positions 1-609.

Positions 1-126 are confirmed by IBM's audit heading page; 136-609 are derived (field order from public
code reading *TYPE5 outfiles, lengths from IBM's field descriptions) and close exactly at 610, the start of
the entry-specific data that every QASYxxJ5 audit layout gives. See shared reference/formats.md section 2.
"""

from . import Field, check_contiguous, encode_record


def _f(pos, width, fmt, name, kind, column, doc):
    """One line of IBM's QJORDJE5 table, in its order: position, width, format, field, then how we decode it,
    the models' column (None: not decoded) and IBM's description."""
    return Field(name, pos, width, kind, doc, column, fmt)


# pos width  format         field       kind      model column                    description
# a declaration table: one line per field, as the manual prints it
# fmt: off
HEADING: tuple[Field, ...] = (
    _f(  1,   5, 'Zoned(5,0)', 'JOENTL',   'zoned',  'ENTRY_LENGTH',                'length of the entry'),
    _f(  6,  20, 'Char(20)',   'JOSEQN',   'digits', 'SEQUENCE_NUMBER',             'sequence number'),
    _f( 26,   1, 'Char(1)',    'JOCODE',   'char',   'JOURNAL_CODE',                'journal code'),
    _f( 27,   2, 'Char(2)',    'JOENTT',   'char',   'JOURNAL_ENTRY_TYPE',          'entry type'),
    _f( 29,  26, 'Char(26)',   'JOTSTP',   'ibmi_ts','ENTRY_TIMESTAMP',             'timestamp of the entry'),
    _f( 55,  10, 'Char(10)',   'JOJOB',    'char',   'JOB_NAME',                    'job name'),
    _f( 65,  10, 'Char(10)',   'JOUSER',   'char',   'JOB_USER',                    'job user'),
    _f( 75,   6, 'Zoned(6,0)', 'JONBR',    'zoned',  'JOB_NUMBER',                  'job number'),
    _f( 81,  10, 'Char(10)',   'JOPGM',    'char',   'PROGRAM_NAME',                'program name'),
    _f( 91,  10, 'Char(10)',   'JOPGMLIB', 'char',   'PROGRAM_LIBRARY',             'program library'),
    _f(101,  10, 'Char(10)',   'JOPGMDEV', 'char',   'PROGRAM_LIBRARY_ASP_NAME',    'program library ASP device'),
    _f(111,   5, 'Zoned(5,0)', 'JOPGMASP', 'zoned',  'PROGRAM_LIBRARY_ASP_NUMBER',  'program library ASP number'),
    _f(116,  10, 'Char(10)',   'JOOBJ',    'char',   'JOURNALED_OBJECT_NAME',       'object name'),
    _f(126,  10, 'Char(10)',   'JOLIB',    'char',   'JOURNALED_OBJECT_LIBRARY',    'object library'),
    _f(136,  10, 'Char(10)',   'JOMBR',    'char',   'JOURNALED_OBJECT_MEMBER',     'member name'),
    _f(146,  20, 'Char(20)',   'JOCTRR',   'digits', 'COUNT_OR_RRN',                'count or relative record number'),
    _f(166,   1, 'Char(1)',    'JOFLAG',   'char',   'INDICATOR_FLAG',              'flag'),
    _f(167,  20, 'Char(20)',   'JOCCID',   'digits', 'COMMIT_CYCLE',                'commit cycle identifier'),
    _f(187,  10, 'Char(10)',   'JOUSPF',   'char',   'USER_NAME',                   'user profile'),
    _f(197,   8, 'Char(8)',    'JOSYNM',   'char',   'SYSTEM_NAME',                 'system name'),
    _f(205,  10, 'Char(10)',   'JOJID',    'hex',    'JOURNAL_IDENTIFIER',          'journal identifier'),
    _f(215,   1, 'Char(1)',    'JORCST',   'char',   'REFERENTIAL_CONSTRAINT',      'referential constraint'),
    _f(216,   1, 'Char(1)',    'JOTGR',    'char',   'TRIGGER',                     'trigger'),
    _f(217,   1, 'Char(1)',    'JOINCDAT', 'char',   'INCOMPLETE_DATA',             'incomplete data'),
    _f(218,   1, 'Char(1)',    'JOIGNAPY', 'char',   'IGNORED_BY_APPLY_REMOVE',     'ignored by APYJRNCHG/RMVJRNCHG'),
    _f(219,   1, 'Char(1)',    'JOMINESD', 'char',   'MINIMIZED_ENTRY_DATA',        'minimized entry-specific data'),
    _f(220,   1, 'Char(1)',    'JOOBJIND', 'char',   'OBJECT_NAME_INDICATOR',       'object name indicator'),
    _f(221,  20, 'Char(20)',   'JOSYSSEQ', 'digits', 'SYSTEM_SEQUENCE_NUMBER',      'system sequence number'),
    _f(241,  10, 'Char(10)',   'JORCV',    'char',   'RECEIVER_NAME',               'receiver name'),
    _f(251,  10, 'Char(10)',   'JORCVLIB', 'char',   'RECEIVER_LIBRARY',            'receiver library'),
    _f(261,  10, 'Char(10)',   'JORCVDEV', 'char',   'RECEIVER_LIBRARY_ASP_NAME',   'receiver library ASP device'),
    _f(271,   5, 'Zoned(5,0)', 'JORCVASP', 'zoned',  'RECEIVER_LIBRARY_ASP_NUMBER', 'receiver library ASP number'),
    _f(276,   5, 'Zoned(5,0)', 'JOARM',    'zoned',  'ARM_NUMBER',                  'arm number'),
    _f(281,   8, 'Char(8)',    'JOTHD',    'hex',    'THREAD_IDENTIFIER',           'thread identifier'),
    _f(289,  16, 'Char(16)',   'JOTHDX',   'char',   'THREAD',                      'thread identifier, hex text'),
    _f(305,   1, 'Char(1)',    'JOADF',    'char',   'ADDRESS_FAMILY',              'address family'),
    _f(306,   5, 'Zoned(5,0)', 'JORPORT',  'zoned',  'REMOTE_PORT',                 'remote port'),
    _f(311,  46, 'Char(46)',   'JORADR',   'char',   'REMOTE_ADDRESS',              'remote address'),
    _f(357,  39, 'Char(39)',   'JOLUW',    'char',   'LOGICAL_UNIT_OF_WORK',        'logical unit of work'),
    _f(396, 140, 'Char(140)',  'JOXID',    'char',   'TRANSACTION_IDENTIFIER',      'transaction identifier'),
    _f(536,   7, 'Char(7)',    'JOOBJTYP', 'char',   'JOURNALED_OBJECT_TYPE',       'object type'),
    _f(543,   1, 'Char(1)',    'JOFILTYP', 'char',   'FILE_TYPE_INDICATOR',         'file type'),
    _f(544,   7, 'Char(7)',    'JOCMTLVL', 'digits', 'NESTED_COMMIT_LEVEL',         'nested commit level'),
    _f(551,   9, 'Char(9)',    'JORES',    'hex',    None,                          'reserved'),
    _f(560,  50, 'Char(50)',   'JONVI',    'char',   'NULL_VALUE_INDICATORS',       'null value indicators'),
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
    fields = HEADING if esd_pos == ESD_POS else HEADING[:-1] + (Field("JONVI", 560, esd_pos - 560, "char"),)
    heading = encode_record(fields, values, esd_pos - 1)
    record = heading + esd
    length = record_length if record_length is not None else len(record)
    return record[:length].ljust(length, b"\x40")
