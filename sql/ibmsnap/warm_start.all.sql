-- Seed 003, Figure 49: warm start table, all platforms (the VM/VSE form is warm_start.vmvse.sql). No fix needed.
CREATE TABLE ASN.IBMSNAP_WARM_START ( SEQ CHAR(10) FOR BIT DATA, AUTHTKN CHAR(12), AUTHID CHAR(18), CAPTURED CHAR(1), UOWTIME INT);
