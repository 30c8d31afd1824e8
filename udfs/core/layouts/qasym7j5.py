"""IBM i audit journal M7 (Db2 Mirror replication services), outfile QASYM7J5: seed 000.

The *TYPE5 heading (1-609) then the M7 fields at 610-971. In this table `Bin(5)` is 4 bytes and
`BIN(10)` 8 bytes: 852 + 4 = 856, 856 + 8 = 864, 864 + 8 = 872 confirm it.
"""

from . import Field, check_contiguous, encode_record
from .qjordje5 import ESD_POS, HEADING

RECORD_LENGTH = 971

def _f(pos, width, fmt, name, kind, column, doc):
    """One line of seed 000's M7 table, in its order: position, width, IBM format, then our field name, kind,
    the model's column (None: not read) and IBM's description."""
    return Field(name, pos, width, kind, doc, column, fmt)


# pos  width  format        field name                       kind    model column  description
M7: tuple[Field, ...] = (
    _f(610,   1, "Char(1)",   "ENTRY_TYPE",                   "char", "ENTRY_TYPE",  "Entry type: A D P R S U V"),
    _f(611,   3, "Char(3)",   "ACTION",                       "char", "action_code", "Action: ADD APY RMV RFS"),
    _f(614,   4, "Bin(5)",    "RULE_ID_4",                    "bin",  None,          "Rule identifier, 4-byte copy of 856; 0 when too large"),
    _f(618,  10, "Char(10)",  "RESYNC_TYPE_OR_VERSION_GROUP", "char", "f618",        "Resync type (S) / version group (V)"),
    _f(628,  10, "Char(10)",  "INCLUSION_OR_ACTIVATION",      "char", "f628",        "Inclusion state (A, D) / version activation (V ADD, RMV)"),
    _f(638,  10, "Char(10)",  "ASP_NAME",                     "char", "f638",        "ASP name or *SYSBAS"),
    _f(648,  10, "Char(10)",  "LIBRARY_NAME",                 "char", "f648",        "Library name"),
    _f(658,   8, "Char(8)",   "OBJECT_TYPE",                  "char", "f658",        "Object type"),
    _f(666,  10, "Char(10)",  "OBJECT_NAME",                  "char", "f666",        "Object name"),
    _f(676,  10, "Char(10)",  "ORIGINAL_LIBRARY_NAME",        "char", "f676",        "Original library name (D)"),
    _f(686,  10, "Char(10)",  "SYSTEM_VALUE",                 "char", "f686",        "System value"),
    _f(696, 128, "Char(128)", "ENVVAR_OR_VERSION_NAME",       "char", "f696",        "Environment variable (A, R) / version name (V)"),
    _f(824,  26, "Char(26)",  "APPLY_LABEL_OR_VERSION_ID",    "char", "f824",        "Apply label (A, P, R) / version identifier (V ADD, RMV)"),
    _f(850,   2, "Char(2)",   "RESERVED_850",                 "hex",  None,          "Reserved"),
    _f(852,   4, "Bin(5)",    "NUMBER_OF_OBJECTS_4",          "bin",  None,          "Number of objects, 4-byte copy of 864; -1 when too large"),
    _f(856,   8, "Bin(10)",   "RULE_ID_8",                    "bin",  "f856",        "Rule identifier / version entry number"),
    _f(864,   8, "Bin(10)",   "NUMBER_OF_OBJECTS_8",          "bin",  "f864",        "Number of objects"),
    _f(872, 100, "Char(100)", "RESERVED_872",                 "hex",  None,          "Reserved"),
)

# What the model publishes from each read field, and for which entry types (the hand-written part of the model,
# udfs/render/logic/audit_journal_m7.sql, implements it; docs/ibmi_m7.md shows it beside the table).
PUBLISHED = {
    "ENTRY_TYPE": ("ENTRY_TYPE, ENTRY_TYPE_DETAIL", "always"),
    "ACTION": ("ACTION, ACTION_DETAIL", "V"),
    "RESYNC_TYPE_OR_VERSION_GROUP": ("RESYNC_TYPE / VERSION_GROUP", "S / V"),
    "INCLUSION_OR_ACTIVATION": ("INCLUSION_STATE / VERSION_ACTIVATION", "A, D / V ADD, RMV"),
    "ASP_NAME": ("IASP_NAME", "A, D, P, R, S, U"),
    "LIBRARY_NAME": ("LIBRARY_NAME", "A, D, R, U"),
    "OBJECT_TYPE": ("OBJECT_TYPE", "A, D, R, U"),
    "OBJECT_NAME": ("OBJECT_NAME", "A, D, R, U"),
    "ORIGINAL_LIBRARY_NAME": ("ORIGINAL_LIBRARY_NAME", "D"),
    "SYSTEM_VALUE": ("SYSTEM_VALUE", "A, R"),
    "ENVVAR_OR_VERSION_NAME": ("ENVIRONMENT_VARIABLE / VERSION_NAME", "A, R / V"),
    "APPLY_LABEL_OR_VERSION_ID": ("APPLY_LABEL / VERSION_IDENTIFIER", "A, P, R / V ADD, RMV"),
    "RULE_ID_8": ("RULE_IDENTIFIER / VERSION_ENTRY_NUMBER (BIGINT)", "A, D, R / V ADD, RMV"),
    "NUMBER_OF_OBJECTS_8": ("NUMBER_OF_OBJECTS (BIGINT)", "A, P, R, S, U"),
}
check_contiguous(M7, ESD_POS, RECORD_LENGTH + 1)
FIELDS = HEADING + M7


def encode(values: dict) -> bytes:
    """A QASYM7J5 record; JOENTL defaults to the record length, reserved areas are X'00'."""
    values = {"JOENTL": RECORD_LENGTH, "JOCODE": "T", "JOENTT": "M7",
              "RESERVED_850": b"\x00" * 2, "RESERVED_872": b"\x00" * 100,
              "JOJID": b"\x00" * 10, "JOTHD": b"\x00" * 8, "JORES": b"\x00" * 9, **values}
    return encode_record(FIELDS, values, RECORD_LENGTH)
