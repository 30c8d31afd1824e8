-- Seed 003, Figure 34: Capture enqueue table, DB2 for VM/VSE only. No fix needed.
CREATE TABLE ASN.IBMSNAP_CCPENQ ( LOCKNAME CHAR (9) NOT NULL);
