"""The dbt unit tests whose expected values come from the tests' own encoders, never from the declaration under
test: which module writes each file, the marker the files begin with, and whether they are current (no tests here).

`python tests/write_unit_tests.py` writes them (`--check`: names each file that differs, writes nothing), not
`jcat generate`: the generator ships in the wheel, without tests/. Their marker says WRITTEN, not GENERATED, so
`jcat generate --check` takes them for files of its own no more than for hand-written ones.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from support import REPO
from udfs.render.markers import comment

SCRIPT = "tests/write_unit_tests.py"
WRITERS: dict[str, str] = {
    "lldf_unit": "support.lldf.unit:rendered_files",  # unit tests of the LLDF models
    "ibmi_unit": "support.ibmi.unit:rendered_files",  # unit tests of audit_journal_m7 and journal_entries
    "idms_unit": "support.idms.unit:rendered_files",  # unit tests of idms_journal from seed 004's REC lines
    "ibmi_esd_unit": "support.ibmi.esd_unit:generated_files",  # unit tests of the ESD models, from seed 001's tables
    "ibmsnap_unit": "support.ibmsnap.unit:rendered_files",  # unit tests of the IBMSNAP record models, from the DDL
}


def marker(path, source: str) -> str:
    """The first line of a file the script writes (no newline)."""
    return comment(path, f"WRITTEN by {SCRIPT} from {source}: do not edit; change {source} and run `python {SCRIPT}`.")


def with_marker(path, source: str, text: str) -> str:
    return marker(path, source) + "\n" + text


def files() -> dict[Path, str]:
    """{path: text} over every writer; a path two writers claim is an error."""
    out: dict[Path, str] = {}
    for name, writer in WRITERS.items():
        module, fn = writer.split(":")
        for path, text in getattr(importlib.import_module(module), fn)().items():
            path = Path(path).resolve()
            if path in out:
                raise ValueError(f"{path} is written by two writers (the second: {name})")
            out[path] = text
    return out


def problems() -> list[str]:
    """One line per file that is missing or differs from what its writer gives."""
    out = []
    for path, text in files().items():
        if not path.exists():
            out.append(f"missing: {_rel(path)}")
        elif path.read_text() != text:
            out.append(f"differs: {_rel(path)}")
    return out


def write() -> list[Path]:
    written = []
    for path, text in files().items():
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            written.append(path)
    return written


def main(args: list[str]) -> int:
    if args not in ([], ["--check"]):
        print(f"usage: python {SCRIPT} [--check]")
        return 2
    if args:
        found = problems()
        for line in found:
            print(line)
        if found:
            print(f"{SCRIPT} --check: {len(found)} file(s) out of date; run `python {SCRIPT}`")
            return 1
        print(f"{SCRIPT} --check: {len(files())} files up to date")
        return 0
    for path in write():
        print(f"wrote {_rel(path)}")
    return 0


def _rel(path: Path) -> str:
    return str(path.relative_to(REPO))
