"""IBM i journal tests' helpers (no tests here): the IBM tables and an encoder of M7 and *TYPE5 entries written from
them (entries.py), the M7 entry's codes, columns and byte-mutation records (m7.py), record-buffer values and images
(encoders.py, images.py), ESD layouts from seed 001 (esd_seed.py, esd_mapping.py), the logical workload, its journal
files and snapshot (workload.py, journal_files.py, snapshot.py), the replay contract's adapter (replay.py) and the
dbt unit tests (unit.py, esd_unit.py)."""
