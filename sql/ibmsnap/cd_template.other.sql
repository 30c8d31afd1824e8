-- Seed 003, Figure 36: CD tables, all other platforms.
-- Fixes: F1 (placeholder for the user's columns made a comment).
CREATE TABLE userid.CDtimestamp ( IBMSNAP_UOWID CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_INTENTSEQ CHAR(10) FOR BIT DATA NOT NULL, IBMSNAP_OPERATION CHAR(1) NOT NULL /* , <user data columns> */);
CREATE INDEX userid.IXtimestamp ON userid.CDtimestamp (IBMSNAP_UOWID ASC, IBMSNAP_INTENTSEQ ASC);
