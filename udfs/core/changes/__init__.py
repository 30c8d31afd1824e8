"""Committed changes of a declared table, and its current state and history, from its row images.

No Spark, no dbt, no rendering: kernels over pandas frames of whole batches. `frame` names the columns every
log's commit resolution gives and every later step (current state, history) takes; `state` turns valued changes
(the frame with the row images as BEFORE_<c>/AFTER_<c> columns) into the current state and SCD type 2 history.
"""
