"""Every model compiled as dbt compiles it outside jcat's own process (a user's own dbt, or dbt over Thrift against
`jcat serve`, whose sessions have no Python functions) calls the catalog only as the persistent jcat.<name> SQL
functions: a bare name would be a temporary Arrow UDF that such a session does not have. Tables included: a table
build decodes through the layout function (decode_<layout>, Python only) in jcat's own run alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from udfs.core.catalog import CATALOG
from udfs.core.project import project_dir

pytestmark = pytest.mark.spark

NAMES = sorted({f.name for f in CATALOG}, key=len, reverse=True)
BARE = re.compile(r"(?<![\w.`])(" + "|".join(map(re.escape, NAMES)) + r")\s*\(", re.IGNORECASE)


def test_every_model_calls_only_persistent_functions(spark, tmp_path, monkeypatch):
    from dbt.cli.main import dbtRunner

    monkeypatch.delenv("DBT_JCAT_ARROW_UDFS", raising=False)
    monkeypatch.setenv("DBT_TARGET_PATH", str(tmp_path / "target"))
    monkeypatch.setenv("DBT_LOG_PATH", str(tmp_path / "logs"))
    proj = str(project_dir())
    result = dbtRunner().invoke(
        [
            "compile",
            "--quiet",
            "--project-dir",
            proj,
            "--profiles-dir",
            proj,
            "--target",
            "local",
            "--select",
            "resource_type:model",
        ]
    )
    assert result.success, result.exception
    compiled = {Path(p).stem: Path(p).read_text() for p in (tmp_path / "target" / "compiled").rglob("*.sql")}
    assert len(compiled) > 80 and {
        "audit_journal_m7",
        "journal_entries",
        "ibmi_esd_ifs_rename_move",
        "idms_journal",
        "lldf_segments",
        "ibmsnap_uow",
    } <= set(compiled)
    bare = {name: sorted(set(m.group(1) for m in BARE.finditer(_no_comments(sql)))) for name, sql in compiled.items()}
    assert {k: v for k, v in bare.items() if v} == {}


def _no_comments(sql: str) -> str:
    return re.sub(r"--[^\n]*", "", sql)


def test_the_check_finds_a_bare_call():
    assert BARE.findall(
        _no_comments("select jcat.ebcdic_str(x), ebcdic_str(y), decode_qasym7j5(r) -- ebcdic_str(z)")
    ) == ["ebcdic_str", "decode_qasym7j5"]
