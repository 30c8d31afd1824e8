"""`jcat generate` targets that only a checkout has: dbt unit tests whose expected values come from the tests'
own encoders, never from the declaration under test (udfs.render.generate loads this file when it exists)."""

TARGETS: dict[str, str] = {
    "lldf_unit": "support.lldf.unit:rendered_files",  # unit tests of the LLDF models
    "ibmi_unit": "support.ibmi.unit:rendered_files",  # unit tests of audit_journal_m7 and journal_entries
    "idms_unit": "support.idms.unit:rendered_files",  # unit tests of idms_journal from seed 004's REC lines
    "ibmi_esd_unit": "support.ibmi.esd_unit:generated_files",  # unit tests of the ESD models, from seed 001's tables
    "ibmsnap_unit": "support.ibmsnap.unit:rendered_files",  # unit tests of the IBMSNAP record models, from the DDL
}
