"""`jcat build` and `jcat dbt` hand dbt's own flags to dbt as given (argparse alone refused `jcat build --select x`)."""

from __future__ import annotations

import pytest

from udfs.cli.parser import parse


def test_build_and_dbt_pass_dbt_flags_through():
    args = parse(
        [
            "--master",
            "local[1]",
            "build",
            "--select",
            "audit_journal_m7",
            "--exclude",
            "x",
            "--full-refresh",
            "--vars",
            "{jcat_strict: true}",
            "--target",
            "local",
        ]
    )
    assert args.command == "build" and args.master == "local[1]"
    assert args.dbt_args == [
        "--select",
        "audit_journal_m7",
        "--exclude",
        "x",
        "--full-refresh",
        "--vars",
        "{jcat_strict: true}",
        "--target",
        "local",
    ]
    args = parse(["dbt", "run", "-s", "audit_journal_m7", "--debug"])
    assert args.command == "dbt" and args.dbt_args == ["run", "-s", "audit_journal_m7", "--debug"]
    assert parse(["--debug", "build"]).dbt_args == []


def test_unknown_global_option_is_still_refused(capsys):
    with pytest.raises(SystemExit):
        parse(["--bogus", "build"])
