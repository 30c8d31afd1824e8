-- Seed 003, Figure 38: critical section table, all other platforms.
-- Fixes: F4 (padding placeholder made a comment), F5 (missing closing parenthesis before DATA CAPTURE CHANGES).
CREATE TABLE ASN.IBMSNAP_CRITSEC( APPLY_QUAL CHAR(18) NOT NULL /* , <additional padding columns for DB2 for OS/390 version 3> */) DATA CAPTURE CHANGES;
CREATE UNIQUE INDEX ASN.IBMSNAP_CRITSECX ON ASN.IBMSNAP_CRITSEC (APPLY_QUAL ASC);
