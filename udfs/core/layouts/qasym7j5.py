"""IBM i audit journal M7 (Db2 Mirror replication services), outfile QASYM7J5: seed 000.

The *TYPE5 heading then the M7 fields. In this table `Bin(5)` is 4 bytes and `BIN(10)` 8 bytes: the table's
own positions confirm it (check_contiguous below), and tests/data/sources/qasym7j5.txt is checked against M7.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import Field, check_contiguous, encode_record
from .qjordje5 import ESD_POS, HEADING

RECORD_LENGTH = 971


def _f(pos, width, fmt, name, kind, column, doc):
    """One line of seed 000's M7 table, in its order: position, width, IBM format, then our field name, kind,
    the model's column (None: not read) and IBM's description."""
    return Field(name, pos, width, kind, doc, column, fmt)


# pos  width  format        field name                       kind    model column  description
# a declaration table: one line per field, as the manual prints it
# fmt: off
M7: tuple[Field, ...] = (
    _f(610,   1, "Char(1)",   "ENTRY_TYPE",                   "char", "ENTRY_TYPE",  "Entry type: A D P R S U V"),
    _f(611,   3, "Char(3)",   "ACTION",                       "char", "action_code", "Action: ADD APY RMV RFS"),
    _f(614,   4, "Bin(5)",    "RULE_ID_4",                    "bin",  None,          "Rule identifier, 4-byte copy of RULE_ID_8; 0 when too large"),
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
    _f(850,   2, "Char(2)",   "RESERVED_850",                 "hex",  None,          "Reserved area"),
    _f(852,   4, "Bin(5)",    "NUMBER_OF_OBJECTS_4",          "bin",  None,          "Number of objects, 4-byte copy of NUMBER_OF_OBJECTS_8; -1 when too large"),
    _f(856,   8, "Bin(10)",   "RULE_ID_8",                    "bin",  "f856",        "Rule identifier / version entry number"),
    _f(864,   8, "Bin(10)",   "NUMBER_OF_OBJECTS_8",          "bin",  "f864",        "Number of objects"),
    _f(872, 100, "Char(100)", "RESERVED_872",                 "hex",  None,          "Reserved area"),
)
# fmt: on


# Where each read field is published, by entry type (seed 000's "When Entry type (J5 offset 610) is ..."): one
# Route per model column, in the model's column order. A field whose meaning depends on the entry type has one
# route per meaning; a column is NULL for the entry types (and V actions) its route does not list. The model's
# routing SQL, its column descriptions and the docs' field table are rendered from these.
@dataclass(frozen=True)
class Route:
    column: str  # the model's column
    field: str  # the M7 field it publishes
    types: str  # the entry types it applies to
    actions: tuple[str, ...] = ()  # for V: the actions it applies to (empty: every action)
    doc: str = ""  # what the column means (the position, format and entry types are added where it is shown)
    values: tuple[str, ...] = ()  # the values seed 000 lists; another value is kept and named in decode_errors
    pattern: str = ""  # the shape seed 000 gives (a regular expression); another shape is named in decode_errors


ADD_RMV = ("ADD", "RMV")
# a declaration table: one line per field, as the manual prints it
# fmt: off
ROUTES: tuple[Route, ...] = (
    Route("RULE_IDENTIFIER", "RULE_ID_8", "ADR", doc="Identifier of the replication criteria rule"),
    Route("VERSION_ENTRY_NUMBER", "RULE_ID_8", "V", ADD_RMV, doc="Version entry number"),
    Route("RESYNC_TYPE", "RESYNC_TYPE_OR_VERSION_GROUP", "S", values=("RESUME", "RECLONE"),
          doc="Type of resynchronization: RESUME (objects on the OTL because the node was blocked) or RECLONE "
              "(actively replicating objects)"),
    Route("VERSION_GROUP", "RESYNC_TYPE_OR_VERSION_GROUP", "V", doc="The version group operated on"),
    Route("INCLUSION_STATE", "INCLUSION_OR_ACTIVATION", "AD", values=("DEFINITION", "EXCLUDE", "INCLUDE"),
          doc="Inclusion state of the rule: INCLUDE, EXCLUDE or DEFINITION (only the object's definition is "
              "replicated)"),
    Route("VERSION_ACTIVATION", "INCLUSION_OR_ACTIVATION", "V", ADD_RMV, values=("IMMEDIATE", "RESUME"),
          doc="When the version entry can be activated: IMMEDIATE or RESUME (when replication next resumes)"),
    Route("IASP_NAME", "ASP_NAME", "ADPRSU", doc="ASP the rule or the OTL change applies to, or *SYSBAS"),
    Route("LIBRARY_NAME", "LIBRARY_NAME", "ADRU",
          doc="Library of the rule or OTL change; NULL with an ASP means every library in it"),
    Route("OBJECT_TYPE", "OBJECT_TYPE", "ADRU", doc="Object type of the rule or OTL change"),
    Route("OBJECT_NAME", "OBJECT_NAME", "ADRU", doc="Object name of the rule or OTL change"),
    Route("ORIGINAL_LIBRARY_NAME", "ORIGINAL_LIBRARY_NAME", "D",
          doc="Library name before the rename that caused the duplicate"),
    Route("SYSTEM_VALUE", "SYSTEM_VALUE", "AR", doc="System value a rule covers"),
    Route("ENVIRONMENT_VARIABLE", "ENVVAR_OR_VERSION_NAME", "AR", doc="Environment variable a rule covers"),
    Route("VERSION_NAME", "ENVVAR_OR_VERSION_NAME", "V",
          doc="Version name; NULL with a VERSION_GROUP means every name in the group"),
    Route("APPLY_LABEL", "APPLY_LABEL_OR_VERSION_ID", "APR", doc="Label that identifies the replication criteria rules"),
    Route("VERSION_IDENTIFIER", "APPLY_LABEL_OR_VERSION_ID", "V", ADD_RMV, pattern=r"^[0-9]+(\.[0-9]+){0,2}$",
          doc="Version, major[.minor[.revision]] in digits"),
    Route("NUMBER_OF_OBJECTS", "NUMBER_OF_OBJECTS_8", "APRSU",
          doc="Save/restore entries added to the OTL (A, P, R, S) or OTL rows changed (U)"),
)
# fmt: on

# The codes seed 000 lists, with its descriptions: ENTRY_TYPE_DETAIL and (for V entries) ACTION_DETAIL.
ENTRY_TYPES = {
    "A": "Add active replication criteria rule",
    "D": "Duplicate replication criteria rules (a rename library was performed)",
    "P": "Activate pending replication criteria rules",
    "R": "Remove active replication criteria rule",
    "S": "Resynchronization of eligible objects",
    "U": "User deferred or deleted entries in the Object Tracking List (OTL) using the SQL "
    "QSYS2.CHANGE_RESYNC_ENTRIES procedure",
    "V": "Generic versioning",
}
ACTION_TYPE = "V"  # the only entry type seed 000 gives an action for
ACTIONS = {
    "ADD": "Register (add) an applied version information entry for a specific feature or function in the Mirror "
    "Version List (MVL)",
    "APY": "Apply pending version information entries",
    "RMV": "Unregister (remove) an applied version information entry from the Mirror Version List (MVL)",
    "RFS": "Refresh the version information entries in Mirror Version List by running user specified Version Handlers",
}
check_contiguous(M7, ESD_POS, RECORD_LENGTH + 1)
FIELDS = HEADING + M7


def encode(values: dict) -> bytes:
    """A QASYM7J5 record; JOENTL defaults to the record length, reserved areas are X'00'."""
    values = {
        "JOENTL": RECORD_LENGTH,
        "JOCODE": "T",
        "JOENTT": "M7",
        "RESERVED_850": b"\x00" * 2,
        "RESERVED_872": b"\x00" * 100,
        "JOJID": b"\x00" * 10,
        "JOTHD": b"\x00" * 8,
        "JORES": b"\x00" * 9,
        **values,
    }
    return encode_record(FIELDS, values, RECORD_LENGTH)
