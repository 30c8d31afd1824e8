"""One data description entry read: level, name and clauses (PIC, USAGE, SIGN, REDEFINES, OCCURS, VALUE).

Clauses are read as Enterprise COBOL writes them; optional words (IS, TIMES, ON, CHARACTER) may be left out. A
clause jcat does not read is a CopybookProblem naming the line and the clause.
"""

from __future__ import annotations

from dataclasses import dataclass

from .picture import Picture, PictureNotRead, read_picture
from .problems import CopybookProblem
from .source import Sentence

USAGES = {
    "DISPLAY": "display",
    "COMP": "comp",
    "COMPUTATIONAL": "comp",
    "COMP-4": "comp",
    "COMPUTATIONAL-4": "comp",
    "COMP-0": "comp",
    "COMPUTATIONAL-0": "comp",
    "BINARY": "comp",
    "COMP-5": "comp-5",
    "COMPUTATIONAL-5": "comp-5",
    "COMP-3": "comp-3",
    "COMPUTATIONAL-3": "comp-3",
    "PACKED-DECIMAL": "comp-3",
    "COMP-1": "comp-1",
    "COMPUTATIONAL-1": "comp-1",
    "COMP-2": "comp-2",
    "COMPUTATIONAL-2": "comp-2",
}
UNREAD_USAGES = (
    "POINTER",
    "POINTER-32",
    "PROCEDURE-POINTER",
    "FUNCTION-POINTER",
    "INDEX",
    "NATIONAL",
    "OBJECT",
    "COMP-X",
    "COMP-6",
    "COMP-9",
    "COMP-3U",
    "DISPLAY-1",
    "UTF-8",
)
IGNORED = {"JUSTIFIED": 1, "JUST": 1, "GLOBAL": 0, "EXTERNAL": 0}  # no effect on the bytes: word, then RIGHT
SKIPPED_LEVELS = (88,)  # condition names: values of the field above, no bytes


@dataclass
class Entry:
    level: int
    name: str  # as written (FILLER for a filler or an entry without a name)
    line: int
    picture: Picture | None = None
    usage: str | None = None  # None: inherited from the group, else display
    sign: str | None = None  # 'leading' / 'trailing' [' separate']
    redefines: str | None = None
    occurs: tuple[int, int] | None = None  # (min, max)
    depending_on: str | None = None

    @property
    def filler(self) -> bool:
        return self.name.upper() == "FILLER"


def read_entry(sentence: Sentence, source: str) -> Entry | None:
    """The entry, or None for one that describes no bytes (88 condition names)."""
    words = list(sentence.tokens)
    line = sentence.line
    if not words[0].isdigit():
        raise CopybookProblem(source, line, f"'{words[0]}'", "a data description entry starts with its level number")
    level = int(words[0])
    if level in SKIPPED_LEVELS:
        return None
    if level == 66:
        raise CopybookProblem(source, line, "level 66 RENAMES", "not read by jcat: remove the RENAMES entry")
    if level == 77 or not 1 <= level <= 49:
        raise CopybookProblem(source, line, f"level {level}", "jcat reads levels 01 to 49: make it a field of a record")
    rest = words[1:]
    name = "FILLER"
    if rest and rest[0].upper() not in _CLAUSE_WORDS | set(USAGES) and not rest[0].startswith(("'", '"')):
        name, rest = rest[0], rest[1:]
    entry = Entry(level, name, line)
    _clauses(entry, rest, source)
    return entry


def _clauses(entry: Entry, words: list[str], source: str) -> None:
    i = 0
    while i < len(words):
        word = words[i].upper()
        handler = _HANDLERS.get(word)
        if handler is None and (word in USAGES or word in UNREAD_USAGES):
            handler = _bare_usage
        if handler is None and word.isdigit():  # the next entry's level: this one lacks its period
            raise CopybookProblem(
                source, entry.line, "entry without a final period", f"end the entry with a period (before level {word})"
            )
        if handler is None:
            raise CopybookProblem(
                source,
                entry.line,
                f"clause {words[i]}",
                "not read by jcat: remove it from a copy of the copybook if it does not change the record's bytes",
            )
        i = handler(entry, words, i, source)


def _optional(words: list[str], i: int, *optional: str) -> int:
    while i < len(words) and words[i].upper() in optional:
        i += 1
    return i


def _need(words: list[str], i: int, source: str, entry: Entry, what: str) -> str:
    if i >= len(words):
        raise CopybookProblem(source, entry.line, what, "the clause ends before its value: complete it")
    return words[i]


def _pic(entry, words, i, source):
    i = _optional(words, i + 1, "IS")
    text = _need(words, i, source, entry, "PIC")
    try:
        entry.picture = read_picture(text)
    except PictureNotRead as e:
        raise CopybookProblem(source, entry.line, e.construct, e.todo) from None
    return i + 1


