"""`jcat demo` for the throwaway zzdemo layout: one file of made-up records."""

from __future__ import annotations

from pathlib import Path

from ..core.layouts import encode_record, zzdemo

SHOWS = "Made-up zzdemo records"
LAYOUTS = ["zzdemo"]
MODELS = "zzdemo_rows"
QUERIES = [("the records", "select CODE, AMOUNT, COUNT from jcat.zzdemo_rows order by record_number")]


def generate(workdir: Path) -> dict[str, list[Path]]:
    workdir.mkdir(parents=True, exist_ok=True)
    path = workdir / "zzdemo.bin"
    rows = [{"CODE": f"C{i:03d}", "AMOUNT": i * 7, "COUNT": i} for i in range(5)]
    path.write_bytes(b"".join(encode_record(zzdemo.FIELDS, r, zzdemo.RECORD_LENGTH) for r in rows))
    return {"zzdemo": [path]}
