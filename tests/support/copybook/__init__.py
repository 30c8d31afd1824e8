"""Copybook tests' helpers (no tests here): the tests' own COBOL field encoders and readers (cobol_fields.py), a
copybook and its records (records.py), and Cobrix's own tests to hold jcat against (cobrix_suite.py, cobrix_test6.py,
cobrix_layout.py)."""
