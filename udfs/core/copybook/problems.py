"""What a copybook jcat cannot read says, in one line naming the copybook's line and the construct."""

from __future__ import annotations


class CopybookProblem(ValueError):
    """`{source}:{line}: {construct}: {what to do}`: one line."""

    def __init__(self, source: str, line: int, construct: str, todo: str):
        self.source, self.line, self.construct, self.todo = source, line, construct, todo
        super().__init__(f"{source}:{line}: {construct}: {todo}")
