"""`jcat info`: what a session of this command line would run with (master, metastore, warehouse, versions),
and where each setting came from; it starts nothing."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..spark.runtime import RuntimeProblem
from .registry import arguments, command


@arguments("info")
def add_parser(sub) -> None:
    sub.add_parser(
        "info",
        help="the effective Spark master, metastore, warehouse and versions, and where each "
        "setting came from (starts nothing)",
    )


@command("info")
def cmd_info(args) -> int:
    """What a session of this command line would run with, and where each setting came from."""
    import platform

    from .. import __version__
    from ..spark.runtime import jcat_home, project_dir, resolve_settings, spark_conf_dir

    settings = resolve_settings(args.master, start_service=False)
    import pyspark

    def show(label: str, key: str):
        s = settings.get(key)
        print(f"{label:<11}{s.value if s else '(Spark default)'}" + (f"    [{s.origin}]" if s else ""))

    print(f"jcat       {__version__} ({Path(__file__).resolve().parent.parent})")
    print(f"pyspark    {pyspark.__version__}")
    print(f"python     {platform.python_version()} ({sys.executable})")
    print(f"java       {_java_version()}")
    try:
        import importlib.metadata as md

        print(f"dbt        dbt-core {md.version('dbt-core')}, dbt-spark {md.version('dbt-spark')}")
    except Exception:  # noqa: BLE001
        print("dbt        (not installed)")
    print(
        f"home       {jcat_home()}    "
        f"[{'environment (JCAT_HOME)' if os.environ.get('JCAT_HOME') else 'default ./.jcat'}]"
    )
    try:
        print(f"project    {project_dir()}")
    except RuntimeProblem as e:
        print(f"project    ({e})")
    conf_dir = spark_conf_dir()
    print(f"conf dir   {conf_dir if conf_dir else '(none: set SPARK_CONF_DIR for spark-defaults.conf)'}")
    show("master", "spark.master")
    if "spark.hadoop.hive.metastore.uris" in settings:
        show("metastore", "spark.hadoop.hive.metastore.uris")
    else:
        show("metastore", "spark.hadoop.javax.jdo.option.ConnectionURL")
    show("warehouse", "spark.sql.warehouse.dir")
    print("settings:")
    for k in sorted(settings):
        print(f"  {k}={settings[k].value}    [{settings[k].origin}]")
    return 0


def _java_version() -> str:
    import shutil
    import subprocess

    java_home = os.environ.get("JAVA_HOME")
    java = str(Path(java_home) / "bin" / "java") if java_home else shutil.which("java")
    if not java:
        return "(not found: install Java 17 or set JAVA_HOME)"
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30).stderr
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"({e})"
    return (out.strip().splitlines() or ["?"])[0] + f" ({java})"
