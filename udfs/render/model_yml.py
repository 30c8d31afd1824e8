"""A model's whole .yml, from the columns a declaration describes and a hand-written part beside the model's logic.

The hand-written part, udfs/render/handwritten/<model>.yml (outside dbt's model-paths, so dbt parses only the result),
holds what no declaration knows: the model's description, config, data_tests, unit tests written by hand, and the
columns its own logic computes. Its `columns:` list takes three forms of entry:

- `{columns: <group>}`: every column of a group the renderer gives (a layout's decoded fields, or an upstream
  model's resolved columns), descriptions included;
- `{name: X}` without a description: X's description from those groups (column tests may be added);
- `{name: X, description: ...}`: a column of the model's own logic (a column a model computes may share a field's
  name and mean something else). Repeating a group's description word for word is an error, and so is listing a
  column twice (named and in an expanded group): a description lives in one place.
"""

from __future__ import annotations

from pathlib import Path

from .markers import marker

Columns = list[dict]  # [{"name": ..., "description": ..., optional "data_tests": [...]}]


def dump(doc: dict) -> str:
    """YAML as dbt reads it; text of several lines (SQL fixtures) as literal blocks, as a person writes them."""
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper, value: str):
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return yaml.dump(doc, Dumper=Dumper, sort_keys=False, width=118, allow_unicode=True)


def load(path: Path) -> dict:
    import yaml

    return yaml.safe_load(path.read_text())


def resolve_columns(model: str, entries: list[dict], groups: dict[str, Columns], declared: set[str]) -> Columns:
    """The model's columns: groups expanded, undescribed names described from the groups (a declaration's groups,
    named in `declared`, first)."""
    known: dict[str, dict] = {}
    for name in sorted(groups, key=lambda g: g not in declared):  # a declaration's description first
        for c in groups[name]:
            known.setdefault(c["name"], c)
    out: list[dict] = []
    for e in entries:
        if "columns" in e:
            out += [dict(c) for c in groups[e["columns"]]]
            continue
        name = e["name"]
        if "description" in e:
            if name in known and known[name]["description"] == e["description"]:
                raise ValueError(
                    f"{model}.{name}: repeats the description a declaration or an upstream model "
                    "gives; give the name only"
                )
            out.append(dict(e))
            continue
        have = next((c for c in out if c["name"] == name), None)
        if have is None:
            if name not in known:
                raise ValueError(f"{model}.{name}: no description, and no declaration or upstream model gives one")
            have = dict(known[name])
            out.append(have)
        have.update({k: v for k, v in e.items() if k != "name"})
    names = [c["name"] for c in out]
    dups = sorted({n for n in names if names.count(n) > 1})
    if dups:
        raise ValueError(f"{model}: columns listed twice: {dups}")
    return out


def render(source: str, logic_file: Path, groups: dict[str, Columns], declared: set[str]) -> tuple[str, Columns]:
    """(the whole .yml text, the model's resolved columns) for the hand-written part `logic_file`."""
    part = load(logic_file)
    model = {"name": logic_file.stem}
    for key in ("description", "config", "data_tests"):
        if key in part:
            model[key] = part[key]
    columns = resolve_columns(logic_file.stem, part.get("columns", []), groups, declared)
    if columns:
        model["columns"] = columns
    doc: dict = {"version": 2, "models": [model]}
    if part.get("unit_tests"):
        doc["unit_tests"] = part["unit_tests"]
    unknown = set(part) - {"description", "config", "data_tests", "columns", "unit_tests"}
    if unknown:
        raise ValueError(f"{logic_file}: unknown keys {sorted(unknown)}")
    head = marker(".yml", source) + f"\n# The hand-written part: udfs/render/handwritten/{logic_file.name}.\n"
    return head + dump(doc), columns
