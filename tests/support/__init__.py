"""What tests share: fixtures (fixtures.py, loaded by tests/conftest.py), golden tables, builders of test files and
small dbt projects. Test files import from here, never from another test file."""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
DATA = TESTS / "data"
