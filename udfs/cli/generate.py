"""The targets of `jcat generate`: one line each (name, "module:function" returning {path: text}).

Registered here, in the top layer, because generators live in several layers (core declarations, dbt renderers,
demo fixtures); the engine (write, --check) is udfs.dbt.generate.
"""

from __future__ import annotations

from ..dbt.generate import TARGETS, main as _main, register

register("functions", "udfs.core.catalog:generated_files")              # docs/functions.md
register("ibmsnap", "udfs.dbt.ibmsnap:generated_files")                 # IBMSNAP models from sql/ibmsnap DDL
register("ibmsnap_records", "udfs.core.layouts.ibmsnap:generated_files")  # their unload layouts as data, for decode_ibmsnap_<table>
register("ibmi_esd", "udfs.core.layouts.ibmi_esd:rendered_files")       # ESD models, mapping macro, docs/ibmi_esd.md
register("lldf_unit", "udfs.demo.lldf_unit:rendered_files")             # unit tests of the LLDF models
register("layouts", "udfs.dbt.layout_models:generated_files")           # declared layouts: M7, *TYPE5 heading, kinds macro
register("idms", "udfs.dbt.idms_journal:generated_files")               # IDMS decoding, headings macro, docs/idms.md field table
register("lldf", "udfs.dbt.lldf_segments:generated_files")              # LLDF header decoding, header columns, docs/lldf.md field table
register("sql_functions", "udfs.dbt.install_macro:generated_files")   # dbt on-run-start hook installing the SQL functions

main = _main
__all__ = ["TARGETS", "main"]
