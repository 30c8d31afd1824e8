"""Sample records built with the encoders, for tests, the demo and the benchmark, one module per format: M7 audit
journal records (m7) and IBM i journal entry-specific data (ibmi_esd). IBM SQL Replication's sample values stay
with its layouts (udfs/core/layouts/ibmsnap.py, `sample_values`)."""