def _usage(entry, words, i, source):
    i = _optional(words, i + 1, "IS")
    return _bare_usage(entry, words, i, source)


def _bare_usage(entry, words, i, source):
    word = _need(words, i, source, entry, "USAGE").upper()
    if word not in USAGES:
        what = "not read by jcat" if word in UNREAD_USAGES else "not a USAGE COBOL has"
        raise CopybookProblem(source, entry.line, f"USAGE {word}", f"{what}: describe the field as PIC X(n)")
    entry.usage = USAGES[word]
    return i + 1


def _sign(entry, words, i, source):
    i = _optional(words, i + 1, "IS") if words[i].upper() == "SIGN" else i
    where = _need(words, i, source, entry, "SIGN").upper()
    if where not in ("LEADING", "TRAILING"):
        raise CopybookProblem(source, entry.line, f"SIGN {where}", "write SIGN LEADING or SIGN TRAILING [SEPARATE]")
    i += 1
    if i < len(words) and words[i].upper() == "SEPARATE":
        entry.sign = f"{where.lower()} separate"
        return _optional(words, i + 1, "CHARACTER")
    entry.sign = where.lower()
    return i


def _redefines(entry, words, i, source):
    entry.redefines = _need(words, i + 1, source, entry, "REDEFINES")
    return i + 2


def _occurs(entry, words, i, source):
    first = _need(words, i + 1, source, entry, "OCCURS")
    if not first.isdigit():
        raise CopybookProblem(source, entry.line, f"OCCURS {first}", "give the number of times: OCCURS n [TIMES]")
    i += 2
    low = high = int(first)
    ranged = i < len(words) and words[i].upper() == "TO"
    if ranged:
        high_text = _need(words, i + 1, source, entry, "OCCURS ... TO")
        if not high_text.isdigit():
            raise CopybookProblem(source, entry.line, f"OCCURS {first} TO {high_text}", "give the most times: a number")
        high, i = int(high_text), i + 2
    i = _optional(words, i, "TIMES")
    if i < len(words) and words[i].upper() == "DEPENDING":
        i = _optional(words, i + 1, "ON")
        entry.depending_on = _need(words, i, source, entry, "DEPENDING ON")
        i += 1
        if not ranged:  # OCCURS n DEPENDING ON (no TO): 0 to n, as Cobrix reads it (its test 1)
            low = 0
    entry.occurs = (low, high)
    return _keys_and_indexes(entry, words, i, source)


def _keys_and_indexes(entry, words, i, source):
    """ASCENDING/DESCENDING KEY IS names and INDEXED BY names: how a program searches the table, no bytes."""
    while i < len(words) and words[i].upper() in ("ASCENDING", "DESCENDING", "INDEXED"):
        i = _optional(words, i + 1, "KEY", "IS", "BY")
        while i < len(words) and words[i].upper() not in _CLAUSE_WORDS and words[i].upper() not in USAGES:
            i += 1
    return i


def _value(entry, words, i, source):
    """VALUE [IS] literal: the program's initial value, not the record's bytes: skipped."""
    i = _optional(words, i + 1, "IS", "ARE")
    _need(words, i, source, entry, "VALUE")
    i += 1
    while i < len(words) and words[i].upper() in ("THRU", "THROUGH"):
        i += 2
    return i


def _ignored(entry, words, i, source):
    return _optional(words, i + 1, "RIGHT") if IGNORED[words[i].upper()] else i + 1


def _blank(entry, words, i, source):
    """BLANK WHEN ZERO: a zero is written as blanks; the per-field functions read blanks as no value."""
    return _optional(words, i + 1, "WHEN", "ZERO", "ZEROS", "ZEROES")


def _sync(entry, words, i, source):
    raise CopybookProblem(
        source,
        entry.line,
        f"clause {words[i]}",
        "not read by jcat (it inserts slack bytes): "
        "write the slack bytes as FILLER in a copy of the copybook and remove SYNC",
    )


_HANDLERS = {
    "PIC": _pic,
    "PICTURE": _pic,
    "USAGE": _usage,
    "SIGN": _sign,
    "LEADING": _sign,
    "TRAILING": _sign,
    "REDEFINES": _redefines,
    "OCCURS": _occurs,
    "VALUE": _value,
    "VALUES": _value,
    "JUSTIFIED": _ignored,
    "JUST": _ignored,
    "GLOBAL": _ignored,
    "EXTERNAL": _ignored,
    "BLANK": _blank,
    "SYNC": _sync,
    "SYNCHRONIZED": _sync,
}
_CLAUSE_WORDS = set(_HANDLERS) | {"IS"}
