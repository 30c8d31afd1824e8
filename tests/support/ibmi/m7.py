"""The M7 entry as the tests read seed 000 (tests/data/sources/qasym7j5.txt), never udfs/core/layouts: the codes
its text lists with their descriptions, the column each field is published in for each entry type and V action
(its "When Entry type (J5 offset 610) is ..." sentences, written out below), the *TYPE5 heading's columns, and
M7 records of every entry type and V action with random values, built by the tests' encoder (entries.m7_record),
for the byte-mutation test (tests/spark/test_fuzz_m7.py)."""

from __future__ import annotations

import datetime as dt
import random
import re
from dataclasses import dataclass

from support.ibmi.entries import SOURCES, Row, four_byte_copies, heading_table, m7_record, m7_table

ROW = {r.key: r for r in (*heading_table(), *m7_table())}
CODE = re.compile(r"[A-Z]{1,10}")  # a code seed 000 lists: a line of capitals alone, its description on the next


def code_lists() -> dict[str, list[dict[str, str]]]:
    """{M7 key: the lists of codes its text gives, in order, each {code: description}}. Text between two lists (a
    "When ..." sentence) ends a list; blank lines do not. A description's closing full stop is dropped (the
    entry types' have none, the actions' have one: the model shows both without)."""
    at = {r.pos: r.key for r in m7_table()}
    lists: dict[str, list[dict[str, str]]] = {}
    key, current = None, None
    lines = [ln.strip() for ln in (SOURCES / "qasym7j5.txt").read_text().splitlines()] + [""]
    i = 0
    while i < len(lines) - 1:
        line, following = lines[i], lines[i + 1]
        m = re.match(r"(\d+) ", line)
        if m and int(m[1]) in at:  # a row of the table starts the field's text
            key, current = at[int(m[1])], None
            lists[key] = []
        elif key and CODE.fullmatch(line) and following and not CODE.fullmatch(following):
            if current is None:
                current = {}
                lists[key].append(current)
            current[line] = following.rstrip(".")
            i += 1  # the description
        elif line:
            current = None  # a sentence after a list ends it
        i += 1
    return lists


CODES = code_lists()
ENTRY_TYPES = CODES["ENTRY_TYPE"][0]  # A D P R S U V and what each is
ACTIONS = CODES["ACTION"][0]  # ADD APY RMV RFS
ACTION_TYPE = "V"  # "When Entry type (J5 offset 610) is V (Generic versioning) this field can contain:"
ADD_RMV = ("ADD", "RMV")  # "When Entry type ... is V and Action (J5 offset 611) is ADD or RMV"
# 824 "The format is xxx.yyy.zzz where each piece of the version contains the digits 0-9": major, optional minor
# and revision
VERSION_IDENTIFIER = re.compile(r"[0-9]+(\.[0-9]+){0,2}")


@dataclass(frozen=True)
class Meaning:
    """A column of audit_journal_m7 holding an M7 field: the field (a key of ROW), the entry types whose sentence
    gives the field this meaning and, for V, the actions it is limited to; codes: the values seed 000 lists for
    it, shape: the format it gives. Another value is kept and named in decode_errors (the model's description)."""

    column: str
    key: str
    types: str
    actions: tuple[str, ...] = ()
    codes: tuple[str, ...] = ()
    shape: re.Pattern | None = None

    def applies(self, entry_type: str | None, action: str | None) -> bool:
        return bool(entry_type) and entry_type in self.types and (not self.actions or action in self.actions)

    def allows(self, value) -> bool:
        """Whether seed 000 allows the value (a decoded, non-NULL one)."""
        if self.codes:
            return value in self.codes
        return self.shape is None or self.shape.fullmatch(value) is not None


