"""The targets of `jcat generate`: one line each, name -> "module:function" returning {path: text}.

Every renderer lives in this package (udfs.render), so the registry names no layer above it, and none reads tests/:
the dbt unit tests whose expected values come from the tests' encoders are written by `python tests/write_unit_tests.py`
(tests/support/unit_tests.py), so a wheel never needs the tests.
"""

from __future__ import annotations

TARGETS: dict[str, str] = {
    "functions": "udfs.render.reference:generated_files",  # docs/functions.md
    "sql_functions": "udfs.render.install_macro:generated_files",  # dbt on-run-start hook installing the SQL functions
    "kinds": "udfs.render.kind_sql:generated_files",  # the IDMS date-time macro (one arithmetic with its baseline)
    "layouts": "udfs.render.layout_models:generated_files",  # the kinds macro (jcat_layout_field)
    "ibmi": "udfs.render.ibmi_models:generated_files",  # M7 model, *TYPE5 heading macro, IBM i ymls and docs
    "idms": "udfs.render.idms_journal:generated_files",  # IDMS decoding, headings macro, docs/idms.md fields
    "lldf": "udfs.render.lldf_segments:generated_files",  # LLDF header decoding and columns, docs/lldf.md fields
    "ibmsnap": "udfs.render.ibmsnap:generated_files",  # IBMSNAP models and macros from sql/ibmsnap DDL
    # their unload layouts as data (decode_ibmsnap_<table>)
    "ibmsnap_records": "udfs.render.ibmsnap_records:generated_files",
    "ibmi_esd": "udfs.render.ibmi_esd:generated_files",  # ESD models, mapping macro, docs/ibmi_esd.md
    "tables": "udfs.render.table_models:generated_files",  # a user's declared tables' models, in their project
}
