"""What the IBM SQL Replication tables and columns mean, in our words, for their models' YAML and docs
(udfs/render/ibmsnap.py): table and column descriptions, code meanings, accepted values, the lineage columns.
Values are marked unknown where the reference does not confirm them.
"""

from __future__ import annotations

TABLE_DESCRIPTIONS = {
    "register": "Replication sources registered at the source server (ASN.IBMSNAP_REGISTER): which table is "
    "captured into which CD table, and the Capture program's sync points for it.",
    "pruncntl": "Pruning control (ASN.IBMSNAP_PRUNCNTL): one row per subscription member; SYNCHPOINT is how far "
    "the Apply program has copied, which bounds what Capture may prune.",
    "uow": "Unit-of-work table (ASN.IBMSNAP_UOW): one row per committed source transaction, with its commit "
    "sequence, approximate commit time, who ran it and any rejection code.",
    "critsec": "Critical section table (ASN.IBMSNAP_CRITSEC): Apply qualifiers serialising Capture and Apply on "
    "servers without uncommitted read.",
    "trace": "Capture program trace (ASN.IBMSNAP_TRACE): operations and messages with their time.",
    "ccpparms": "Capture tuning parameters (ASN.IBMSNAP_CCPPARMS): retention, lag limit, commit and prune intervals.",
    "warm_start": "Warm start table (ASN.IBMSNAP_WARM_START): the Capture program's restart position in the log. "
    "The VM/VSE form has UOWID where the other platforms have AUTHTKN.",
    "ccpenq": "Capture enqueue table (ASN.IBMSNAP_CCPENQ), VM and VSE only: the lock resource name.",
}

_SEQ = "Log sequence number, raw bytes; compare as unsigned bytes (Spark orders BINARY that way)."
DESCRIPTIONS = {
    "SOURCE_OWNER": "Schema (owner) of the replication source table.",
    "SOURCE_TABLE": "Name of the replication source table.",
    "SOURCE_VIEW_QUAL": "0 for a physical source table, above 0 to tell apart view registrations on the same table.",
    "GLOBAL_RECORD": "'Y' on the one global row Capture writes for itself, 'N' on source registrations.",
    "SOURCE_STRUCTURE": "Kind of source object; 1 = user table. Other values: see SOURCE_STRUCTURE_MEANING.",
    "SOURCE_CONDENSED": "'Y' when the source holds at most one row per key (condensed), 'N' otherwise.",
    "SOURCE_COMPLETE": "'Y' when the source holds every row (complete), 'N' when only changed rows.",
    "CD_OWNER": "Schema of the change-data (CD) table (or view) for this source.",
    "CD_TABLE": "Name of the CD table (or view) that receives the captured changes.",
    "PHYS_CHANGE_OWNER": "Schema of the physical CD/CCD table behind a view registration.",
    "PHYS_CHANGE_TABLE": "Name of the physical CD/CCD table behind a view registration.",
    "CD_OLD_SYNCHPOINT": "Sequence of the oldest change still in the CD table (set at cold start and by pruning); "
    "NULL when the CD table was emptied. " + _SEQ,
    "CD_NEW_SYNCHPOINT": "Sequence of the newest change Capture inserted into the CD table. " + _SEQ,
    "DISABLE_REFRESH": "Whether full refreshes from the source are suppressed; starts at 0. Meaning of each value "
    "not confirmed by the reference (see DISABLE_REFRESH_MEANING).",
    "CCD_OWNER": "Schema of the local consistent-change-data (CCD) table, if any.",
    "CCD_TABLE": "Name of the local CCD table, if any.",
    "CCD_OLD_SYNCHPOINT": "Sequence of the oldest row in the external CCD table. " + _SEQ,
    ("register", "SYNCHPOINT"): "Sequence the Capture program has reached for this source. " + _SEQ,
    ("register", "SYNCHTIME"): "Source-server time matching SYNCHPOINT (local wall clock, no zone).",
    "CCD_CONDENSED": "'Y'/'N': the CCD table is condensed.",
    "CCD_COMPLETE": "'Y'/'N': the CCD table is complete.",
    "ARCH_LEVEL": "Architecture level of the registration; '0201' for Version 5.",
    ("register", "DESCRIPTION"): "Free-text comment entered when the source was registered.",
    "BEFORE_IMG_PREFIX": "Prefix that names before-image columns in the CD table (e.g. 'X' for XSALARY); NULL when "
    "the CD table has none.",
    "CONFLICT_LEVEL": "Update-anywhere conflict detection level; values not confirmed by the reference "
    "(see CONFLICT_LEVEL_MEANING).",
    "PARTITION_KEYS_CHG": "'Y'/'N': updates that change partitioning key columns are captured as delete+insert.",
    "TARGET_SERVER": "Database where the subscription's target table lives.",
    "TARGET_OWNER": "Schema of the target table.",
    "TARGET_TABLE": "Name of the target table.",
    ("pruncntl", "SYNCHTIME"): "Source-server time of SYNCHPOINT, set by the Apply program (local wall clock).",
    ("pruncntl", "SYNCHPOINT"): "How far Apply has copied this member: CD/UOW rows at or below the smallest "
    "SYNCHPOINT of a source may be pruned; all zero bytes = full refresh pending. " + _SEQ,
    "APPLY_QUAL": "Apply qualifier: names the Apply program instance (case sensitive).",
    "SET_NAME": "Subscription set name, unique within an Apply qualifier.",
    "CNTL_SERVER": "Database holding the Apply control tables for this subscription.",
    "TARGET_STRUCTURE": "Kind of target table (see TARGET_STRUCTURE_MEANING).",
    "CNTL_ALIAS": "Alias of the control server as the Apply program knows it.",
    "IBMSNAP_UOWID": "Unit-of-recovery id of the transaction; joins CD rows to their UOW row. Raw bytes.",
    "IBMSNAP_COMMITSEQ": "Commit sequence of the transaction: the order Apply replays it in. " + _SEQ,
    "IBMSNAP_LOGMARKER": "Approximate commit time at the source server (local wall clock, no zone).",
    "IBMSNAP_AUTHTKN": "Authorization token of the transaction (correlation id on z/OS, job name on IBM i).",
    "IBMSNAP_AUTHID": "Authorization id (primary auth id / user profile) that ran the transaction.",
    "IBMSNAP_REJ_CODE": "Update-anywhere rejection code: '0' no known conflict, '1' same-row conflict (reversed at "
    "the replica), '2' cascade rejection; blank when conflict detection is off.",
    "IBMSNAP_APPLY_QUAL": "Blank for local updates; the Apply qualifier for changes an Apply program made.",
    "OPERATION": "Capture operation recorded (initialisation, capture, pruning, error ...); free text.",
    "TRACE_TIME": "When the trace row was written (source-server local time).",
    ("trace", "DESCRIPTION"): "Message id (ASNnnnn) followed by the message text.",
    "RETENTION_LIMIT": "Minutes CD/UOW rows are kept at most; older rows are pruned even if not copied "
    "(IBM default 10800).",
    "LAG_LIMIT": "Minutes Capture may lag behind the log before it stops (IBM default 10800).",
    "COMMIT_INTERVAL": "Seconds between Capture commits (IBM default 30).",
    "PRUNE_INTERVAL": "Seconds between automatic prunes (IBM default 300).",
    "SEQ": "Capture's restart position in the log (RBA/LSN) for this unit of work. " + _SEQ,
    "AUTHTKN": "Authorization token of the unit of work at SEQ (not in the VM/VSE form).",
    "UOWID": "Unit-of-recovery id of the unit of work at SEQ (VM/VSE form only). Raw bytes.",
    "AUTHID": "Authorization id of the unit of work at SEQ.",
    "CAPTURED": "'Y'/'N': whether that unit of work was captured.",
    "UOWTIME": "Time of day clock value when the unit of work was captured, as the INT the table holds "
    "(its unit is not confirmed; kept as the raw number).",
    "LOCKNAME": "Name of the Capture enqueue resource for this database.",
    "IBMSNAP_INTENTSEQ": "Sequence of this change within its transaction; with IBMSNAP_UOWID it identifies the "
    "row. " + _SEQ,
    "IBMSNAP_OPERATION": "'I' insert, 'U' update, 'D' delete.",
}