# seed 000's sentences, field by field (614 and 852, the 4-byte copies, are published through 856 and 864)
# fmt: off
MEANINGS: tuple[Meaning, ...] = (
    Meaning("RULE_IDENTIFIER", "RULE_IDENTIFIER_2", "ADR"),  # 856: "A, D, or R ... the identifier for this rule"
    Meaning("VERSION_ENTRY_NUMBER", "RULE_IDENTIFIER_2", "V", ADD_RMV),  # "V and Action ... ADD or RMV"
    Meaning("RESYNC_TYPE", "RESYNC_TYPE", "S", codes=tuple(CODES["RESYNC_TYPE"][0])),  # 618: "S ... RESUME RECLONE"
    Meaning("VERSION_GROUP", "RESYNC_TYPE", "V"),  # "When Entry type ... is V this is the version group."
    Meaning("INCLUSION_STATE", "INCLUSION_STATE", "AD", codes=tuple(CODES["INCLUSION_STATE"][0])),  # 628: "A or D"
    Meaning("VERSION_ACTIVATION", "INCLUSION_STATE", "V", ADD_RMV, codes=tuple(CODES["INCLUSION_STATE"][1])),
    Meaning("IASP_NAME", "ASP_NAME", "ADPSRU"),  # 638: "A, D, P, S, or R" and "U"
    Meaning("LIBRARY_NAME", "LIBRARY_NAME", "ADRU"),  # 648: "A, D, R" and "U"
    Meaning("OBJECT_TYPE", "OBJECT_TYPE", "ADRU"),  # 658: "A, D, R" and "U"
    Meaning("OBJECT_NAME", "OBJECT_NAME", "ADRU"),  # 666: "A, D, or R" and "U"
    Meaning("ORIGINAL_LIBRARY_NAME", "ORIGINAL_LIBRARY_NAME", "D"),  # 676: "only ... when Entry type ... is D"
    Meaning("SYSTEM_VALUE", "SYSTEM_VALUE", "AR"),  # 686: "A or R"
    Meaning("ENVIRONMENT_VARIABLE", "ENVIRONMENT_VARIABLE", "AR"),  # 696: "A or R"
    Meaning("VERSION_NAME", "ENVIRONMENT_VARIABLE", "V"),  # "V this field contains the version name"
    Meaning("APPLY_LABEL", "APPLY_LABEL", "APR"),  # 824: "A, P, or R"
    Meaning("VERSION_IDENTIFIER", "APPLY_LABEL", "V", ADD_RMV, shape=VERSION_IDENTIFIER),
    Meaning("NUMBER_OF_OBJECTS", "NUMBER_OF_OBJECTS_2", "APRSU"),  # 864: "A, P, R, or S" and "U"
)
# fmt: on

# The names jcat publishes the *TYPE5 heading under (journal_entries and audit_journal_m7 alike); JORES, reserved,
# is not published.
HEADING_COLUMNS = dict(
    JOENTL="ENTRY_LENGTH",
    JOSEQN="SEQUENCE_NUMBER",
    JOCODE="JOURNAL_CODE",
    JOENTT="JOURNAL_ENTRY_TYPE",
    JOTSTP="ENTRY_TIMESTAMP",
    JOJOB="JOB_NAME",
    JOUSER="JOB_USER",
    JONBR="JOB_NUMBER",
    JOPGM="PROGRAM_NAME",
    JOPGMLIB="PROGRAM_LIBRARY",
    JOPGMDEV="PROGRAM_LIBRARY_ASP_NAME",
    JOPGMASP="PROGRAM_LIBRARY_ASP_NUMBER",
    JOOBJ="JOURNALED_OBJECT_NAME",
    JOLIB="JOURNALED_OBJECT_LIBRARY",
    JOMBR="JOURNALED_OBJECT_MEMBER",
    JOCTRR="COUNT_OR_RRN",
    JOFLAG="INDICATOR_FLAG",
    JOCCID="COMMIT_CYCLE",
    JOUSPF="USER_NAME",
    JOSYNM="SYSTEM_NAME",
    JOJID="JOURNAL_IDENTIFIER",
    JORCST="REFERENTIAL_CONSTRAINT",
    JOTGR="TRIGGER",
    JOINCDAT="INCOMPLETE_DATA",
    JOIGNAPY="IGNORED_BY_APPLY_REMOVE",
    JOMINESD="MINIMIZED_ENTRY_DATA",
    JOOBJIND="OBJECT_NAME_INDICATOR",
    JOSYSSEQ="SYSTEM_SEQUENCE_NUMBER",
    JORCV="RECEIVER_NAME",
    JORCVLIB="RECEIVER_LIBRARY",
    JORCVDEV="RECEIVER_LIBRARY_ASP_NAME",
    JORCVASP="RECEIVER_LIBRARY_ASP_NUMBER",
    JOARM="ARM_NUMBER",
    JOTHD="THREAD_IDENTIFIER",
    JOTHDX="THREAD",
    JOADF="ADDRESS_FAMILY",
    JORPORT="REMOTE_PORT",
    JORADR="REMOTE_ADDRESS",
    JOLUW="LOGICAL_UNIT_OF_WORK",
    JOXID="TRANSACTION_IDENTIFIER",
    JOOBJTYP="JOURNALED_OBJECT_TYPE",
    JOFILTYP="FILE_TYPE_INDICATOR",
    JOCMTLVL="NESTED_COMMIT_LEVEL",
    JONVI="NULL_VALUE_INDICATORS",
)


def heading_kind(row: Row) -> str | None:
    """How the heading table's row reads: its format and note (None: reserved, not published). The job number is
    Zoned(6,0) published as six digits of text (IBM i's 000123/QUSER/QZDASOINIT)."""
    if row.note == "reserved":
        return None
    if row.key == "JONBR":
        return "jobnum"
    if row.fmt.startswith("Zoned"):
        return "zoned"
    return {"digits": "digits", "timestamp": "ibmi_ts", "binary": "hex"}.get(row.note, "char")


