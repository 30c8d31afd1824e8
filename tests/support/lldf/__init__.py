"""Db2 for z/OS LLDF tests' helpers (no tests here): a dbt project of the LLDF models and seed 002's fields
(project.py), row images and UNLOAD records (images.py, unload.py), the logical workload and its Log Master files
(workload.py, log_files.py), the replay contract's adapter (replay.py) and the dbt unit tests (unit.py)."""
