"""Every dbt .yml of the project reads as dbt reads it, with no key given twice (YAML keeps only the later one,
so dbt silently dropped a model's first `unit_tests:` list), and the row rules are one test per model."""

from __future__ import annotations

import pytest
import yaml
from support import REPO

from udfs.render.markers import replace_section, section_begin, section_end

YMLS = sorted([*REPO.joinpath("models").rglob("*.yml"), *REPO.joinpath("integration_tests").rglob("*.yml")])


class _StrictLoader(yaml.SafeLoader):
    def construct_mapping(self, node, deep=False):
        keys = [self.construct_object(k, deep=deep) for k, _ in node.value]
        twice = sorted({k for k in keys if keys.count(k) > 1}, key=str)
        if twice:
            raise yaml.constructor.ConstructorError(None, None, f"keys given twice: {twice}", node.start_mark)
        return super().construct_mapping(node, deep=deep)


@pytest.mark.parametrize("path", YMLS, ids=[str(p.relative_to(REPO)) for p in YMLS])
def test_no_key_twice(path):
    yaml.load(path.read_text(), Loader=_StrictLoader)


def test_strict_loader_refuses_a_key_twice():
    with pytest.raises(yaml.constructor.ConstructorError, match="unit_tests"):
        yaml.load("version: 2\nunit_tests: []\nunit_tests: []\n", Loader=_StrictLoader)


def test_not_null_and_accepted_values_are_row_rules():
    """Each is a query dbt plans; a model's row rules are one jcat_row_rules test per severity (macros/)."""
    per_column = []
    for path in REPO.joinpath("models").rglob("*.yml"):
        for model in yaml.safe_load(path.read_text()).get("models", []):
            for col in model.get("columns", []):
                for t in col.get("data_tests", []):
                    name = t if isinstance(t, str) else next(iter(t))
                    if name in ("not_null", "accepted_values"):
                        per_column.append(f"{model['name']}.{col['name']}: {name}")
    assert per_column == []


def test_a_section_the_generator_wrote_from_its_old_place_is_replaced(tmp_path):
    path = tmp_path / "m.yml"
    old = section_begin(path, "udfs/old/gen.py") + "\nunit_tests: [old]\n" + section_end(path) + "\n"
    page = "version: 2\n\n" + old
    out = replace_section(path, "udfs/new/gen.py", page, "unit_tests: [new]", moved_from=("udfs/old/gen.py",))
    assert "udfs/old/gen.py" not in out and out.count("unit_tests:") == 1 and "[new]" in out
    assert replace_section(path, "udfs/new/gen.py", out, "unit_tests: [new]", moved_from=("udfs/old/gen.py",)) == out
