"""IBM i audit journal M7 (Db2 Mirror replication services), outfile QASYM7J5: seed 000.

The *TYPE5 heading then the M7 fields. In this table `Bin(5)` is 4 bytes and `BIN(10)` 8 bytes: the table's
own positions confirm it (check_contiguous below), and tests/data/sources/qasym7j5.txt is checked against M7.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import Field, check_contiguous, encode_record
from .qjordje5 import ESD_POS, HEADING

RECORD_LENGTH = 971


# One line of seed 000's M7 table each, in its order: position, width, IBM format, then our field name, kind,
# the model's column (None: not read) and IBM's description.
# fmt: off
M7: tuple[Field, ...] = (
    Field(pos=610, length=1,   fmt="Char(1)",   name="ENTRY_TYPE",                   kind="char", column="ENTRY_TYPE",  doc="Entry type: A D P R S U V"),
    Field(pos=611, length=3,   fmt="Char(3)",   name="ACTION",                       kind="char", column="action_code", doc="Action: ADD APY RMV RFS"),
    Field(pos=614, length=4,   fmt="Bin(5)",    name="RULE_ID_4",                    kind="bin",  column=None,          doc="Rule identifier, 4-byte copy of RULE_ID_8; 0 when too large"),
    Field(pos=618, length=10,  fmt="Char(10)",  name="RESYNC_TYPE_OR_VERSION_GROUP", kind="char", column="f618",        doc="Resync type (S) / version group (V)"),
    Field(pos=628, length=10,  fmt="Char(10)",  name="INCLUSION_OR_ACTIVATION",      kind="char", column="f628",        doc="Inclusion state (A, D) / version activation (V ADD, RMV)"),
    Field(pos=638, length=10,  fmt="Char(10)",  name="ASP_NAME",                     kind="char", column="f638",        doc="ASP name or *SYSBAS"),
    Field(pos=648, length=10,  fmt="Char(10)",  name="LIBRARY_NAME",                 kind="char", column="f648",        doc="Library name"),
    Field(pos=658, length=8,   fmt="Char(8)",   name="OBJECT_TYPE",                  kind="char", column="f658",        doc="Object type"),
    Field(pos=666, length=10,  fmt="Char(10)",  name="OBJECT_NAME",                  kind="char", column="f666",        doc="Object name"),
    Field(pos=676, length=10,  fmt="Char(10)",  name="ORIGINAL_LIBRARY_NAME",        kind="char", column="f676",        doc="Original library name (D)"),
    Field(pos=686, length=10,  fmt="Char(10)",  name="SYSTEM_VALUE",                 kind="char", column="f686",        doc="System value"),
    Field(pos=696, length=128, fmt="Char(128)", name="ENVVAR_OR_VERSION_NAME",       kind="char", column="f696",        doc="Environment variable (A, R) / version name (V)"),
    Field(pos=824, length=26,  fmt="Char(26)",  name="APPLY_LABEL_OR_VERSION_ID",    kind="char", column="f824",        doc="Apply label (A, P, R) / version identifier (V ADD, RMV)"),
    Field(pos=850, length=2,   fmt="Char(2)",   name="RESERVED_850",                 kind="hex",  column=None,          doc="Reserved area"),
    Field(pos=852, length=4,   fmt="Bin(5)",    name="NUMBER_OF_OBJECTS_4",          kind="bin",  column=None,          doc="Number of objects, 4-byte copy of NUMBER_OF_OBJECTS_8; -1 when too large"),
    Field(pos=856, length=8,   fmt="Bin(10)",   name="RULE_ID_8",                    kind="bin",  column="f856",        doc="Rule identifier / version entry number"),
    Field(pos=864, length=8,   fmt="Bin(10)",   name="NUMBER_OF_OBJECTS_8",          kind="bin",  column="f864",        doc="Number of objects"),
    Field(pos=872, length=100, fmt="Char(100)", name="RESERVED_872",                 kind="hex",  column=None,          doc="Reserved area"),
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
    # the shape seed 000 gives, a Java regular expression as Spark's rlike reads it; another shape is named in
    # decode_errors. It ends with \z: Java's $ also matches before a final line terminator (X'25', X'15', X'0D')
    pattern: str = ""


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
    Route("VERSION_IDENTIFIER", "APPLY_LABEL_OR_VERSION_ID", "V", ADD_RMV, pattern=r"^[0-9]+(\.[0-9]+){0,2}\z",
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