def heading_columns() -> list[tuple[str, int, int, str]]:
    """(column, 0-based start, width, kind) of each published heading field."""
    return [(HEADING_COLUMNS[r.key], r.pos - 1, r.width, heading_kind(r)) for r in heading_table() if heading_kind(r)]


# ---- records of every entry type and V action ------------------------------------------------------------------

ENTRY_KINDS = [(t, None) for t in ENTRY_TYPES if t != ACTION_TYPE] + [(ACTION_TYPE, a) for a in ACTIONS]
# 638, 686, 696: a rule of an A or R entry covers objects (ASP, library, type, name), a system value or an
# environment variable; "This field will be blank if" one of the others "contain[s] a value"
RULE_TARGETS = (
    ("ASP_NAME", "LIBRARY_NAME", "OBJECT_TYPE", "OBJECT_NAME"),
    ("SYSTEM_VALUE",),
    ("ENVIRONMENT_VARIABLE",),
)
OPTIONAL = ("OBJECT_TYPE", "OBJECT_NAME")  # "If this field is blank and Library name ... contains a value, ..."
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
STRAY_SHARE = 0.25  # records whose unused fields hold values: the model must still publish NULL there


def _name(rng: random.Random, width: int) -> str:
    return "".join(rng.choice(NAME_CHARS) for _ in range(rng.randint(1, width)))


def _number(rng: random.Random) -> int:
    """Small, beyond a 4-byte copy (the copies then read 0 and -1), or anything up to 2^63 - 1."""
    return rng.choice((rng.randrange(1000), rng.randrange(2**31, 2**40), rng.randrange(2**63)))


def _field_value(rng: random.Random, key: str, meaning: Meaning | None = None):
    if meaning is not None and meaning.codes:
        return rng.choice(meaning.codes)
    if meaning is not None and meaning.shape is VERSION_IDENTIFIER:
        return ".".join(str(rng.randrange(1000)) for _ in range(rng.randint(1, 3)))
    row = ROW[key]
    return _number(rng) if row.note == "binary" else _name(rng, row.width)


def _heading_value(rng: random.Random, row: Row):
    kind = heading_kind(row)
    if kind in ("zoned", "jobnum", "digits"):
        return rng.randrange(10 ** rng.randint(1, min(row.width, 18)))
    if kind == "ibmi_ts":
        return dt.datetime(1990, 1, 1) + dt.timedelta(microseconds=rng.randrange(10**15))
    if kind == "hex":
        return rng.randbytes(row.width)
    if row.note == "hex text":
        return rng.randbytes(row.width // 2).hex().upper()
    return _name(rng, row.width)


def heading_values(rng: random.Random) -> dict:
    """Every heading field but the ones m7_record sets (JOENTL, JOCODE, JOENTT) and the reserved one."""
    return {
        r.key: _heading_value(rng, r)
        for r in heading_table()
        if heading_kind(r) and r.key not in ("JOENTL", "JOCODE", "JOENTT")
    }


def m7_values(rng: random.Random, entry_type: str, action: str | None) -> dict:
    """The M7 fields an entry of this type (and action) carries, as seed 000 describes them; the rest blank (zero
    for the binary ones), or, in STRAY_SHARE of the entries, holding values the model must not publish."""
    values = {"ENTRY_TYPE": entry_type, **({"ACTION": action} if action else {})}
    unused = (
        set(rng.choice(RULE_TARGETS)) ^ {k for t in RULE_TARGETS for k in t} if entry_type in "AR" else set()
    )  # the other targets' fields: blank
    for m in MEANINGS:
        if m.applies(entry_type, action) and m.key not in unused and not (m.key in OPTIONAL and rng.random() < 0.3):
            values[m.key] = _field_value(rng, m.key, m)
    if rng.random() < STRAY_SHARE:
        for key in {m.key for m in MEANINGS} - set(values):
            values[key] = _field_value(rng, key)
        values.setdefault("ACTION", rng.choice(list(ACTIONS)))
    return {
        **values,
        **four_byte_copies(values.get("RULE_IDENTIFIER_2", 0), values.get("NUMBER_OF_OBJECTS_2", 0)),
    }


def fuzz_record(rng: random.Random, i: int) -> bytes:
    """Record i: entry type (and V action) i of ENTRY_KINDS in turn, random heading and M7 values."""
    entry_type, action = ENTRY_KINDS[i % len(ENTRY_KINDS)]
    return m7_record({**heading_values(rng), **m7_values(rng, entry_type, action)})
