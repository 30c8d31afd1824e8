-- Seed 003, Figure 35: CD tables, DB2 for OS/390 Version 4 or higher.
-- Fixes: F1 (placeholder for the user's columns made a comment), F2 (stray "timestamp" after the index name).
CREATE TABLE userid.CDtimestamp ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL /* , <user data columns> */);
CREATE TYPE 2 INDEX userid.IXtimestamp ON userid.CDtimestamp ( IBMSNAP_UOWID ASC, IBMSNAP_INTENTSEQ ASC);
