"""The targets of `jcat generate`: one line each, name -> "module:function" returning {path: text}.

Every renderer lives in this package (udfs.render), so the registry names no layer above it, and none reads tests/:
the dbt unit tests whose expected values come from the tests' encoders are written by `python tests/write_unit_tests.py`
(tests/support/unit_tests.py), so a wheel never needs the tests.
"""

from __future__ import annotations

from ..core.layouts.registry import AREAS

# One renderer per area of the layouts registry (udfs/core/layouts/registry.py): its models, macros and docs.
AREA_MODELS: dict[str, str] = {
    "ibmi": "udfs.render.ibmi_models:generated_files",  # M7 model, *TYPE5 heading macro, ymls and docs
    "idms": "udfs.render.idms_journal:generated_files",  # IDMS decoding, headings macro, docs/idms.md fields
    "lldf": "udfs.render.lldf_segments:generated_files",  # LLDF header decoding, columns, docs/lldf.md fields
    "ibmsnap": "udfs.render.ibmsnap:generated_files",  # IBMSNAP models and macros from sql/ibmsnap DDL
}
if set(AREA_MODELS) != set(AREAS):
    raise ImportError(f"area renderers {sorted(AREA_MODELS)} differ from the layouts registry's areas {sorted(AREAS)}")

TARGETS: dict[str, str] = {
    "functions_reference": "udfs.render.function_reference:generated_files",  # docs/functions.md
    "install_functions_macro": "udfs.render.install_macro:generated_files",  # dbt's on-run-start hook installing them
    "idms_datetime_macro": "udfs.render.kind_sql:generated_files",  # one arithmetic with the bench's baseline
    "layout_field_macro": "udfs.render.layout_models:generated_files",  # jcat_layout_field: each kind's column
    "layout_sources": "udfs.render.layout_sources:generated_files",  # models/sources.yml: the layouts' raw tables
    **{f"{area}_models": renderer for area, renderer in AREA_MODELS.items()},
    # their unload layouts as data (decode_ibmsnap_<table>): udfs/core/layouts/ibmsnap_ddl_generated.py
    "ibmsnap_layouts": "udfs.render.ibmsnap_layouts_module:generated_files",
    "ibmi_esd_models": "udfs.render.ibmi_esd:generated_files",  # ESD models, mapping macro, docs/ibmi_esd.md
    "jvm_code_pages": "udfs.render.jvm_code_pages:generated_files",  # the JVM engine's code pages, from the kernels'
    "declared_table_models": "udfs.render.table_models:generated_files",  # a user's declared tables, their project
}
