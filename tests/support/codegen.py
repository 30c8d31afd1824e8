"""What Spark's whole-stage code generation makes of a query, compiled as execution would compile it."""

from __future__ import annotations


def whole_stage_methods(spark, make_df) -> list[int]:
    """The largest method (bytes of bytecode) of each whole-stage codegen stage of make_df()'s plan; -1 where the
    compile fails (javac's 64 KB method limit)."""
    spark.conf.set("spark.sql.adaptive.enabled", "false")  # the stages, not an adaptive plan still to be made
    try:
        plan = make_df()._jdf.queryExecution().executedPlan()
        stages = spark._jvm.org.apache.spark.sql.execution.debug.package.codegenStringSeq(plan)
        return [stages.apply(i)._3().maxMethodCodeSize() for i in range(stages.size())]
    finally:
        spark.conf.unset("spark.sql.adaptive.enabled")
