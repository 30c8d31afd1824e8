"""IBM SQL Replication (IBMSNAP) tests' helpers (no tests here): the tests' own unload encoder (unload.py), workloads
of a CD table and its UOW table with the changes they must give (workload.py), the replay contract's adapter
(replay.py) and the dbt unit tests (unit.py)."""
