"""`jcat demo` (runner) and the sample generators it lands, one module per area: ibmi, lldf, idms, ibmsnap."""
