"""IBM i audit journal M7 (Db2 Mirror replication services), outfile QASYM7J5: seed 000.

The *TYPE5 heading (1-609) then the M7 fields at 610-971. In this table `Bin(5)` is 4 bytes and
`BIN(10)` 8 bytes: 852 + 4 = 856, 856 + 8 = 864, 864 + 8 = 872 confirm it.
"""

from . import Field, check_contiguous, encode_record
from .qjordje5 import ESD_POS, HEADING

RECORD_LENGTH = 971

M7: tuple[Field, ...] = (
    Field("ENTRY_TYPE", 610, 1, "char", "A D P R S U V"),
    Field("ACTION", 611, 3, "char", "ADD APY RMV RFS when entry type is V"),
    Field("RULE_ID_4", 614, 4, "bin", "4-byte copy of 856; 0 when too large"),
    Field("RESYNC_TYPE_OR_VERSION_GROUP", 618, 10, "char", "S: resync type; V: version group"),
    Field("INCLUSION_OR_ACTIVATION", 628, 10, "char", "A/D: inclusion state; V ADD/RMV: activation"),
    Field("ASP_NAME", 638, 10, "char", "ASP name or *SYSBAS"),
    Field("LIBRARY_NAME", 648, 10, "char", "library name"),
    Field("OBJECT_TYPE", 658, 8, "char", "object type"),
    Field("OBJECT_NAME", 666, 10, "char", "object name"),
    Field("ORIGINAL_LIBRARY_NAME", 676, 10, "char", "original library (D only)"),
    Field("SYSTEM_VALUE", 686, 10, "char", "system value name"),
    Field("ENVVAR_OR_VERSION_NAME", 696, 128, "char", "A/R: environment variable; V: version name"),
    Field("APPLY_LABEL_OR_VERSION_ID", 824, 26, "char", "A/P/R: apply label; V ADD/RMV: version identifier"),
    Field("RESERVED_850", 850, 2, "hex", "reserved"),
    Field("NUMBER_OF_OBJECTS_4", 852, 4, "bin", "4-byte copy of 864; -1 when too large"),
    Field("RULE_ID_8", 856, 8, "bin", "rule identifier or version entry number"),
    Field("NUMBER_OF_OBJECTS_8", 864, 8, "bin", "number of objects"),
    Field("RESERVED_872", 872, 100, "hex", "reserved"),
)
check_contiguous(M7, ESD_POS, RECORD_LENGTH + 1)
FIELDS = HEADING + M7


def encode(values: dict) -> bytes:
    """A QASYM7J5 record; JOENTL defaults to the record length, reserved areas are X'00'."""
    values = {"JOENTL": RECORD_LENGTH, "JOCODE": "T", "JOENTT": "M7",
              "RESERVED_850": b"\x00" * 2, "RESERVED_872": b"\x00" * 100,
              "JOJID": b"\x00" * 10, "JOTHD": b"\x00" * 8, "JORES": b"\x00" * 9, **values}
    return encode_record(FIELDS, values, RECORD_LENGTH)
