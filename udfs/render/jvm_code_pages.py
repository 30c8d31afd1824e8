"""The JVM engine's code pages (udfs/spark/java/jcat/kernels/CodePages.java), as a `jcat generate` target: each
supported CCSID's 256 characters from the same table the Arrow kernels use (`udfs.core.kernels.ebcdic`), so the two
engines cannot disagree on a character and no table is restated by hand."""

from __future__ import annotations

from pathlib import Path

from ..core.kernels.ebcdic import DEFAULT_CCSID, SUPPORTED_CCSIDS, decode_table
from ..core.kernels.unicode import UNICODE_CCSIDS
from ..core.project import source_root
from .markers import marker

PATH = "udfs/spark/java/jcat/kernels/CodePages.java"


def _table(ccsid: int) -> list[str]:
    points = [ord(ch) for ch in decode_table(ccsid)]
    rows = [", ".join(f"0x{p:04X}" for p in points[i : i + 12]) for i in range(0, 256, 12)]
    return [f"    {{ // CCSID {ccsid}"] + [f"      {r}," for r in rows] + ["    },"]


def _unicode(encoding: str) -> str:
    return ", ".join(str(c) for c, e in sorted(UNICODE_CCSIDS.items()) if e == encoding)


def code_pages_java() -> str:
    lines = [
        marker(PATH, "udfs/core/kernels/ebcdic.py"),
        "package jcat.kernels;",
        "",
        "/** Each supported single-byte EBCDIC CCSID's characters, indexed by byte value. */",
        "final class CodePages {",
        "  private CodePages() {}",
        "",
        f"  static final int DEFAULT_CCSID = {DEFAULT_CCSID};",
        "",
        "  static final int[] CCSIDS = {" + ", ".join(str(c) for c in SUPPORTED_CCSIDS) + "};",
        "",
        "  /** The Unicode CCSIDs text functions also read: UTF-8, and UTF-16BE. */",
        f"  static final int[] UTF8_CCSIDS = {{{_unicode('utf-8')}}};",
        f"  static final int[] UTF16_CCSIDS = {{{_unicode('utf-16-be')}}};",
        "",
        "  /** CHARS[k][b]: the code point byte b decodes to in CCSIDS[k]. */",
        "  static final char[][] CHARS = {",
    ]
    for c in SUPPORTED_CCSIDS:
        lines += _table(c)
    lines += ["  };", "}", ""]
    return "\n".join(lines)


def generated_files() -> dict[Path, str]:
    return {source_root() / PATH: code_pages_java()}
