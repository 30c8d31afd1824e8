"""CA IDMS tests' helpers (no tests here): raw records landed and a dbt project of the IDMS models (project.py),
journal images of a copybook-declared table (images.py), random journals and their oracle (workload.py,
oracle.py), the replay contract's adapter (replay.py) and the dbt unit tests (unit.py)."""
