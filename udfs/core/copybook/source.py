"""A copybook's text as COBOL sentences: the data division's entries, each with the line it starts on.

Fixed format, as copybooks come off the mainframe: columns 1-6 are a sequence area, column 7 the indicator ('*' or
'/' a comment line, '-' a continuation), columns 8-72 the code and 73-80 an identification area. Like Cobrix, a
line is read from column 7 to column 72; a line whose text starts in column 1 (no sequence area: copybooks written
by hand) is read whole when its first six columns are not blank and are not digits.
"""

from __future__ import annotations

from dataclasses import dataclass

from .problems import CopybookProblem

CODE_FROM, CODE_TO = 6, 72  # 0-based start of column 7, end of column 72


@dataclass(frozen=True)
class Sentence:
    line: int  # 1-based line of the copybook where the entry starts
    tokens: tuple[str, ...]  # words and quoted literals, in order (the final period removed)


def code_area(raw: str) -> tuple[str, str]:
    """(indicator, code) of one line: the indicator column and the code columns after it."""
    text = raw.rstrip("\r\n").expandtabs(8)
    head = text[:CODE_FROM]
    if head.strip() and not head.strip().isdigit():  # free form: no sequence area
        text = " " * CODE_FROM + " " + text if not text.lstrip().startswith("*") else " " * CODE_FROM + "*"
    indicator = text[CODE_FROM : CODE_FROM + 1]
    return indicator, text[CODE_FROM + 1 : CODE_TO]


def sentences(text: str, source: str) -> list[Sentence]:
    """The entries of the copybook, each ended by a period followed by a blank or the end of its line."""
    out: list[Sentence] = []
    tokens: list[str] = []
    start = 0
    for number, raw in enumerate(text.replace("\x1a", " ").splitlines(), start=1):  # X'1A': a DOS end of file
        indicator, code = code_area(raw)
        if indicator in ("*", "/"):
            continue
        if indicator == "-":
            raise CopybookProblem(source, number, "continuation line", "join the continued literal onto one line")
        for token, ends in _words(code, source, number):
            if not tokens:
                start = number
            if token:
                tokens.append(token)
            if ends:
                if tokens:
                    out.append(Sentence(start, tuple(tokens)))
                tokens = []
    if tokens:
        raise CopybookProblem(source, start, "entry without a final period", "end the entry with a period")
    return out


def _words(code: str, source: str, line: int):
    """(word, ends the sentence) for each word of a line's code area; a period ends a sentence when a blank or the
    end of the line follows it (a period inside a picture such as 9(4).99 does not)."""
    i, n = 0, len(code)
    while i < n:
        if code[i].isspace():
            i += 1
            continue
        if code[i] in "'\"":
            end = code.find(code[i], i + 1)
            if end < 0:
                raise CopybookProblem(source, line, "literal not closed on its line", "close the quote on the line")
            word, i = code[i : end + 1], end + 1
        else:
            j = i
            while j < n and not code[j].isspace():
                j += 1
            word, i = code[i:j], j
        ends = word.endswith(".") and not word.startswith(("'", '"'))
        if ends:
            word = word[:-1]
        elif word[-1:] in "'\"" and i < n and code[i] == ".":  # 'LIT'. : the period after a literal
            i, ends = i + 1, True
        yield word, ends
