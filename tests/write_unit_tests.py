"""Writes the dbt unit tests whose expected values come from the tests' own encoders (tests/support/unit_tests.py
names them): `python tests/write_unit_tests.py`; with `--check`, names each file that differs and writes nothing.
Python puts this folder (tests/) on sys.path, where `support` is."""

import sys

from support.unit_tests import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
