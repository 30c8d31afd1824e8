"""IBM i journal entry-specific data (ESD): the layouts of seed 001, as data.

Each `Layout` is one table of IBM's "Layouts for variable-length portion of journal entries": fixed fields at
1-based positions relative to the ESD (as the seed prints them), plus the parts the table addresses by offset
or repeats (object and path names, symbolic link contents, private authority arrays, commit IDs, attribute
chains, the C LW records). `ENTRY_TYPES` says which journal code / entry type carries each layout, with the
status of that fact (docs/ibmi_esd.md gives the sources).

The dbt models under models/ibmi/esd/, the mapping macro and the docs page are rendered from this module by
udfs/render/ibmi_esd.py (`jcat generate`).
udfs/core/samples/ibmi_esd.py builds one realistic ESD per layout from them, for tests and the demo.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kinds import Field

# What a part is, each rendered by udfs/render/ibmi_esd.py. Addressed parts start at a fixed 1-based `pos` or at
# the 0-based offset (from the ESD start) held in the column `offset`; `length` names the column holding their
# length in bytes or number of elements. Derived parts are computed from the part named by `source`.
PART_KINDS = (
    "bytes",  # `length` bytes (BINARY)
    "text",  # `length` bytes of EBCDIC text at `offset` (trigger names)
    "rest",  # the bytes from `pos` or `offset` to the end of the ESD (internal data, record images)
    "object_name",  # the shared object name sub-layout (seed table 71)
    "path_name",  # the shared path name sub-layout (seed table 72)
    "symlink",  # the shared symbolic link contents sub-layout
    "journal_info",  # the shared journal information sub-layout, 36 bytes at `pos`
    "private_authorities",  # the shared private authorities sub-layout, 12 flags at `pos`
    "u64_array",  # `length` unsigned Bin (64) at `pos`
    "char_array",  # `length` (at most `most`) Char (`width`) at `pos`
    "authority_array",  # `length` private authority entries at `offset`
    "attribute_chain",  # attribute records chained by next-attribute offsets, the first at `pos`
    "luw_header",  # the C LW HDR record
    "luw_records",  # every C LW record of type `record`
    "luw_record_types",  # the type of every C LW record, in order
    "ebcdic_text",  # derived: `source` decoded as EBCDIC text
    "text_by_type",  # derived: `source` as text when the column `by` holds one of `values`
    "leading_bytes",  # derived: the first `width` bytes of `source`
    "following_bytes",  # derived: what follows the first `width` bytes of `source`
)
LUW_RECORD_TYPES = ("HDR", "LCL", "API", "DDL", "RMT", "DDM")  # seed tables 45-51


@dataclass(frozen=True)
class Part:
    """A part the table addresses by offset or repeats: a struct, array or bytes column (see PART_KINDS)."""

    name: str
    kind: str
    fmt: str
    doc: str
    pos: int = 0
    offset: str = ""
    length: str = ""
    width: int = 0
    most: int = 0
    source: str = ""
    by: str = ""
    values: tuple[str, ...] = ()
    record: str = ""
    pointer_when_incomplete: bool = False  # the bytes are a pointer, not data, when the heading says INCOMPLETE_DATA

    def __post_init__(self):
        if self.kind not in PART_KINDS:
            raise ValueError(f"{self.name}: unknown part kind {self.kind!r}")


@dataclass(frozen=True)
class Layout:
    model: str  # ibmi_esd_<model>
    table: str  # seed 001 table number(s)
    title: str
    fields: tuple[Field, ...]
    parts: tuple[Part, ...] = ()
    heading: str = ""  # what the heading's entry-specific values (JOCTRR, JOFLAG, JOJID) mean here
    notes: str = ""


def reserved(*, pos: int, length: int, fmt: str = "") -> Field:
    """Reserved bytes of an ESD table: no name, no column; `fmt` only where the seed prints another than Char."""
    return Field(name="", pos=pos, length=length, kind="reserved", fmt=fmt or f"Char ({length})", doc="reserved")


AUTH = ("Y",)  # authority flags: 'Y' or blank (IBM, seed 001 B B1 offset 117 and the private authority notes)


# --- shared sub-layouts, as parts ------------------------------------------------------------------------
def _part_start(where: str | int) -> dict:
    """A column holding the part's 0-based offset (str) or its fixed 1-based position (int)."""
    return {"offset": where} if isinstance(where, str) else {"pos": where}


def object_name(name, where, doc):
    return Part(
        name,
        "object_name",
        "Char (*) Object name",
        doc + " Struct: LENGTH, CCSID, COUNTRY_ID, LANGUAGE_ID, NAME (decoded with its own CCSID).",
        **_part_start(where),
    )


def text_at(name, offset, length, doc):
    """EBCDIC text at a 0-based offset held in a column, its length in another (trigger names)."""
    return Part(name, "text", "Char (*)", doc, offset=offset, length=length)


def path_name(name, where, doc):
    return Part(
        name,
        "path_name",
        "Char (*) Path name",
        doc + " Struct: PATH_INDICATOR, RELATIVE_DIRECTORY_FID, CCSID, COUNTRY_ID, LANGUAGE_ID, PATH_TYPE, "
        "PATH_LENGTH, DELIMITER, PATH (decoded with its own CCSID).",
        **_part_start(where),
    )


def journal_info(name, pos, doc="Journaling information of the object."):
    return Part(
        name,
        "journal_info",
        "Char (36) Journal information",
        doc + " Struct: JOURNALING_STATUS and OPTIONS (raw hex), JID, JOURNAL_NAME, JOURNAL_LIBRARY, "
        "LAST_STARTED (Bin(32) as written).",
        pos=pos,
    )


def private_auth(name, pos, doc):
    return Part(
        name,
        "private_authorities",
        "Char (12) Private authorities",
        doc + " Struct of the eleven authority flags ('Y' or NULL).",
        pos=pos,
    )


def data_bytes(name, where, length, fmt, doc, **more):
    return Part(name, "bytes", fmt, doc, length=length, **_part_start(where), **more)


def rest(name, where, fmt, doc):
    return Part(name, "rest", fmt, doc, **_part_start(where))


# declaration tables: one line per field, as the manual prints it
# fmt: off
OBJ_LIB = (Field(name="OBJECT_NAME",  pos=2,  length=10, kind="char", fmt="Char (10)", doc="Object name; *N when the object is not in a library."),
           Field(name="LIBRARY_NAME", pos=12, length=10, kind="char", fmt="Char (10)", doc="Library of the object; *N when not in a library."),
           Field(name="OBJECT_TYPE",  pos=22, length=8,  kind="char", fmt="Char (8)",  doc="Object type."))

SAVE_COMMON = (
    Field(name="MEDIA_TYPE",        pos=1,  length=3,  kind="char",  fmt="Char (3)",    doc="Media used for the save or restore (value list lost from the seed: raw)."),
    Field(name="FIRST_VOLUME_ID",   pos=4,  length=6,  kind="char",  fmt="Char (6)",    doc="First volume used (first six characters of an optical volume ID)."),
    Field(name="START_DATE",        pos=10, length=6,  kind="char",  fmt="Char (6)",    doc="Date the operation started, in the DATFMT of the job (kept as text)."),
    Field(name="START_TIME",        pos=16, length=6,  kind="zoned", fmt="Zoned (6,0)", doc="Time the operation started (hhmmss)."),
    Field(name="UPDATE_HISTORY",    pos=22, length=1,  kind="char",  fmt="Char (1)",    doc="Whether the save history was updated (raw flag)."),
    Field(name="SAVE_FILE_NAME",    pos=23, length=10, kind="char",  fmt="Char (10)",   doc="Save file used, NULL when none."),
    Field(name="SAVE_FILE_LIBRARY", pos=33, length=10, kind="char",  fmt="Char (10)",   doc="Library of the save file, NULL when none."),
)

def queue_parts(data: Part, api_doc: str) -> tuple[Part, Part]:
    """The data field of a data queue entry split as QSNDDTAQ takes it: 16 bytes of API information, then what was
    placed on the queue. Data shorter than 16 bytes cannot be split: both NULL and named."""
    return (Part("API_INFORMATION", "leading_bytes", "first 16 bytes of Data", api_doc, source=data.name, width=16),
            Part("QUEUE_DATA", "following_bytes", "rest of Data",
                 "What was placed on the queue (bytes; empty when Data is only the API information).",
                 source=data.name, width=16))


