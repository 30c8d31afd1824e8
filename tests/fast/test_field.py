"""The one field type: built with keywords only, its position given as the manual prints it."""

from __future__ import annotations

import dataclasses

import pytest

from udfs.core.kinds import Field


def test_a_0_based_offset_is_kept_as_the_1_based_position():
    f = Field(offset=104, name="CHANGETYPE", length=2, kind="char")
    assert (f.pos, f.offset, f.end) == (105, 104, 107)


def test_a_1_based_position_is_kept_as_printed():
    f = Field(pos=610, length=1, fmt="Char(1)", name="ENTRY_TYPE", kind="char", column="ENTRY_TYPE")
    assert (f.pos, f.offset, f.length, f.fmt, f.column) == (610, 609, 1, "Char(1)", "ENTRY_TYPE")


@pytest.mark.parametrize("where", [{}, {"pos": 1, "offset": 0}])
def test_the_position_is_given_exactly_once(where):
    with pytest.raises(TypeError, match="give pos"):
        Field(name="X", length=1, kind="char", **where)


def test_positional_arguments_are_refused():
    with pytest.raises(TypeError):
        Field("X", 1, 1, "char")  # the argument orders of the manuals differ: keywords say which is which


def test_values_are_a_tuple_and_replace_keeps_the_rest():
    f = Field(name="AUTH", pos=21, length=1, kind="char", values=["Y"])
    g = dataclasses.replace(f, pos=22)
    assert f.values == ("Y",) and (g.pos, g.name, g.values) == (22, "AUTH", ("Y",)) and f != g
