"""A DDL file's text -> its statements, cut at each ';', each sorted by kind: what jcat reads (CREATE TABLE,
ALTER TABLE, CREATE INDEX, LABEL ON / COMMENT ON), what it skips (authority, transaction, session, storage objects),
and anything else, refused with its line."""

from __future__ import annotations

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from .dialect import Db2, Seen, word
from .model import DdlProblem


def _statements(text: str, where: str) -> list[list[Token]]:
    """sqlglot's tokens cut at each ';'. LIB/T (system naming) is LIB.T: a slash written tight between two names."""
    try:
        toks = Db2().tokenize(text)
    except TokenError as e:
        raise DdlProblem(f"{where}:1: {e} — correct the text") from None
    out = [[]]
    for i, t in enumerate(toks):
        if t.token_type == TokenType.SEMICOLON:
            out.append([])
            continue
        tight = 0 < i < len(toks) - 1 and toks[i - 1].end + 1 == t.start == toks[i + 1].start - 1
        if t.token_type == TokenType.SLASH and tight:
            t = Token(TokenType.DOT, ".", t.line, t.col, t.start, t.end)
        out[-1].append(t)
    return [s for s in out if s]


# Statements that change nothing in the row: authority, transaction, the session's path/SQLID, storage objects.
_IGNORED = (
    ("GRANT",),
    ("REVOKE",),
    ("COMMIT",),
    ("SET",),
    ("CREATE", "DATABASE"),
    ("CREATE", "TABLESPACE"),
    ("CREATE", "LOB", "TABLESPACE"),
)
_READ = {
    ("CREATE", "TABLE"): "table",
    ("CREATE", "OR", "REPLACE", "TABLE"): "table",
    ("ALTER", "TABLE"): "alter",
    ("LABEL", "ON"): "texts",
    ("COMMENT", "ON"): "texts",
    **{("CREATE", w): "index" for w in ("UNIQUE", "INDEX", "TYPE", "WHERE", "ENCODED")},
}


def _kind(toks: list[Token], where: str, seen: Seen) -> str:
    words = tuple(word(t) for t in toks[:4])
    for start, kind in _READ.items():
        if words[: len(start)] == start:
            return kind
    if any(words[: len(start)] == start for start in _IGNORED):
        if words[:3] == ("SET", "CURRENT", "SQLID"):
            seen.mark("db2z", "SET CURRENT SQLID", toks[0].line)
        return "ignored"
    raise DdlProblem(
        f"{where}:{toks[0].line}: '{' '.join(words[:3])} ...' is not a statement jcat reads — remove it from the file"
    )


def read_statements(text: str, where: str) -> tuple[dict, Seen]:
    """The file's statements jcat reads, by kind, each with its first line; the dialect's marks."""
    p = Db2().parser()
    p.where, p.seen = where, Seen()
    read = {"table": [], "index": [], "alter": [], "texts": []}
    for toks in _statements(text, where):
        kind = _kind(toks, where, p.seen)
        if kind in read:
            read[kind].append((p.parse_one_statement(toks, text), toks[0].line))
    if not read["table"]:
        raise DdlProblem(f"{where}:1: no CREATE TABLE in the file — give the DDL that creates the table")
    return read, p.seen