LAYOUTS: tuple[Layout, ...] = (
    Layout("partial_transactions", "1", "Allow use with partial transactions", (
        Field(name="REASON_CODE", pos=1, length=1, kind="char", fmt="Char (1)", doc="Why partial transactions were allowed (value list lost from the seed: raw)."),
        reserved(pos=2, length=3),
        Field(name="NUMBER_OF_COMMIT_IDS", pos=5, length=4, kind="ubin", fmt="Bin (32)", doc="Number of commit cycle identifiers that follow."),
        reserved(pos=9, length=72),
    ), (Part("COMMIT_IDS", "u64_array", "Bin (64) [*]",
             "Commit cycle identifiers of the partial transactions that remain in the object (array, in order).",
             pos=81, length="NUMBER_OF_COMMIT_IDS"),)),
    Layout("apply_remove", "2", "APYJRNCHG and RMVJRNCHG results", (
        Field(name="FIRST_ENTRY",                       pos=1,   length=10, kind="zoned",  fmt="Zoned (10,0)", doc="First entry applied or removed; -1 when it does not fit (see FIRST_ENTRY_LARGE)."),
        Field(name="LAST_ENTRY",                        pos=11,  length=10, kind="zoned",  fmt="Zoned (10,0)", doc="Last entry applied or removed; -1 when it does not fit."),
        Field(name="STARTING_RECEIVER",                 pos=21,  length=10, kind="char",   fmt="Char (10)",    doc="First receiver entries were applied or removed from."),
        Field(name="STARTING_RECEIVER_LIBRARY",         pos=31,  length=10, kind="char",   fmt="Char (10)",    doc="Library of the starting receiver."),
        Field(name="ENDING_RECEIVER",                   pos=41,  length=10, kind="char",   fmt="Char (10)",    doc="Last receiver entries were applied or removed from."),
        Field(name="ENDING_RECEIVER_LIBRARY",           pos=51,  length=10, kind="char",   fmt="Char (10)",    doc="Library of the ending receiver."),
        Field(name="STARTING_SEQUENCE",                 pos=61,  length=10, kind="char",   fmt="Char (10)",    doc="Requested starting sequence number as written (text; -1 when too large)."),
        Field(name="ENDING_SEQUENCE",                   pos=71,  length=10, kind="char",   fmt="Char (10)",    doc="Requested ending sequence number as written (text; -1 when too large)."),
        Field(name="INCOMPLETE_COMMIT_NOT_APPLIED",     pos=81,  length=1,  kind="char",   fmt="Char (1)",     doc="Whether an incomplete commit transaction was left out (raw flag)."),
        Field(name="FIRST_ENTRY_LARGE",                 pos=82,  length=20, kind="digits", fmt="Char (20)",    doc="First entry applied or removed, always the full number."),
        Field(name="LAST_ENTRY_LARGE",                  pos=102, length=20, kind="digits", fmt="Char (20)",    doc="Last entry applied or removed, always the full number."),
        Field(name="STARTING_SEQUENCE_LARGE",           pos=122, length=20, kind="digits", fmt="Char (20)",    doc="Requested starting sequence number, full."),
        Field(name="ENDING_SEQUENCE_LARGE",             pos=142, length=20, kind="digits", fmt="Char (20)",    doc="Requested ending sequence number, full."),
        Field(name="NUMBER_OF_ENTRIES",                 pos=162, length=20, kind="digits", fmt="Char (20)",    doc="Number of entries applied or removed."),
        Field(name="PARTIAL_TRANSACTION_START",         pos=182, length=20, kind="digits", fmt="Char (20)",    doc="First sequence number of partial transactions removed (0 for IFS and data areas)."),
        Field(name="PARTIAL_TRANSACTION_END",           pos=202, length=20, kind="digits", fmt="Char (20)",    doc="Last sequence number of partial transactions removed."),
        Field(name="PARTIAL_TRANSACTIONS_REMOVED",      pos=222, length=20, kind="digits", fmt="Char (20)",    doc="Entries removed for partial transactions."),
        Field(name="OBJECT_DELETED",                    pos=242, length=1,  kind="char",   fmt="Char (1)",     doc="Whether the object was deleted by the operation (raw flag)."),
        Field(name="OBJECT_CREATED",                    pos=243, length=1,  kind="char",   fmt="Char (1)",     doc="Whether the object was created by the operation (raw flag)."),
        Field(name="EARLY_END",                         pos=244, length=1,  kind="char",   fmt="Char (1)",     doc="Whether the operation ended early for this object (raw flag)."),
        Field(name="CHANGE_NOT_MADE",                   pos=245, length=1,  kind="char",   fmt="Char (1)",     doc="Whether a change was found after an early end (raw flag)."),
        Field(name="END_REASON_CODE",                   pos=246, length=1,  kind="char",   fmt="Char (1)",     doc="Reason code of an early end (see message MCH4801)."),
        Field(name="END_MESSAGE_ID",                    pos=247, length=7,  kind="char",   fmt="Char (7)",     doc="Message identifier of an early end."),
        Field(name="ERROR_CONDITION",                   pos=254, length=4,  kind="bin",    fmt="Bin (31)",     doc="Error condition code of an early end."),
        Field(name="PARTIAL_TRANSACTIONS_REMAIN",       pos=258, length=1,  kind="char",   fmt="Char (1)",     doc="Whether partial transactions remain for the object (raw flag)."),
        Field(name="PARTIAL_TRANSACTIONS_WERE_REMOVED", pos=259, length=1,  kind="char",   fmt="Char (1)",     doc="Whether some partial transactions were removed (raw flag)."),
    ), heading="COUNT_OR_RRN: number of entries applied or removed; INDICATOR_FLAG: 0 normal end, 1 abnormal end."),
    Layout("audit_value", "3", "Object audit value changed", (
        Field(name="AUDIT_VALUE", pos=1, length=10, kind="char", fmt="Char (10)", doc="New object audit value."),)),
    Layout("authority_change", "4", "Object authority changed (grant, revoke)", (
        Field(name="USER_PROFILE",       pos=1,  length=10, kind="char", fmt="Char (10)", doc="User profile, or REFUSER of GRTUSRAUT."),
        Field(name="AUTHORIZATION_LIST", pos=11, length=10, kind="char", fmt="Char (10)", doc="Authorization list."),
        Field(name="OBJECT_EXISTENCE",   pos=21, length=1,  kind="char", fmt="Char (1)",  doc="*OBJEXIST authority flag."),
        Field(name="OBJECT_MANAGEMENT",  pos=22, length=1,  kind="char", fmt="Char (1)",  doc="*OBJMGT flag."),
        Field(name="OBJECT_OPERATIONAL", pos=23, length=1,  kind="char", fmt="Char (1)",  doc="*OBJOPR flag."),
        Field(name="AUTL_MANAGEMENT",    pos=24, length=1,  kind="char", fmt="Char (1)",  doc="*AUTLMGT flag; blank without it."),
        Field(name="AUTL_PUBLIC",        pos=25, length=1,  kind="char", fmt="Char (1)",  doc="Authorization list *PUBLIC flag."),
        Field(name="READ",               pos=26, length=1,  kind="char", fmt="Char (1)",  doc="*READ flag."),
        Field(name="ADD",                pos=27, length=1,  kind="char", fmt="Char (1)",  doc="*ADD flag."),
        Field(name="UPDATE",             pos=28, length=1,  kind="char", fmt="Char (1)",  doc="*UPD flag."),
        Field(name="DELETE",             pos=29, length=1,  kind="char", fmt="Char (1)",  doc="*DLT flag."),
        Field(name="EXCLUDE",            pos=30, length=1,  kind="char", fmt="Char (1)",  doc="*EXCLUDE flag."),
        Field(name="EXECUTE",            pos=31, length=1,  kind="char", fmt="Char (1)",  doc="*EXECUTE flag."),
        Field(name="OBJECT_ALTER",       pos=32, length=1,  kind="char", fmt="Char (1)",  doc="*OBJALTER flag."),
        Field(name="OBJECT_REFERENCE",   pos=33, length=1,  kind="char", fmt="Char (1)",  doc="*OBJREF flag."),
        reserved(pos=34, length=4),
        Field(name="OPERATION_TYPE", pos=38, length=3, kind="char", fmt="Char (3)", doc="Operation (value list lost from the seed: raw, e.g. GRT, RVK)."),
    )),
    Layout("change_end_of_data", "5", "Change end of data (no ESD)", (),
           heading="COUNT_OR_RRN: relative record number of the last record kept in the member."),
    Layout("journaled_attribute_change", "6", "Journaled object attribute changed", (
        Field(name="ATTRIBUTE_CHANGED", pos=1, length=1,  kind="char", fmt="Char (1)",  doc="Which journaling attribute changed (value list lost from the seed: raw)."),
        Field(name="NEW_VALUE",         pos=2, length=10, kind="char", fmt="Char (10)", doc="New value of the attribute (the letter IBM shows in parentheses)."),
    )),
    Layout("object_attribute_change", "7", "Object description changed (QLICOBJD keys)", (
        Field(name="NUMBER_OF_RECORDS", pos=1, length=4, kind="ubin", fmt="Bin (4)", doc="Number of key/length/data records (only the first is laid out by IBM)."),
        Field(name="KEY",               pos=5, length=4, kind="ubin", fmt="Bin (4)", doc="QLICOBJD key of the attribute changed."),
        Field(name="DATA_LENGTH",       pos=9, length=4, kind="ubin", fmt="Bin (4)", doc="Length of the data."),
    ), (data_bytes("DATA", 13, "DATA_LENGTH", "Char (*)", "Data that changed the attribute (bytes, DATA_LENGTH long)."),)),
    Layout("primary_group_change", "8", "Primary group changed", (
        Field(name="OLD_GROUP",          pos=1,  length=10, kind="char", fmt="Char (10)", doc="Old primary group."),
        Field(name="NEW_GROUP",          pos=11, length=10, kind="char", fmt="Char (10)", doc="New primary group."),
        Field(name="OBJECT_EXISTENCE",   pos=21, length=1,  kind="char", fmt="Char (1)",  doc="*OBJEXIST flag."),
        Field(name="OBJECT_MANAGEMENT",  pos=22, length=1,  kind="char", fmt="Char (1)",  doc="*OBJMGT flag."),
        Field(name="OBJECT_OPERATIONAL", pos=23, length=1,  kind="char", fmt="Char (1)",  doc="*OBJOPR flag."),
        Field(name="OBJECT_ALTER",       pos=24, length=1,  kind="char", fmt="Char (1)",  doc="*OBJALTER flag."),
        Field(name="OBJECT_REFERENCE",   pos=25, length=1,  kind="char", fmt="Char (1)",  doc="*OBJREF flag."),
        reserved(pos=26, length=10),
        Field(name="READ",    pos=36, length=1, kind="char", fmt="Char (1)", doc="*READ flag."),
        Field(name="ADD",     pos=37, length=1, kind="char", fmt="Char (1)", doc="*ADD flag."),
        Field(name="UPDATE",  pos=38, length=1, kind="char", fmt="Char (1)", doc="*UPD flag."),
        Field(name="DELETE",  pos=39, length=1, kind="char", fmt="Char (1)", doc="*DLT flag."),
        Field(name="EXECUTE", pos=40, length=1, kind="char", fmt="Char (1)", doc="*EXECUTE flag."),
        reserved(pos=41, length=10),
        Field(name="EXCLUDE",   pos=51, length=1,  kind="char", fmt="Char (1)",  doc="*EXCLUDE flag."),
        Field(name="OLD_OWNER", pos=52, length=10, kind="char", fmt="Char (10)", doc="Old owner (the seed's description repeats 'old primary group')."),
        Field(name="NEW_OWNER", pos=62, length=10, kind="char", fmt="Char (10)", doc="New owner."),
        Field(name="REVOKE",    pos=72, length=10, kind="char", fmt="Char (10)", doc="Revoke of the previous group's authority (value list lost from the seed: raw)."),
    )),
    Layout("receiver_change", "9", "Journal receivers attached or detached", (
        Field(name="FIRST_RECEIVER",         pos=1,  length=10, kind="char", fmt="Char (10)", doc="First receiver attached or detached."),
        Field(name="FIRST_RECEIVER_LIBRARY", pos=11, length=10, kind="char", fmt="Char (10)", doc="Its library."),
        Field(name="DUAL_RECEIVER",          pos=21, length=10, kind="char", fmt="Char (10)", doc="Dual receiver; NULL with a single receiver."),
        Field(name="DUAL_RECEIVER_LIBRARY",  pos=31, length=10, kind="char", fmt="Char (10)", doc="Its library."),
    ), heading="COUNT_OR_RRN: number of receivers attached or detached."),
    Layout("commit", "10", "Commit", (), (
        data_bytes("COMMIT_ID", 1, "COUNT_OR_RRN", "Char (*)",
                   "Commit identification given on the commit (bytes; COUNT_OR_RRN gives its length)."),
        Part("COMMIT_ID_TEXT", "ebcdic_text", "Char (*)", "The commit identification as EBCDIC text.", source="COMMIT_ID"),
    ), heading="COUNT_OR_RRN: length of the commit identification; INDICATOR_FLAG: commit initiated by the system or the user (raw)."),
    Layout("data_area_create", "11", "Data area created", (
        Field(name="CREATE_TIMESTAMP",  pos=1,  length=8,  kind="hex",  fmt="Char (8)",  doc="Creation time of day and date (8-byte system time stamp, raw hex)."),
        Field(name="DATA_AREA",         pos=9,  length=10, kind="char", fmt="Char (10)", doc="Data area name."),
        Field(name="DATA_AREA_LIBRARY", pos=19, length=10, kind="char", fmt="Char (10)", doc="Its library."),
        Field(name="DATA_AREA_TYPE",    pos=29, length=5,  kind="char", fmt="Char (5)",  doc="Type created (*CHAR, *DEC, *LGL).", values=("*CHAR", "*DEC", "*LGL")),
        reserved(pos=34, length=3),
        Field(name="NUMBER_OF_ELEMENTS", pos=37,   length=4,    kind="ubin", fmt="Bin (32)",    doc="Number of elements."),
        Field(name="DECLARED_LENGTH",    pos=41,   length=4,    kind="ubin", fmt="Bin (32)",    doc="Declared length."),
        Field(name="FRACTION_LENGTH",    pos=45,   length=4,    kind="ubin", fmt="Bin (32)",    doc="Decimal positions."),
        Field(name="VALUE_LENGTH",       pos=49,   length=4,    kind="ubin", fmt="Bin (32)",    doc="Length of the value as entered."),
        Field(name="VALUE",              pos=53,   length=2000, kind="char", fmt="Char (2000)", doc="Initial value (text)."),
        Field(name="PUBLIC_AUTHORITY",   pos=2053, length=10,   kind="char", fmt="Char (10)",   doc="Public authority."),
        Field(name="TEXT",               pos=2063, length=50,   kind="char", fmt="Text (50)",   doc="Text description."),
    )),
    Layout("data_queue_create", "12", "Data queue created", (
        Field(name="CREATE_TIMESTAMP",     pos=1,  length=8,  kind="hex",  fmt="Char (8)",  doc="Creation time of day and date (raw hex)."),
        Field(name="DATA_QUEUE",           pos=9,  length=10, kind="char", fmt="Char (10)", doc="Data queue name."),
        Field(name="DATA_QUEUE_LIBRARY",   pos=19, length=10, kind="char", fmt="Char (10)", doc="Its library."),
        Field(name="MAXIMUM_ENTRY_LENGTH", pos=29, length=4,  kind="ubin", fmt="Bin (32)",  doc="Maximum entry length (1-64512)."),
        Field(name="FORCE",                pos=33, length=1,  kind="char", fmt="Char (1)",  doc="Force to auxiliary storage (raw flag)."),
        reserved(pos=34, length=8),
        Field(name="SEQUENCE",          pos=42, length=1, kind="char", fmt="Char (1)", doc="Receive order (raw: F, L, K)."),
        Field(name="KEY_LENGTH",        pos=43, length=2, kind="ubin", fmt="Bin (16)", doc="Key length of a keyed queue (1-256)."),
        Field(name="INCLUDE_SENDER_ID", pos=45, length=1, kind="char", fmt="Char (1)", doc="Whether a sender ID is attached (raw flag)."),
        Field(name="QUEUE_TYPE",        pos=46, length=1, kind="char", fmt="Char (1)", doc="Queue type (raw)."),
        reserved(pos=47, length=4, fmt="Bin (32)"),
        Field(name="MAXIMUM_ENTRIES",   pos=51, length=4, kind="bin",  fmt="Bin (32)", doc="Queue size, maximum entries (special values as written)."),
        Field(name="INITIAL_ENTRIES",   pos=55, length=4, kind="bin",  fmt="Bin (32)", doc="Queue size, initial entries."),
        Field(name="AUTOMATIC_RECLAIM", pos=59, length=1, kind="char", fmt="Char (1)", doc="Automatic reclaim (raw)."),
        reserved(pos=60, length=481),
        Field(name="AUTHORITY", pos=541, length=10, kind="char", fmt="Char (10)", doc="Public authority."),
        Field(name="TEXT",      pos=551, length=50, kind="char", fmt="Char (50)", doc="Text description."),
    )),
    Layout("data_queue_clear_keyed", "13", "Data queue cleared by key", (
        reserved(pos=1, length=2),
        Field(name="KEY_LENGTH", pos=3, length=2, kind="ubin", fmt="Bin (16)", doc="Number of key characters."),
        Field(name="KEY_ORDER",  pos=5, length=2, kind="char", fmt="Char (2)", doc="Key comparison (raw: EQ, GT, ...)."),
    ), (data_bytes("KEY", 7, "KEY_LENGTH", "Char (*)", "Key used to remove messages (bytes)."),)),
    Layout("journal_identifier_only", "14, 15", "Entries with only the journal identifier (no ESD)", (),
           heading="JOURNAL_IDENTIFIER: the object's JID (usable with QJORJIDI)."),
    Layout("file_open_close", "16", "File opened or closed", (
        Field(name="FILE_NAME",    pos=1,  length=10, kind="char", fmt="Char (10)", doc="File opened or closed (the logical file when one was opened)."),
        Field(name="LIBRARY_NAME", pos=11, length=10, kind="char", fmt="Char (10)", doc="Its library."),
        Field(name="MEMBER_NAME",  pos=21, length=10, kind="char", fmt="Char (10)", doc="Member."),
        Field(name="OPEN_INPUT",   pos=31, length=1,  kind="char", fmt="Char (1)",  doc="Opened for input (OP only; raw flag)."),
        Field(name="OPEN_OUTPUT",  pos=32, length=1,  kind="char", fmt="Char (1)",  doc="Opened for output (raw flag)."),
        Field(name="OPEN_UPDATE",  pos=33, length=1,  kind="char", fmt="Char (1)",  doc="Opened for update (raw flag)."),
        Field(name="OPEN_DELETE",  pos=34, length=1,  kind="char", fmt="Char (1)",  doc="Opened for delete (raw flag)."),
    )),
    Layout("job_program_only", "17", "Entries whose only specific values are job and program (no ESD)", (),
           heading="JOB_NAME, JOB_NUMBER, PROGRAM_NAME: blank/zero when written during IPL or vary on."),
    Layout("ifs_begin_create", "18", "IFS begin create", (
        Field(name="OBJECT_NAME_OFFSET", pos=1,  length=4, kind="ubin", fmt="Bin (32)", doc="Offset of the object name from the start of the ESD."),
        Field(name="OBJECT_TYPE",        pos=5,  length=7, kind="char", fmt="Char (7)", doc="Object type created."),
        Field(name="START_JOURNALING",   pos=12, length=1, kind="char", fmt="Char (1)", doc="Whether journaling will be started (raw flag)."),
        reserved(pos=13, length=4, fmt="Bin (32)"),
    ), (object_name("OBJECT", "OBJECT_NAME_OFFSET", "Name of the object being created."),)),
    Layout("ifs_clear", "19", "IFS object cleared (hex zeros written)", (
        Field(name="OBJECT_FID",  pos=1,  length=16, kind="hex", fmt="Char (16)", doc="File identifier of the object."),
        Field(name="DATA_LENGTH", pos=17, length=8,  kind="u64", fmt="Bin (64)",  doc="Length cleared."),
        Field(name="DATA_OFFSET", pos=25, length=8,  kind="u64", fmt="Bin (64)",  doc="Offset where the clear began."),
        reserved(pos=33, length=16),
    )),
    Layout("ifs_audit_change", "20", "IFS change audit attribute", OBJ_LIB[:0] + (
        Field(name="ENTRY_KIND",  pos=1,  length=1,  kind="char", fmt="Char (1)",  doc="Type of entry (value list lost from the seed: raw)."), *OBJ_LIB,
        Field(name="AUDIT_VALUE", pos=30, length=10, kind="char", fmt="Char (10)", doc="New auditing value (CHGAUD)."),
        reserved(pos=40, length=135),
        Field(name="OBJECT_NAME_CCSID", pos=175, length=4, kind="bin", fmt="Bin (31)", doc="CCSID of the object name."),
        reserved(pos=179, length=8),
        Field(name="PARENT_FID", pos=187, length=16, kind="hex", fmt="Char (16)", doc="File identifier of the parent directory."),
        Field(name="OBJECT_FID", pos=203, length=16, kind="hex", fmt="Char (16)", doc="File identifier of the object."),
    )),
    Layout("ifs_authority_change", "21", "IFS authority change", (
        Field(name="ENTRY_KIND",         pos=1,  length=1,  kind="char", fmt="Char (1)",  doc="Type of entry (raw)."), *OBJ_LIB,
        Field(name="USER_PROFILE",       pos=30, length=10, kind="char", fmt="Char (10)", doc="User whose authority was granted or revoked."),
        Field(name="AUTHORIZATION_LIST", pos=40, length=10, kind="char", fmt="Char (10)", doc="Authorization list."),
        Field(name="OBJECT_EXISTENCE",   pos=50, length=1,  kind="char", fmt="Char (1)",  doc="*OBJEXIST flag."),
        Field(name="OBJECT_MANAGEMENT",  pos=51, length=1,  kind="char", fmt="Char (1)",  doc="*OBJMGT flag."),
        Field(name="OBJECT_OPERATIONAL", pos=52, length=1,  kind="char", fmt="Char (1)",  doc="*OBJOPR flag."),
        Field(name="AUTL_MANAGEMENT",    pos=53, length=1,  kind="char", fmt="Char (1)",  doc="*AUTLMGT flag."),
        Field(name="AUTL_PUBLIC",        pos=54, length=1,  kind="char", fmt="Char (1)",  doc="Authorization list *PUBLIC flag."),
        Field(name="READ",               pos=55, length=1,  kind="char", fmt="Char (1)",  doc="*R flag."),
        Field(name="ADD",                pos=56, length=1,  kind="char", fmt="Char (1)",  doc="*ADD flag."),
        Field(name="UPDATE",             pos=57, length=1,  kind="char", fmt="Char (1)",  doc="*UPD flag."),
        Field(name="DELETE",             pos=58, length=1,  kind="char", fmt="Char (1)",  doc="*DLT flag."),
        Field(name="EXCLUDE",            pos=59, length=1,  kind="char", fmt="Char (1)",  doc="*EXCLUDE flag."),
        Field(name="EXECUTE",            pos=60, length=1,  kind="char", fmt="Char (1)",  doc="*X flag."),
        Field(name="OBJECT_ALTER",       pos=61, length=1,  kind="char", fmt="Char (1)",  doc="*OBJALTER flag."),
        Field(name="OBJECT_REFERENCE",   pos=62, length=1,  kind="char", fmt="Char (1)",  doc="*OBJREF flag."),
        reserved(pos=63, length=4),
        Field(name="OPERATION_TYPE", pos=67, length=3, kind="char", fmt="Char (3)", doc="Operation (raw, e.g. GRT, RVK)."),
        reserved(pos=70, length=149),
        Field(name="OBJECT_NAME_CCSID", pos=219, length=4, kind="bin", fmt="Bin (31)", doc="CCSID of the object name (the seed prints offset 19: 70 + 149 = 219)."),
        reserved(pos=223, length=8),
        Field(name="PARENT_FID", pos=231, length=16, kind="hex", fmt="Char (16)", doc="Parent directory FID (IBM: not set or used)."),
        Field(name="OBJECT_FID", pos=247, length=16, kind="hex", fmt="Char (16)", doc="File identifier of the object."),
    )),
    Layout("ifs_owner_change", "22", "IFS owner change", (
        Field(name="ENTRY_KIND", pos=1,  length=1,  kind="char", fmt="Char (1)",  doc="Type of entry (raw)."), *OBJ_LIB,
        Field(name="OLD_OWNER",  pos=30, length=10, kind="char", fmt="Char (10)", doc="Old owner."),
        Field(name="NEW_OWNER",  pos=40, length=10, kind="char", fmt="Char (10)", doc="New owner."),
        reserved(pos=50, length=143),
        Field(name="OBJECT_NAME_CCSID", pos=193, length=4, kind="bin", fmt="Bin (31)", doc="CCSID of the object name."),
        reserved(pos=197, length=8),
        Field(name="PARENT_FID", pos=205, length=16, kind="hex", fmt="Char (16)", doc="Parent directory FID."),
        Field(name="OBJECT_FID", pos=221, length=16, kind="hex", fmt="Char (16)", doc="Object FID."),
    )),
    Layout("ifs_primary_group_change", "23", "IFS primary group change", (
        Field(name="ENTRY_KIND",         pos=1,  length=1,  kind="char", fmt="Char (1)",  doc="Type of entry (raw)."), *OBJ_LIB,
        Field(name="OLD_GROUP",          pos=30, length=10, kind="char", fmt="Char (10)", doc="Old primary group."),
        Field(name="NEW_GROUP",          pos=40, length=10, kind="char", fmt="Char (10)", doc="New primary group."),
        Field(name="OBJECT_EXISTENCE",   pos=50, length=1,  kind="char", fmt="Char (1)",  doc="*OBJEXIST flag."),
        Field(name="OBJECT_MANAGEMENT",  pos=51, length=1,  kind="char", fmt="Char (1)",  doc="*OBJMGT flag."),
        Field(name="OBJECT_OPERATIONAL", pos=52, length=1,  kind="char", fmt="Char (1)",  doc="*OBJOPR flag."),
        Field(name="OBJECT_ALTER",       pos=53, length=1,  kind="char", fmt="Char (1)",  doc="*OBJALTER flag."),
        Field(name="OBJECT_REFERENCE",   pos=54, length=1,  kind="char", fmt="Char (1)",  doc="*OBJREF flag."),
        reserved(pos=55, length=10),
        Field(name="AUTL_MANAGEMENT", pos=65, length=1, kind="char", fmt="Char (1)", doc="*AUTLMGT flag."),
        Field(name="READ",            pos=66, length=1, kind="char", fmt="Char (1)", doc="*R flag."),
        Field(name="ADD",             pos=67, length=1, kind="char", fmt="Char (1)", doc="*ADD flag."),
        Field(name="UPDATE",          pos=68, length=1, kind="char", fmt="Char (1)", doc="*UPD flag."),
        Field(name="DELETE",          pos=69, length=1, kind="char", fmt="Char (1)", doc="*DLT flag."),
        Field(name="EXECUTE",         pos=70, length=1, kind="char", fmt="Char (1)", doc="*X flag."),
        reserved(pos=71, length=10),
        Field(name="EXCLUDE",                    pos=81, length=1, kind="char", fmt="Char (1)", doc="*EXCLUDE flag."),
        Field(name="REVOKE_OLD_GROUP_AUTHORITY", pos=82, length=1, kind="char", fmt="Char (1)", doc="Whether the previous group's authority was revoked (raw flag)."),
        reserved(pos=83, length=143),
        Field(name="OBJECT_NAME_CCSID", pos=226, length=4, kind="bin", fmt="Bin (31)", doc="CCSID of the object name."),
        reserved(pos=230, length=8),
        Field(name="PARENT_FID", pos=238, length=16, kind="hex", fmt="Char (16)", doc="Parent directory FID."),
        Field(name="OBJECT_FID", pos=254, length=16, kind="hex", fmt="Char (16)", doc="Object FID."),
    )),
    Layout("ifs_created_object_authority", "24", "IFS created object authority", (
        Field(name="OBJECT_FID",            pos=1,  length=16, kind="hex",  fmt="Char (16)", doc="FID of the created object."),
        Field(name="NUMBER_OF_AUTHORITIES", pos=17, length=4,  kind="ubin", fmt="Bin (32)",  doc="Private authorities in the entry."),
        Field(name="OBJECT_NAME_OFFSET",    pos=21, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the object name."),
        Field(name="PATH_NAME_OFFSET",      pos=25, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the path name."),
        Field(name="AUTHORITY_OFFSET",      pos=29, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the private authority array."),
        Field(name="FORMAT_INDICATOR",      pos=33, length=1,  kind="char", fmt="Char (1)",  doc="Format indicator (value list lost: raw)."),
        reserved(pos=34, length=15),
    ), (object_name("OBJECT", "OBJECT_NAME_OFFSET", "Name of the created object."),
        path_name("PATH", "PATH_NAME_OFFSET", "Path of the created object."),
        Part("AUTHORITIES", "authority_array", "Char (*) [*] Private authority information",
             "Private authorities set for the object: array of USER_NAME, OPERATION_TYPE (GRT), PRIVATE_AUTHORITIES.",
             offset="AUTHORITY_OFFSET", length="NUMBER_OF_AUTHORITIES"))),
    Layout("ifs_create_summary", "25", "IFS create summary", (
        Field(name="OBJECT_NAME_OFFSET",     pos=1,   length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the object name."),
        Field(name="PATH_NAME_OFFSET",       pos=5,   length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the path name."),
        Field(name="SYMLINK_OFFSET",         pos=9,   length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the symbolic link contents."),
        Field(name="OBJECT_TYPE",            pos=13,  length=7,  kind="char", fmt="Char (7)",  doc="Object type created."),
        Field(name="SCAN_ATTRIBUTE",         pos=20,  length=1,  kind="char", fmt="Char (1)",  doc="Scan (*STMF) or create-object-scanning (*DIR) attribute (raw)."),
        Field(name="OBJECT_FID",             pos=21,  length=16, kind="hex",  fmt="Char (16)", doc="FID of the new object."),
        Field(name="OWNER",                  pos=37,  length=10, kind="char", fmt="Char (10)", doc="Owner."),
        Field(name="PRIMARY_GROUP",          pos=47,  length=10, kind="char", fmt="Char (10)", doc="Primary group."),
        Field(name="AUDIT_VALUE",            pos=57,  length=10, kind="char", fmt="Char (10)", doc="Auditing value."),
        Field(name="OBJECT_CCSID",           pos=67,  length=4,  kind="bin",  fmt="Bin (31)",  doc="CCSID of the object."),
        Field(name="AUTHORIZATION_LIST",     pos=107, length=10, kind="char", fmt="Char (10)", doc="Authorization list."),
        Field(name="AUTL_PUBLIC",            pos=117, length=1,  kind="char", fmt="Char (1)",  doc="Authorization list *PUBLIC: Y or NULL.", values=AUTH),
        Field(name="FORMAT_INDICATOR",       pos=118, length=1,  kind="char", fmt="Char (1)",  doc="Format indicator (raw)."),
        Field(name="PC_READ_ONLY",           pos=119, length=1,  kind="char", fmt="Char (1)",  doc="PC read-only flag (raw)."),
        Field(name="PC_HIDDEN",              pos=120, length=1,  kind="char", fmt="Char (1)",  doc="PC hidden flag (raw)."),
        Field(name="PC_SYSTEM",              pos=121, length=1,  kind="char", fmt="Char (1)",  doc="PC system flag (raw)."),
        Field(name="PC_CHANGED",             pos=122, length=1,  kind="char", fmt="Char (1)",  doc="PC changed flag (raw)."),
        Field(name="DEVICE_ID",              pos=159, length=8,  kind="u64",  fmt="Bin (64)",  doc="Device ID (*CHRSF only)."),
        Field(name="CREATE_OBJECT_AUDITING", pos=167, length=10, kind="char", fmt="Char (10)", doc="Create object auditing (*DIR only)."),
        Field(name="S_ISVTX",                pos=177, length=1,  kind="char", fmt="Char (1)",  doc="Restricted rename and unlink bit (raw)."),
        Field(name="S_ISUID",                pos=178, length=1,  kind="char", fmt="Char (1)",  doc="Set-user-ID bit (raw)."),
        Field(name="S_ISGID",                pos=179, length=1,  kind="char", fmt="Char (1)",  doc="Set-group-ID bit (raw)."),
    ), (private_auth("OWNER_AUTHORITY", 71, "Owner's private authorities."),
        private_auth("GROUP_AUTHORITY", 83, "Primary group's private authorities."),
        private_auth("PUBLIC_AUTHORITY", 95, "*PUBLIC authorities."),
        journal_info("JOURNAL_INFORMATION", 123),
        object_name("OBJECT", "OBJECT_NAME_OFFSET", "Name of the new object (the table places it at 180)."),
        path_name("PATH", "PATH_NAME_OFFSET", "Path of the new object."),
        Part("SYMLINK", "symlink", "Char (*) Symbolic link contents",
             "Symbolic link contents (*SYMLNK): CONTENTS_INCLUDED, CCSID, COUNTRY_ID, LANGUAGE_ID, PATH_TYPE, "
             "PATH_LENGTH, DELIMITER, CONTENTS.", offset="SYMLINK_OFFSET"))),
    Layout("ifs_object_fid", "26, 30, 31", "IFS entries carrying only the object FID", (
        Field(name="OBJECT_FID", pos=1, length=16, kind="hex", fmt="Char (16)", doc="File identifier of the object."),)),
    Layout("ifs_link_existing", "27", "IFS link to existing object", (
        Field(name="OBJECT_FID",       pos=1,  length=16, kind="hex",  fmt="Char (16)", doc="FID of the existing object."),
        Field(name="LINK_NAME_OFFSET", pos=17, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the new link's name."),
        Field(name="PATH_NAME_OFFSET", pos=21, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the path name."),
        Field(name="START_JOURNALING", pos=25, length=1,  kind="char", fmt="Char (1)",  doc="Start journaling indicator (raw)."),
        Field(name="SUMMARY",          pos=26, length=1,  kind="char", fmt="Char (1)",  doc="Summary record indicator (raw)."),
        reserved(pos=27, length=2),
    ), (journal_info("JOURNAL_INFORMATION", 29),
        object_name("LINK_NAME", "LINK_NAME_OFFSET", "Name of the new link."),
        path_name("PATH", "PATH_NAME_OFFSET", "Path of the existing object (of the parent when a B5 was rolled back)."))),
    Layout("ifs_attribute_change", "28", "IFS attribute change", (
        Field(name="OBJECT_FID",  pos=1,  length=16, kind="hex",  fmt="Char (16)", doc="Object FID."),
        Field(name="PARENT_FID",  pos=17, length=16, kind="hex",  fmt="Char (16)", doc="Parent directory FID."),
        Field(name="OBJECT_TYPE", pos=33, length=7,  kind="char", fmt="Char (7)",  doc="Object type."),
        reserved(pos=40, length=9),
    ), (Part("ATTRIBUTES", "attribute_chain", "49-65 repeating",
          "Attributes set: array of NEXT_OFFSET, ATTRIBUTE_ID (Qp0lSetAttr), DATA_SIZE, DATA (bytes), following the "
          "next-attribute offsets (from the ESD start; 0 ends). The seed prints the size as Char (32): it is the "
          "4 bytes 57-60.", pos=49),)),
    Layout("ifs_open_flags", "29, 32", "IFS entries carrying open flags", (
        Field(name="OPEN_FLAGS", pos=1, length=4, kind="bin", fmt="Bin (31)", doc="Open flags (see the open() API)."),)),
    Layout("ifs_size_change", "33", "IFS object truncated (old and new size)", (
        Field(name="OBJECT_FID", pos=1,  length=16, kind="hex", fmt="Char (16)", doc="Object FID."),
        Field(name="OLD_SIZE",   pos=17, length=8,  kind="u64", fmt="Bin (64)",  doc="Size before, bytes."),
        Field(name="NEW_SIZE",   pos=25, length=8,  kind="u64", fmt="Bin (64)",  doc="Size after, bytes."),
    )),
    # B B5 "Remove link - Link" (QP0LJRNL.H Qp0l_B5_Journal_Entry: ParentPathOffset at 37, JID of the parent
    # directory, Reserved0[3]); earlier versions took this table for B4
    Layout("ifs_unlink_link", "34", "IFS remove link - link (B B5)", (
        Field(name="OBJECT_FID",         pos=1,  length=16, kind="hex",  fmt="Char (16)", doc="FID of the object."),
        Field(name="PARENT_FID",         pos=17, length=16, kind="hex",  fmt="Char (16)", doc="FID of its parent directory."),
        Field(name="LINK_NAME_OFFSET",   pos=33, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the link name."),
        Field(name="PARENT_PATH_OFFSET", pos=37, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the parent path."),
        Field(name="PARENT_JID",         pos=41, length=10, kind="hex",  fmt="Char (10)", doc="Journal identifier of the parent directory."),
        Field(name="OBJECT_TYPE",        pos=51, length=7,  kind="char", fmt="Char (7)",  doc="Object type."),
        reserved(pos=58, length=3),
        Field(name="INTERNAL_DATA_OFFSET", pos=61, length=4, kind="ubin", fmt="Bin (32)", doc="Offset of the internal data."),
    ), (object_name("LINK_NAME", "LINK_NAME_OFFSET", "Name of the link removed."),
        path_name("PARENT_PATH", "PARENT_PATH_OFFSET", "Path of the parent that contained the link."),
        rest("INTERNAL_DATA", "INTERNAL_DATA_OFFSET", "Char (*)", "Internal data (bytes)."))),
    # B B4 "Remove link - Parent Directory" (QP0LJRNL.H Qp0l_B4_Journal_Entry: JID of the object at 37,
    # Reserved0[7]); earlier versions took this table for B5
    Layout("ifs_unlink_parent", "35", "IFS remove link - parent directory (B B4)", (
        Field(name="OBJECT_FID",       pos=1,  length=16, kind="hex",  fmt="Char (16)", doc="FID of the object."),
        Field(name="PARENT_FID",       pos=17, length=16, kind="hex",  fmt="Char (16)", doc="FID of the link's parent directory."),
        Field(name="LINK_NAME_OFFSET", pos=33, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the link name."),
        Field(name="OBJECT_JID",       pos=37, length=10, kind="hex",  fmt="Char (10)", doc="Journal identifier of the object."),
        Field(name="OBJECT_TYPE",      pos=47, length=7,  kind="char", fmt="Char (7)",  doc="Object type."),
        reserved(pos=54, length=7),
        Field(name="INTERNAL_DATA_OFFSET", pos=61, length=4, kind="ubin", fmt="Bin (32)", doc="Offset of the internal data."),
    ), (object_name("LINK_NAME", "LINK_NAME_OFFSET", "Name of the link removed."),
        rest("INTERNAL_DATA", "INTERNAL_DATA_OFFSET", "Char (*)", "Internal data (bytes)."))),
    Layout("ifs_fid_change", "36", "IFS object FID changed", (
        Field(name="OLD_FID", pos=1, length=16, kind="hex", fmt="Char (16)", doc="FID before the operation."),
        reserved(pos=17, length=14),
        Field(name="NEW_FID", pos=31, length=16, kind="hex", fmt="Char (16)", doc="FID after the operation."),
        reserved(pos=47, length=14),
    )),
    Layout("ifs_rename_move", "37", "IFS rename or move", (
        Field(name="OBJECT_FID",           pos=1,  length=16, kind="hex",  fmt="Char (16)", doc="FID of the object renamed."),
        Field(name="SOURCE_PARENT_FID",    pos=17, length=16, kind="hex",  fmt="Char (16)", doc="FID of the source directory."),
        Field(name="TARGET_PARENT_FID",    pos=33, length=16, kind="hex",  fmt="Char (16)", doc="FID of the target directory."),
        Field(name="REPLACED_OBJECT_FID",  pos=49, length=16, kind="hex",  fmt="Char (16)", doc="FID of the object replaced; zeros when none."),
        Field(name="SOURCE_NAME_OFFSET",   pos=65, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the source name."),
        Field(name="TARGET_NAME_OFFSET",   pos=69, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the target name."),
        Field(name="SOURCE_PARENT_OFFSET", pos=73, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the source parent path."),
        Field(name="TARGET_PARENT_OFFSET", pos=77, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the target parent path."),
        Field(name="START_JOURNALING",     pos=81, length=1,  kind="char", fmt="Char (1)",  doc="Start journaling indicator (raw)."),
        Field(name="SUMMARY",              pos=82, length=1,  kind="char", fmt="Char (1)",  doc="Summary record indicator (raw)."),
        Field(name="REPLACE",              pos=83, length=1,  kind="char", fmt="Char (1)",  doc="Whether the target was replaced (raw)."),
        Field(name="JOURNAL_ENTRY_FLAGS",  pos=84, length=4,  kind="hex",  fmt="Bin (32)",  doc="Journal entry flags (bit list lost from the seed: raw hex)."),
        reserved(pos=88, length=4),
        Field(name="INTERNAL_DATA_OFFSET", pos=129, length=4, kind="ubin", fmt="Bin (32)", doc="Offset of the internal data."),
    ), (journal_info("JOURNAL_INFORMATION", 92, "Journaling information (Char (37) here; the 36 bytes of the shared layout are decoded)."),
        object_name("SOURCE_NAME", "SOURCE_NAME_OFFSET", "Name before."),
        object_name("TARGET_NAME", "TARGET_NAME_OFFSET", "Name after."),
        path_name("SOURCE_PARENT_PATH", "SOURCE_PARENT_OFFSET", "Parent directory the object left."),
        path_name("TARGET_PARENT_PATH", "TARGET_PARENT_OFFSET", "Parent directory the object joined."),
        rest("INTERNAL_DATA", "INTERNAL_DATA_OFFSET", "Char (*)", "Internal data (bytes)."))),
    Layout("ifs_old_size", "38", "IFS entries carrying FID and old size", (
        Field(name="OBJECT_FID", pos=1,  length=16, kind="hex", fmt="Char (16)", doc="Object FID."),
        Field(name="OLD_SIZE",   pos=17, length=8,  kind="u64", fmt="Bin (64)",  doc="Old size, bytes."),
    )),
    Layout("ifs_write", "39", "IFS write", (
        Field(name="OBJECT_FID",  pos=1,  length=16, kind="hex", fmt="Char (16)", doc="Object FID."),
        Field(name="DATA_LENGTH", pos=17, length=8,  kind="u64", fmt="Bin (64)",  doc="Length of the data written."),
        Field(name="DATA_OFFSET", pos=25, length=8,  kind="u64", fmt="Bin (64)",  doc="Offset where the write began."),
        reserved(pos=33, length=16),
    ), (data_bytes("DATA", 49, "DATA_LENGTH", "Char (*)",
                   "Data written (bytes; a pointer when the heading's INCOMPLETE_DATA is on).",
                   pointer_when_incomplete=True),)),
    Layout("identity_value", "40", "Identity value", (
        Field(name="VERSION",        pos=1, length=2,  kind="bin",    fmt="Bin(15)",       doc="Version number."),
        Field(name="IDENTITY_VALUE", pos=3, length=16, kind="packed", fmt="DECIMAL(31,0)", doc="Last identity value allocated in the current cache (packed, 16 bytes)."),
    )),
    Layout("initialize_member", "41", "Member initialized (INZPFM)", (), (
        rest("DEFAULT_RECORD", 1, "1 Char (*)", "Default record image, when initialized with default records (bytes)."),
    ), heading="COUNT_OR_RRN: TOTRCDS of INZPFM; INDICATOR_FLAG: kind of initialization (raw)."),
    Layout("in_use", "42", "Object in use at IPL (no ESD)", (),
           heading="INDICATOR_FLAG: whether the object was synchronized with the journal (raw). *TYPE5 carries the "
                   "time in ENTRY_TIMESTAMP (IBM's JOTIME is a *TYPE1 field)."),
    Layout("record_image", "43", "Record images", (), (
        rest("RECORD_IMAGE", 1, "1 Char (*)",
          "After-image (PT, PX, UP, UR) or before-image (UB, DL, BR, DR) of the record (bytes)."),
    ), heading="INDICATOR_FLAG: whether a before-image is present (not for PT, PX, UP, UR); JOURNAL_IDENTIFIER: the file's JID."),
    Layout("license_key_invalid", "44", "License key not valid", (
        Field(name="PRODUCT_ID",      pos=1,  length=7,  kind="char",  fmt="Char (7)",    doc="Product."),
        Field(name="LICENSE_TERM",    pos=8,  length=6,  kind="char",  fmt="Char (6)",    doc="License term."),
        Field(name="FEATURE",         pos=14, length=4,  kind="char",  fmt="Char (4)",    doc="Feature."),
        Field(name="USAGE_LIMIT",     pos=18, length=6,  kind="zoned", fmt="Zoned (6,0)", doc="Usage limit."),
        Field(name="LICENSE_KEY",     pos=24, length=18, kind="char",  fmt="Char (18)",   doc="License key."),
        Field(name="EXPIRATION_DATE", pos=42, length=7,  kind="char",  fmt="Char (7)",    doc="Expiration date (as written)."),
        Field(name="VENDOR_DATA",     pos=49, length=8,  kind="hex",   fmt="Char (8)",    doc="Vendor data (raw hex)."),
        Field(name="PROCESSOR_GROUP", pos=57, length=3,  kind="char",  fmt="Char (3)",    doc="Processor group."),
    )),
    Layout("logical_unit_of_work", "45-51", "Logical unit of work (C LW)", (), (
        Part("HDR", "luw_header", "HDR record (416)", "Header record: the LUW's operation, identifiers, commitment definition and options."),
        Part("LCL", "luw_records", "LCL records (80 each)", "Local location records (array).", record="LCL"),
        Part("API", "luw_records", "API records (112 each)", "API resource records (array).", record="API"),
        Part("DDL", "luw_records", "DDL records (384 each)", "DDL resource records (array).", record="DDL"),
        Part("RMT", "luw_records", "RMT records (128 each)", "Remote location records (array).", record="RMT"),
        Part("DDM", "luw_records", "DDM records (96 each)", "DDM resource records (array).", record="DDM"),
        Part("RECORD_TYPES", "luw_record_types", "Char (4) each",
             "Record types in the order they appear (to spot unknown ones)."),
    )),
    Layout("object_move_rename", "52", "Object moved or renamed", (
        Field(name="OBJECT_BEFORE",  pos=1,  length=10, kind="char", fmt="Char (10)", doc="Object before."),
        Field(name="LIBRARY_BEFORE", pos=11, length=10, kind="char", fmt="Char (10)", doc="Library before."),
        Field(name="MEMBER_BEFORE",  pos=21, length=10, kind="char", fmt="Char (10)", doc="Member before (files only)."),
        Field(name="OBJECT_AFTER",   pos=31, length=10, kind="char", fmt="Char (10)", doc="Object after."),
        Field(name="LIBRARY_AFTER",  pos=41, length=10, kind="char", fmt="Char (10)", doc="Library after."),
        Field(name="MEMBER_AFTER",   pos=51, length=10, kind="char", fmt="Char (10)", doc="Member after (files only)."),
    ), (rest("INTERNAL_DATA", 61, "61 Char (*)", "Internal data (not for E EM, E EN, Q QM, Q QN)."),),
        heading="JOURNAL_IDENTIFIER: the object's JID."),
    Layout("file_change", "53", "File created or changed, triggers", (
        Field(name="OBJECT_NAME",  pos=1,  length=10, kind="char", fmt="Char (10)", doc="Object operated on."),
        Field(name="LIBRARY_NAME", pos=11, length=10, kind="char", fmt="Char (10)", doc="Its library."),
        Field(name="MEMBER_NAME",  pos=21, length=10, kind="char", fmt="Char (10)", doc="Member, when it applies."),
        reserved(pos=31, length=30),
        # positions 61-108 are lost from seed table 53; V5R4 QDBJRNL.H QdbJrnl_DDL0100 fills them
        reserved(pos=61, length=12),
        Field(name="APPLY_LENGTH", pos=73, length=4, kind="bin", fmt="Bin (31)", doc="Length of the apply information, the first data in the internal data (also the length of the ESD an incomplete entry's pointer addresses). From V5R4 QDBJRNL.H (DbJrnl_Apply_Length): the seed lost positions 61-108."),
        reserved(pos=77, length=32),
        Field(name="CHANGE_TYPE", pos=109, length=1, kind="char", fmt="Char (1)", doc="Kind of change file / change trigger operation (value list lost: raw)."),
        reserved(pos=110, length=3),
        Field(name="TRIGGER_LIBRARY_LENGTH", pos=113, length=2, kind="bin", fmt="Bin (15)", doc="Length of the trigger library name (TG, single trigger)."),
        Field(name="TRIGGER_LIBRARY_OFFSET", pos=115, length=4, kind="bin", fmt="Bin (31)", doc="Offset of the trigger library name (TG)."),
        Field(name="TRIGGER_NAME_LENGTH",    pos=119, length=2, kind="bin", fmt="Bin (15)", doc="Length of the trigger name (TG)."),
        Field(name="TRIGGER_NAME_OFFSET",    pos=121, length=4, kind="bin", fmt="Bin (31)", doc="Offset of the trigger name (TG)."),
    ), (text_at("TRIGGER_LIBRARY", "TRIGGER_LIBRARY_OFFSET", "TRIGGER_LIBRARY_LENGTH", "Trigger library name (TG, single trigger)."),
        text_at("TRIGGER_NAME", "TRIGGER_NAME_OFFSET", "TRIGGER_NAME_LENGTH", "Trigger name (TG, single trigger)."),
        rest("INTERNAL_DATA", 125, "125 Char (*)", "Internal data (bytes).")),
        notes="The seed jumps from 61 to 109; V5R4's QDBJRNL.H (QdbJrnl_DDL0100) fills 61-108: 12 reserved bytes, "
              "the apply length (Bin (31)) at 73, 32 reserved bytes. V5R4 also names 31-60 (new file, library and "
              "member names of a rename or move) where the seed prints Reserved Char (30): kept reserved, as the "
              "seed says. The entries: D AC, CG, CT, DC, DT, GC, GO, GT, RV, TC, TD, TG, TQ, F DM, F MC."),
    Layout("restore", "54", "Object restored", (*SAVE_COMMON,
        Field(name="MEDIA_FID",         pos=43, length=16, kind="hex", fmt="Char (16)", doc="FID of the object on the media (B FR only)."),
        Field(name="RESTORED_FID",      pos=59, length=16, kind="hex", fmt="Char (16)", doc="FID of the restored object (B FR only)."),
        Field(name="RESTORED_OVER_FID", pos=75, length=16, kind="hex", fmt="Char (16)", doc="FID of the object restored over (B FR only)."),
    ), heading="JOURNAL_IDENTIFIER: the object's JID."),
    Layout("save", "55", "Object saved", (*SAVE_COMMON,
        Field(name="SAVE_ACTIVE",                  pos=43,  length=10, kind="char",   fmt="Char (10)",     doc="SAVACT value."),
        Field(name="SAVE_ACTIVE_DATE",             pos=53,  length=6,  kind="char",   fmt="Char (6)",      doc="Checkpoint date (DATFMT of the job)."),
        Field(name="SAVE_ACTIVE_TIME",             pos=59,  length=6,  kind="zoned",  fmt="Zoned (6,0)",   doc="Checkpoint time."),
        Field(name="PRIMARY_RECEIVER",             pos=65,  length=10, kind="char",   fmt="Char (10)",     doc="Receiver holding the start-of-save entry."),
        Field(name="PRIMARY_RECEIVER_LIBRARY",     pos=75,  length=10, kind="char",   fmt="Char (10)",     doc="Its library."),
        Field(name="DUAL_RECEIVER",                pos=85,  length=10, kind="char",   fmt="Char (10)",     doc="Dual receiver, NULL with one receiver."),
        Field(name="DUAL_RECEIVER_LIBRARY",        pos=95,  length=10, kind="char",   fmt="Char (10)",     doc="Its library."),
        Field(name="START_OF_SAVE_SEQUENCE",       pos=105, length=10, kind="zoned",  fmt="Zoned (10, 0)", doc="Sequence number of the matching start-of-save; -1 when too large."),
        Field(name="OBJECT_FID",                   pos=115, length=16, kind="hex",    fmt="Char (16)",     doc="FID (B FS only; blanks otherwise)."),
        Field(name="START_OF_SAVE_SEQUENCE_LARGE", pos=131, length=20, kind="digits", fmt="Char (20)",     doc="Sequence number of the matching start-of-save, full."),
        Field(name="LIBRARY_ASP_DEVICE",           pos=151, length=10, kind="char",   fmt="Char (10)",     doc="ASP device of the receiver's library."),
        Field(name="CONTENTS_SAVED",               pos=161, length=1,  kind="char",   fmt="Char (1)",      doc="Whether the data queue's contents were saved (Q QY only; raw)."),
    )),
    Layout("owner_change", "56", "Owner changed", (
        Field(name="OLD_OWNER", pos=1,  length=10, kind="char", fmt="Char (10)", doc="Old owner."),
        Field(name="NEW_OWNER", pos=11, length=10, kind="char", fmt="Char (10)", doc="New owner."))),
    Layout("data_queue_receive_keyed", "57", "Data queue entry received by key", (
        reserved(pos=1, length=18),
        Field(name="KEY_LENGTH", pos=19, length=2, kind="ubin", fmt="Bin (16)", doc="Number of key characters."),
        Field(name="KEY_ORDER",  pos=21, length=2, kind="char", fmt="Char (2)", doc="Key comparison (raw)."),
    ), (data_bytes("KEY", 23, "KEY_LENGTH", "Char (*)", "Key used to receive the message (bytes)."),)),
    Layout("rollback", "58", "Rollback (no ESD)", (),
           heading="INDICATOR_FLAG: how the rollback was initiated and whether it succeeded (raw); JOB_NAME, PROGRAM_NAME blank during IPL."),
    Layout("end_rollback", "59", "Request to end a rollback", (
        Field(name="USER_PROFILE", pos=1,  length=10, kind="char", fmt="Char (10)", doc="User who asked to end the rollback."),
        Field(name="PROCESS",      pos=11, length=26, kind="char", fmt="Char (26)", doc="Process (qualified job) that asked."),
    )),
    Layout("reorganize", "60", "Member reorganized (RGZPFM)", (
        Field(name="KEY_FILE",         pos=1,  length=10, kind="char", fmt="Char (10)", doc="KEYFILE file; NULL with KEYFILE(*NONE)."),
        Field(name="KEY_FILE_LIBRARY", pos=11, length=10, kind="char", fmt="Char (10)", doc="Its library."),
        Field(name="KEY_FILE_MEMBER",  pos=21, length=10, kind="char", fmt="Char (10)", doc="Its member."),
    )),
    Layout("savepoint", "61", "Savepoint", (
        Field(name="SAVEPOINT_SEQUENCE", pos=1, length=20, kind="digits", fmt="Char (20)", doc="Sequence number where the savepoint was established."),)),
    Layout("data_queue_send", "62", "Data queue entry sent with key", (
        Field(name="DATA_LENGTH", pos=1, length=4, kind="ubin", fmt="Bin (32)", doc="Length of the data field (with its 16 bytes of API information)."),
        Field(name="DATA_OFFSET", pos=5, length=4, kind="ubin", fmt="Bin (32)", doc="Offset of the data from the ESD start."),
        reserved(pos=9, length=2),
        Field(name="KEY_LENGTH", pos=11, length=2, kind="ubin", fmt="Bin (16)", doc="Number of key characters."),
        reserved(pos=13, length=4),
    ), (data_bytes("KEY", 17, "KEY_LENGTH", "17 Char (*)", "Key (sender's prefix, bytes)."),
        DQ_SEND := data_bytes("DATA", "DATA_OFFSET", "DATA_LENGTH", "Char (*) at DATA_OFFSET",
                              "The data field as QSNDDTAQ takes it (bytes, including the 16 bytes of API information)."),
        *queue_parts(DQ_SEND, "API information for QSNDDTAQ (not placed on the queue)."))),
    Layout("data_queue_data", "63", "Data queue entry sent or received", (
        reserved(pos=1, length=28),
        Field(name="DATA_LENGTH", pos=29, length=4, kind="ubin", fmt="Bin (32)", doc="Length of the data field."),
    ), (DQ_DATA := data_bytes("DATA", 33, "DATA_LENGTH", "33 Char (*)",
                              "The data field (bytes, with 16 bytes of API information)."),
        *queue_parts(DQ_DATA, "API information for QSNDDTAQ."))),
    Layout("start_of_save", "64", "Start of save-while-active", (*SAVE_COMMON,
        Field(name="SAVE_ACTIVE",      pos=43, length=10, kind="char", fmt="Char (10)", doc="SAVACT value."),
        Field(name="SAVE_ACTIVE_DATE", pos=53, length=6,  kind="char", fmt="Char (6)",  doc="Checkpoint date (DATFMT of the job)."),
        Field(name="SAVE_ACTIVE_TIME", pos=59, length=6,  kind="char", fmt="Char (6)",  doc="Checkpoint time (Char (6) here)."),
        Field(name="OBJECT_FID",       pos=65, length=16, kind="hex",  fmt="Char (16)", doc="FID (B FW only)."),
    )),
    Layout("start_journaling", "65", "Start journaling", (
        Field(name="OMIT_JOURNAL_ENTRY", pos=1, length=1, kind="char", fmt="Char (1)", doc="OMTJRNE value (raw)."),
        Field(name="INHERIT_JOURNALING", pos=2, length=1, kind="char", fmt="Char (1)", doc="Whether new objects in the directory inherit journaling (raw)."),
        reserved(pos=3, length=6),
        Field(name="OBJECT_FID", pos=9, length=16, kind="hex", fmt="Char (16)", doc="FID (B JT only)."),
    ), (path_name("PATH", 25, "Path name (B JT only, optional)."),),
        heading="INDICATOR_FLAG: images journaled (raw)."),
    Layout("license_limit_changed", "66", "License usage limit changed", (
        Field(name="PRODUCT_ID",           pos=1,  length=7, kind="char",  fmt="Char (7)",    doc="Product."),
        Field(name="LICENSE_TERM",         pos=8,  length=6, kind="char",  fmt="Char (6)",    doc="License term."),
        Field(name="FEATURE",              pos=14, length=4, kind="char",  fmt="Char (4)",    doc="Feature."),
        Field(name="PREVIOUS_USAGE_LIMIT", pos=18, length=6, kind="zoned", fmt="Zoned (6,0)", doc="Usage limit before."),
        Field(name="CURRENT_USAGE_LIMIT",  pos=24, length=6, kind="zoned", fmt="Zoned (6,0)", doc="Usage limit after."),
        Field(name="OLD_EXPIRATION_DATE",  pos=30, length=7, kind="char",  fmt="Char (7)",    doc="Expiration date before (as written)."),
        Field(name="NEW_EXPIRATION_DATE",  pos=37, length=7, kind="char",  fmt="Char (7)",    doc="Expiration date after (as written)."),
    )),
    Layout("license_limit_exceeded", "67", "License usage limit exceeded", (
        Field(name="PRODUCT_ID",               pos=1,  length=7, kind="char",  fmt="Char (7)",    doc="Product."),
        Field(name="LICENSE_TERM",             pos=8,  length=6, kind="char",  fmt="Char (6)",    doc="License term."),
        Field(name="FEATURE",                  pos=14, length=4, kind="char",  fmt="Char (4)",    doc="Feature."),
        Field(name="USAGE_LIMIT",              pos=18, length=6, kind="zoned", fmt="Zoned (6,0)", doc="Usage limit."),
        Field(name="REQUEST_FLAG",             pos=24, length=1, kind="char",  fmt="Char (1)",    doc="Whether the request succeeded (raw)."),
        Field(name="NUMBER_OF_LICENSED_USERS", pos=25, length=6, kind="zoned", fmt="Zoned (6,0)", doc="Users currently licensed."),
    ), (Part("LICENSED_USERS", "char_array", "Char (26) x 100",
             "Names of up to 100 licensed users (array, NUMBER_OF_LICENSED_USERS long, at most 100).",
             pos=31, width=26, length="NUMBER_OF_LICENSED_USERS", most=100),)),
    Layout("data_area_change", "68", "Data area changed", (
        Field(name="START_POSITION",    pos=1,  length=4,  kind="ubin", fmt="Bin (32)",  doc="Starting position of the change (1 for *DEC)."),
        Field(name="CHANGE_LENGTH",     pos=5,  length=4,  kind="ubin", fmt="Bin (32)",  doc="Length of the change."),
        Field(name="DECIMAL_POSITIONS", pos=9,  length=4,  kind="ubin", fmt="Bin (32)",  doc="Decimal positions."),
        Field(name="CHANGE_OFFSET",     pos=13, length=4,  kind="ubin", fmt="Bin (32)",  doc="Offset of the change value from the ESD start."),
        Field(name="DATA_AREA_TYPE",    pos=17, length=10, kind="char", fmt="Char (10)", doc="Data area type.", values=("*CHAR", "*DEC", "*LGL")),
    ), (CHANGE_VALUE := data_bytes("CHANGE_VALUE", "CHANGE_OFFSET", "CHANGE_LENGTH", "Char (*) at CHANGE_OFFSET",
                                    "Value of the change (bytes, CHANGE_LENGTH long)."),
        Part("CHANGE_VALUE_TEXT", "text_by_type", "",
             "The change value as text for *CHAR and *LGL data areas; NULL for *DEC, and named in decode_errors "
             "when the data area type is none of *CHAR, *DEC, *LGL (the value cannot be read without it).",
             source=CHANGE_VALUE.name, by="DATA_AREA_TYPE", values=("*CHAR", "*LGL")))),
)

# (layout, journal code, entry type, status, source). status 'confirmed': IBM names this code and type for this
# layout, in a V5R4 QSYSINC header (public copy: GitHub friedkiwi/iheaders, folder v5r4; each struct's comment
# names its journal code and entry type, and its fields were matched to the seed table one by one) or in IBM's
# layouts page / journal entry finder (reference/formats.md section 2); 'recalled': IBM's name for the entry as we
# remember it, not yet checked. The headers tie types to tables; positions stay the seed's (V5R4 differs in
# places). docs/ibmi_esd.md lists every row with its source. Layouts with no row select nothing.
CONFIRMED, RECALLED = "confirmed", "recalled"
_PAGE = "IBM layouts page, table title (rzakivarlength.htm)"
_FINDER = "IBM journal entry finder (reference/formats.md 2)"
_RECALLED = "recalled, not checked"
_ZTYPE = "type's layout: {} (codes not named there)"


def header_struct(header: str, struct: str) -> str:
    return f"{header} {struct}"


def ifs_struct(entry_type: str) -> str:
    return header_struct("QP0LJRNL.H", f"Qp0l_{entry_type}_Journal_Entry")


def data_queue_struct(entry_type: str) -> str:
    return header_struct("QMHQJRNL.H", f"Qmhq_{entry_type}_Journal_Entry")


def data_area_struct(entry_type: str) -> str:
    return header_struct("QWCJRNL.H", f"Qwc_{entry_type}_Journal_Entry")


_DDL = header_struct("QDBJRNL.H", "QdbJrnl_DDL0100")

ENTRY_TYPES: tuple[tuple[str, str, str, str, str], ...] = (
    ("partial_transactions", "F", "MO", CONFIRMED, _PAGE),
    ("apply_remove", "B", "AT", CONFIRMED, ifs_struct("AT")), ("apply_remove", "E", "EQ", CONFIRMED, data_area_struct("EQ")),
    ("apply_remove", "Q", "QH", CONFIRMED, data_queue_struct("QH")), ("apply_remove", "E", "EX", CONFIRMED, data_area_struct("EX")),
    *[("apply_remove", c, t, CONFIRMED, _PAGE) for c, t in (("D", "DD"), ("F", "AY"), ("Y", "YH"), ("F", "RC"))],
    *[("audit_value", c, "ZT", RECALLED, _ZTYPE.format("QSYJRNL.H Qsy_ZT_Aud")) for c in "EQY"],
    *[("authority_change", c, "ZA", RECALLED, _ZTYPE.format("QSYJRNL.H Qsy_ZA_Chgaut")) for c in "EQY"],
    ("change_end_of_data", "F", "CE", RECALLED, _RECALLED),
    ("journaled_attribute_change", "B", "JA", CONFIRMED, ifs_struct("JA")),
    ("journaled_attribute_change", "E", "EK", CONFIRMED, data_area_struct("EK")),
    *[("object_attribute_change", c, "ZB", RECALLED, _ZTYPE.format("QLIJRNL.H QLI_ZB_Journal_Entry")) for c in "EQY"],
    *[("primary_group_change", c, "ZP", RECALLED, _ZTYPE.format("QSYJRNL.H Qsy_ZP_PGP")) for c in "EQY"],
    ("receiver_change", "J", "NR", RECALLED, _RECALLED), ("receiver_change", "J", "PR", RECALLED, _RECALLED),
    ("commit", "C", "CM", CONFIRMED, _FINDER),
    ("data_area_create", "E", "EE", CONFIRMED, data_area_struct("EE")),
    ("data_queue_create", "Q", "QA", CONFIRMED, data_queue_struct("QA")),
    ("data_queue_clear_keyed", "Q", "QJ", CONFIRMED, data_queue_struct("QJ")),
    ("file_open_close", "F", "OP", CONFIRMED, _FINDER), ("file_open_close", "F", "CL", CONFIRMED, _FINDER),
    ("ifs_begin_create", "B", "B0", CONFIRMED, ifs_struct("B0")),
    ("ifs_clear", "B", "B6", CONFIRMED, ifs_struct("B6")),
    ("ifs_audit_change", "B", "AA", CONFIRMED, ifs_struct("AA")),
    ("ifs_authority_change", "B", "OA", CONFIRMED, ifs_struct("OA")),
    ("ifs_owner_change", "B", "OO", CONFIRMED, ifs_struct("OO")),
    ("ifs_primary_group_change", "B", "OG", CONFIRMED, ifs_struct("OG")),
    ("ifs_created_object_authority", "B", "B7", CONFIRMED, ifs_struct("B7")),
    ("ifs_create_summary", "B", "B1", CONFIRMED, ifs_struct("B1")),
    *[("ifs_object_fid", "B", t, CONFIRMED, ifs_struct(t)) for t in ("BD", "ET", "FC")],
    ("ifs_link_existing", "B", "B2", CONFIRMED, ifs_struct("B2")),
    ("ifs_attribute_change", "B", "FA", CONFIRMED, ifs_struct("FA")),
    *[("ifs_open_flags", "B", t, CONFIRMED, ifs_struct(t)) for t in ("CS", "OF")],
    ("ifs_size_change", "B", "TR", CONFIRMED, ifs_struct("TR")),
    ("ifs_unlink_parent", "B", "B4", CONFIRMED, ifs_struct("B4")),
    ("ifs_unlink_link", "B", "B5", CONFIRMED, ifs_struct("B5")),
    ("ifs_fid_change", "B", "RN", CONFIRMED, ifs_struct("RN")),
    ("ifs_rename_move", "B", "B3", CONFIRMED, ifs_struct("B3")),
    ("ifs_old_size", "B", "FF", CONFIRMED, ifs_struct("FF")),
    ("ifs_write", "B", "WA", CONFIRMED, ifs_struct("WA")),
    ("identity_value", "F", "IT", RECALLED, _RECALLED),
    ("initialize_member", "F", "IZ", RECALLED, _RECALLED),
    ("in_use", "F", "IU", RECALLED, _RECALLED), ("in_use", "J", "IN", RECALLED, _RECALLED),
    *[("record_image", "R", t, CONFIRMED, _FINDER) for t in ("PT", "PX", "UP", "UB", "UR", "BR", "DL", "DR", "IL")],
    ("license_key_invalid", "L", "LK", RECALLED, _RECALLED),
    ("logical_unit_of_work", "C", "LW", RECALLED, _RECALLED),
    *[("object_move_rename", "E", t, CONFIRMED, data_area_struct(t)) for t in ("EM", "EN")],
    *[("object_move_rename", "Q", t, CONFIRMED, data_queue_struct(t)) for t in ("QM", "QN")],
    *[("object_move_rename", c, t, RECALLED, _RECALLED) for c, t in (("D", "FM"), ("D", "FN"), ("F", "MM"), ("F", "MN"))],
    # QDBJRNL.H: "the journal entry types: D AC, D CG, D CT, D DC, D DT, D GC, D GO, D GT, D RV, D TC, D TD, D TG,
    # D TQ, F DM, F MC" share one DDL struct
    *[("file_change", "D", t, CONFIRMED, _DDL) for t in ("AC", "CG", "CT", "DC", "DT", "GC", "GO", "GT", "RV", "TC", "TD",
                                                   "TG", "TQ")],
    *[("file_change", "F", t, CONFIRMED, _DDL) for t in ("DM", "MC")],
    ("restore", "B", "FR", CONFIRMED, ifs_struct("FR")), ("restore", "E", "EL", CONFIRMED, data_area_struct("EL")), ("restore", "Q", "QZ", CONFIRMED, data_queue_struct("QZ")),
    ("restore", "F", "MR", RECALLED, _RECALLED),
    ("save", "B", "FS", CONFIRMED, ifs_struct("FS")), ("save", "E", "ES", CONFIRMED, data_area_struct("ES")), ("save", "Q", "QY", CONFIRMED, data_queue_struct("QY")),
    ("save", "F", "MS", RECALLED, _RECALLED),
    *[("owner_change", c, "ZO", RECALLED, _ZTYPE.format("QSYJRNL.H Qsy_ZO_Own")) for c in "EQY"],
    # Q QR (receive without key) is not here: QMHQJRNL.H gives it 18 bytes of reserved ESD and no struct
    ("data_queue_receive_keyed", "Q", "QL", CONFIRMED, data_queue_struct("QL")),
    ("rollback", "C", "RB", CONFIRMED, _FINDER),
    ("reorganize", "F", "RG", RECALLED, _RECALLED),
    *[("savepoint", "C", t, RECALLED, _RECALLED) for t in ("SB", "SQ", "SU")],
    ("data_queue_send", "Q", "QK", CONFIRMED, data_queue_struct("QK")),
    ("data_queue_data", "Q", "QS", CONFIRMED, data_queue_struct("QS")),
    ("start_of_save", "B", "FW", CONFIRMED, ifs_struct("FW")), ("start_of_save", "E", "EW", CONFIRMED, data_area_struct("EW")),
    ("start_of_save", "Q", "QX", CONFIRMED, data_queue_struct("QX")), ("start_of_save", "F", "SS", RECALLED, _RECALLED),
    ("start_journaling", "B", "JT", CONFIRMED, ifs_struct("JT")), ("start_journaling", "E", "EG", CONFIRMED, data_area_struct("EG")),
    ("start_journaling", "Q", "QB", CONFIRMED, data_queue_struct("QB")),
    *[("start_journaling", c, t, RECALLED, _RECALLED) for c, t in (("D", "JF"), ("F", "JM"))],
    ("license_limit_changed", "L", "LL", RECALLED, _RECALLED),
    ("license_limit_exceeded", "L", "LU", RECALLED, _RECALLED),
    *[("data_area_change", "E", t, CONFIRMED, data_area_struct(t)) for t in ("EA", "EB")],
)
# fmt: on

BY_MODEL = {lay.model: lay for lay in LAYOUTS}
assert len(BY_MODEL) == len(LAYOUTS)
assert {m for m, *_ in ENTRY_TYPES} <= set(BY_MODEL)
_pairs = [(c, t) for _, c, t, _, _ in ENTRY_TYPES]
assert len(_pairs) == len(set(_pairs)), "an entry type maps to one layout"


def entry_types(model: str) -> list[tuple[str, str, str]]:
    return [(c, t, s) for m, c, t, s, _ in ENTRY_TYPES if m == model]


def entry_sources(model: str) -> list[tuple[str, str, str, str]]:
    return [(c, t, s, src) for m, c, t, s, src in ENTRY_TYPES if m == model]


def check_layout(lay: Layout) -> None:
    """Fixed fields ascend without overlap (the seed's gaps are allowed and documented)."""
    end = 1
    for f in lay.fields:
        if f.pos < end:
            raise AssertionError(f"{lay.model}: {f.name or 'reserved'} at {f.pos} overlaps (previous ends {end})")
        end = f.pos + f.length


for _lay in LAYOUTS:
    check_layout(_lay)
