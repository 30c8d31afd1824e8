"""The registry of logs (udfs/core/tables/logs.py) is the one list: every place that differs by log has exactly its
logs, each log's options read back what they write, and a user's unknown log gets one line naming the real ones."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from udfs.core.tables import logs
from udfs.core.tables.declaration import CHANGE_RELATION_SUFFIXES, DeclarationProblem, DeclaredTable, check_log
from udfs.core.tables.logs import CHANGE_LOGS, LOGS, SNAPSHOT_LOGS

LOG_NAMES = sorted(LOGS)
# One options value per log that is not its type's default, so a key dropped between writing and reading shows.
OPTIONS = {
    "ibmi": lambda o: o("APPLIB", "ORDERS", "M1", 273, "*EUR", None, "*HMS", "."),
    "lldf": lambda o: o("PAYROLL", "EMP", 500, "ieee"),
    "ibmsnap": lambda o: o("X", True, "os390/char10", "trailing", 500),
    "file": lambda o: o("REC-B", "vb", 500, "ieee", "both"),
    "idms": lambda o: o(1234, "EMPLOYEE", 500, "ieee", "left"),
}


def test_every_log_has_a_sample_of_its_options_here():
    assert sorted(OPTIONS) == LOG_NAMES


@pytest.mark.parametrize("name", LOG_NAMES)
def test_a_logs_options_read_back_what_they_write(name):
    options_type = LOGS[name].options
    written = OPTIONS[name](options_type)
    assert options_type.from_yaml(Path("t.yml"), written.to_yaml()) == written


@pytest.mark.parametrize("name", LOG_NAMES)
def test_a_logs_images_are_laid_out_by_a_core_module_with_image_columns(name):
    reader = LOGS[name].image_reader()
    assert reader.__name__.startswith("udfs.core.tables.")
    assert callable(reader.image_columns)


def test_the_logs_with_changes_have_a_change_adapter_with_every_function_the_protocol_names():
    from udfs.spark.changes.adapters import ADAPTERS, ChangeAdapter

    assert sorted(ADAPTERS) == sorted(CHANGE_LOGS)
    wanted = {n for n, f in vars(ChangeAdapter).items() if inspect.isfunction(f) and not n.startswith("_")}
    assert len(wanted) == 11
    for name, adapter in ADAPTERS.items():
        missing = sorted(n for n in wanted if not callable(getattr(adapter, n, None)))
        assert not missing, f"{name}'s change adapter lacks {missing}"


def test_every_log_has_a_renderer_and_a_layout_function_builder():
    from udfs.render.table_models import RENDERERS
    from udfs.spark.declared_functions import BUILDERS

    assert sorted(RENDERERS) == LOG_NAMES
    assert sorted(BUILDERS) == LOG_NAMES


def test_the_registry_says_which_logs_have_changes_and_snapshots():
    assert set(CHANGE_LOGS) == {"ibmi", "lldf", "ibmsnap", "idms"}
    assert set(SNAPSHOT_LOGS) == set(CHANGE_LOGS)  # a table can start from a snapshot exactly when it has changes


@pytest.mark.parametrize("name", LOG_NAMES)
def test_a_tables_relations_have_changes_exactly_when_its_log_does(name):
    log = LOGS[name]
    table = DeclaredTable("orders", name, None, "orders.x", ("K",))
    changes = {f"orders{s}" for s in CHANGE_RELATION_SUFFIXES}
    assert (changes <= set(table.relations)) is log.changes
    assert table.view == "orders" + log.view_suffix and table.relations[:2] == (table.view, table.twin)


def test_an_unknown_log_is_one_line_naming_every_log():
    with pytest.raises(DeclarationProblem) as e:
        check_log("db2")
    assert "\n" not in str(e.value)
    assert all(name in str(e.value) for name in LOGS)


def test_jcat_tables_add_names_every_log_in_its_help(capsys):
    from udfs.cli import main

    with pytest.raises(SystemExit):
        main(["tables", "add", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert all(name in help_text.split("--log LOG")[-1].split("--ddl")[0] for name in LOGS)


def test_the_registry_imports_nothing_but_the_options():
    source = inspect.getsource(logs)
    imports = [ln for ln in source.splitlines() if ln.startswith(("from ", "import "))]
    assert imports == [
        "from __future__ import annotations",
        "import importlib",
        "from dataclasses import dataclass",
        "from .options import DeclarationProblem, FileOptions, IbmiOptions, IbmsnapOptions, IdmsOptions, LldfOptions",
    ]
