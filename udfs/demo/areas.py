"""The areas `jcat demo` shows: one module of udfs.demo each (its sample generator), and what it shows. Plain data,
so `jcat demo --area`'s choices come from here without importing Spark."""

AREAS = {  # module in udfs.demo -> what it shows
    "ibmi": "IBM i audit journal M7 and journal entries",
    "lldf": "Db2 for z/OS changes from BMC Log Master (LLDF)",
    "idms": "CA IDMS journal",
    "ibmsnap": "IBM SQL Replication control and CD tables",
}
