"""One macro says when a field must have decoded (macros/jcat_must_decode.sql); the layouts' "present" macros are
its arguments. Each form is rendered here with Jinja and compared with the condition written out by hand."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

ROOT = Path(__file__).resolve().parents[2]


class Returned(Exception):
    def __init__(self, value):
        self.value = value


def _return(value):  # dbt's return(): the macro's value
    raise Returned(value)


def must_decode(*args, **kwargs) -> str:
    env = jinja2.Environment(extensions=["jinja2.ext.do"])
    module = env.from_string((ROOT / "macros" / "jcat_must_decode.sql").read_text(), globals={"return": _return}).module
    with pytest.raises(Returned) as got:
        module.jcat_must_decode(*args, **kwargs)
    return got.value.value


@pytest.mark.parametrize(
    "args, kwargs, expected",
    [
        # IBM i text, digits, timestamps: the record holds the field and it is not all blanks
        (("record", 55, 3), {}, "(length(record) >= 57 and substr(record, 55, 3) <> X'404040')"),
        # IDMS: the record's type carries it, the record holds it, not all X'00' and not all blanks
        (
            ("record", 25, 2, ["00", "40"]),
            {"when": "TYPE_OK"},
            "(TYPE_OK and length(record) >= 26 and substr(record, 25, 2) not in (X'0000', X'4040'))",
        ),
        # ESD text: its first byte is in the ESD, and it is cut short or not blank
        (
            ("esd", 3, 2, ["40"], "start"),
            {},
            "(length(esd) >= 3 and (length(esd) < 4 or (length(esd) >= 4 and substr(esd, 3, 2) <> X'4040')))",
        ),
        (("esd", 3, 2, [], "start"), {}, "length(esd) >= 3"),  # ESD zoned, packed: always once it starts
        (("esd", 3, 2, None, "start"), {}, "(length(esd) >= 3 and length(esd) < 4)"),  # binary: only when cut short
        # IBMSNAP: a nullable column unless its indicator is a NULL marker; a NOT NULL column always
        (("record", 9, 1, ["FF", "6F"], "any"), {}, "coalesce(substr(record, 9, 1) not in (X'FF', X'6F'), true)"),
        (("record", 9, 1, [], "any"), {}, "true"),
    ],
)
def test_must_decode_renders_each_layouts_condition_as_written_out_by_hand(args, kwargs, expected):
    assert must_decode(*args, **kwargs) == expected


@pytest.mark.parametrize(
    "macro, call",
    [
        ("jcat_ibmi_present.sql", "jcat_must_decode(col, pos, len, ['40'])"),
        ("jcat_idms_field.sql", "jcat_must_decode(col, pos, len, ['00', '40'], when="),
        ("jcat_ibmi_esd_field.sql", "jcat_must_decode(col, pos, len, fills, 'start')"),
        ("ibmsnap/jcat_ibmsnap_present.sql", "['FF', '6F'], 'any')"),
    ],
)
def test_every_present_macro_is_the_one_macro(macro, call):
    assert call in (ROOT / "macros" / macro).read_text()