# (table, column) -> {code: meaning}. Only what formats.md section 3 and the IBM pages cited in docs/ibmsnap.md
# confirm; any other value shows as 'unknown code <v>'.
CODE_MEANINGS = {
    ("register", "SOURCE_STRUCTURE"): {"1": "user table"},
    ("pruncntl", "TARGET_STRUCTURE"): {
        "1": "source table",
        "3": "consistent change data (CCD)",
        "7": "replica",
        "8": "user copy",
        "9": "point-in-time",
    },
    ("uow", "IBMSNAP_REJ_CODE"): {
        "0": "no known conflict",
        "1": "same-row conflict: transaction reversed at the replica",
        "2": "cascade rejection: depends on a transaction with a same-row conflict",
        "": "no conflict detection (blank default)",
    },
    # values not confirmed by the reference: every value shows as unknown
    ("register", "DISABLE_REFRESH"): {},
    ("register", "CONFLICT_LEVEL"): {},
}

# (table, column) -> accepted values, for data_tests.
_YN = ["Y", "N"]
ACCEPTED = {
    ("register", "GLOBAL_RECORD"): _YN,
    ("register", "SOURCE_CONDENSED"): _YN,
    ("register", "SOURCE_COMPLETE"): _YN,
    ("register", "CCD_CONDENSED"): _YN,
    ("register", "CCD_COMPLETE"): _YN,
    ("register", "PARTITION_KEYS_CHG"): _YN,
    ("warm_start", "CAPTURED"): _YN,
    ("uow", "IBMSNAP_REJ_CODE"): ["0", "1", "2", ""],
}

LINEAGE_YML = [
    {
        "name": "decode_errors",
        "description": "Names of the columns whose bytes did not decode (NULL in this row), "
        "and RECORD_LENGTH when the record's length is not the layout's; empty when all is well.",
        "data_tests": ["not_null"],
    },
    {"name": "source_file", "description": "File the record was landed from.", "data_tests": ["not_null"]},
    {"name": "record_offset", "description": "Byte offset of the record in that file.", "data_tests": ["not_null"]},
    {"name": "record_number", "description": "Record number in that file, from 1.", "data_tests": ["not_null"]},
    {"name": "load_id", "description": "The `jcat load` run that landed the record.", "data_tests": ["not_null"]},
]
