"""`jcat build --select/--exclude` naming relations jcat builds itself (udfs/dbt/relation_selection.py): dbt gets
what they need, the tables they belong to build, and every other selector reaches dbt as it was."""

from __future__ import annotations

import pytest

from udfs.dbt.relation_selection import TABLE_RELATIONS, select

INPUTS = {
    "acct": ("acct_images_decoded", "lldf_change_stream"),
    "orders": ("orders_images_decoded", "journal_entries_decoded"),
}
TWINS = {"acct": "acct_images_decoded", "orders": "orders_images_decoded"}


@pytest.mark.parametrize("what", TABLE_RELATIONS)
def test_an_upstream_selection_of_a_tables_relation_builds_what_its_changes_read(what):
    s = select(["--select", f"+acct_{what}"], INPUTS)
    assert s.dbt_args == ["--select", "+acct_images_decoded", "+lldf_change_stream"]
    assert s.changes_to_build(set(), TWINS) == ["acct"] and s.shared


def test_a_relation_named_alone_builds_the_table_from_what_is_built_and_runs_no_dbt():
    s = select(["--select", "orders_current"], INPUTS)
    assert s.dbt_args is None
    assert s.changes_to_build(set(), TWINS) == ["orders"]


def test_other_selectors_reach_dbt_as_they_were_beside_the_translated_ones():
    args = ["--select", "audit_journal_m7", "2+acct_history", "tag:nightly", "--full-refresh", "--vars", "{a: 1}"]
    s = select(args, INPUTS)
    assert s.dbt_args == [
        "--select",
        "audit_journal_m7",
        "2+acct_images_decoded",
        "2+lldf_change_stream",
        "tag:nightly",
        "--full-refresh",
        "--vars",
        "{a: 1}",
    ]


def test_change_events_and_change_feed_select_every_table():
    for shared in ("change_events", "+change_feed", "@change_events", "jcat.change_events"):
        s = select([f"--select={shared}"], INPUTS)
        assert s.changes_to_build(set(), TWINS) == ["acct", "orders"], shared
    assert select(["-s", "@change_events"], INPUTS).dbt_args == [
        "-s",
        "+acct_images_decoded",
        "+lldf_change_stream",
        "+orders_images_decoded",
        "+journal_entries_decoded",
    ]


def test_inputs_shared_by_two_selected_tables_are_selected_once():
    two = {"a": ("a_images_decoded", "lldf_change_stream"), "b": ("b_images_decoded", "lldf_change_stream")}
    s = select(["--select", "+a_current", "+b_current"], two)
    assert s.dbt_args == ["--select", "+a_images_decoded", "+lldf_change_stream", "+b_images_decoded"]


def test_a_selected_twin_that_dbt_built_builds_its_tables_changes_as_before():
    s = select(["--select", "journal_entries_decoded", "orders_images_decoded"], INPUTS)
    assert s.dbt_args == ["--select", "journal_entries_decoded", "orders_images_decoded"]
    assert s.changes_to_build({"journal_entries_decoded", "orders_images_decoded"}, TWINS) == ["orders"]
    assert s.changes_to_build({"journal_entries_decoded"}, TWINS) == []  # its twin failed or was not selected


def test_without_a_selection_every_table_builds_and_dbt_gets_the_arguments_unchanged():
    s = select(["--full-refresh"], INPUTS)
    assert s.dbt_args == ["--full-refresh"] and s.changes_to_build(set(), TWINS) is None


def test_excluding_a_tables_relation_leaves_its_changes_alone():
    s = select(["--exclude", "acct_current", "some_model"], INPUTS)
    assert s.dbt_args == ["--exclude", "some_model"]
    assert s.changes_to_build(set(), TWINS) == ["orders"]
    s = select(["--select", "+acct_current", "+orders_current", "--exclude", "orders_history"], INPUTS)
    assert s.changes_to_build(set(), TWINS) == ["acct"]
    assert "--exclude" not in s.dbt_args  # nothing left for dbt to exclude


def test_excluding_change_events_leaves_the_shared_views_alone_and_builds_the_tables():
    s = select(["--exclude", "change_events"], INPUTS)
    assert not s.shared and s.dbt_args == [] and s.changes_to_build(set(), TWINS) is None


def test_names_that_only_look_like_a_relation_stay_dbts():
    for other in ("acct_currently", "x_current", "acct_current,tag:a", "path:models/acct_current.sql"):
        s = select(["--select", other], INPUTS)
        assert s.dbt_args == ["--select", other], other
        assert s.changes_to_build(set(), TWINS) == [], other
