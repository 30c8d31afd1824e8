"""What tests share: fixtures (fixtures.py, loaded by tests/conftest.py), golden tables, builders of test files and
small dbt projects. Test files import from here, never from another test file.

Helpers of one log or format live in its package (ibmi/, lldf/, ibmsnap/, idms/, copybook/); what several share
stays here (fixtures, golden rows, landing framings, change shapes and streams, the SCD2 oracle, the fuzz harness,
the source tables, declared projects, views, the standalone cluster)."""

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
DATA = TESTS / "data"
