"""The local runtime: a Spark session with Hive support whose warehouse and metastore live under JCAT_HOME.

The same code runs on a cluster: pass `--master` (or set JCAT_MASTER) and point JCAT_HOME, or
`spark.sql.warehouse.dir` and a shared metastore, at storage the cluster sees.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from ..core.project import project_dir  # noqa: F401  (jcat's dbt project; long imported from here)

DATABASE = "jcat"
DEFAULT_MASTER = "local[*]"


class RuntimeProblem(RuntimeError):
    """A start-up problem the user can fix; the CLI prints it without a stack trace."""


def jcat_home() -> Path:
    return Path(os.environ.get("JCAT_HOME", "./.jcat")).resolve()


def check_java() -> None:
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").exists():
        return
    if shutil.which("java") is None:
        raise RuntimeProblem("Java is needed to run Spark and was not found: install Java 17 (or set JAVA_HOME)")


def check_pyspark() -> None:
    """A pyspark outside the range jcat declares (installed beside it with --no-deps, say) fails in ways that do
    not name it (Spark 4.0 and 4.1 run only part of jcat's SQL): say so in one line before anything starts."""
    import pyspark

    wanted = declared_range("pyspark")
    if wanted is not None and not wanted.contains(pyspark.__version__, prereleases=True):
        raise RuntimeProblem(
            f"jcat runs on pyspark {wanted}, and this environment has pyspark {pyspark.__version__}: "
            "install a pyspark in that range (README, Versions)"
        )


def declared_range(package: str):
    """The version range jcat's installed metadata declares for `package`; None where jcat runs uninstalled (a
    zip shipped to a cluster) or declares no such dependency."""
    from importlib import metadata

    from packaging.requirements import Requirement

    try:
        requirements = metadata.requires("jcat") or []
    except metadata.PackageNotFoundError:
        return None
    for line in requirements:
        req = Requirement(line)
        if req.name == package and req.marker is None:
            return req.specifier
    return None


def prepare_environment(master: str | None = None) -> None:
    # Local Python workers run this interpreter, the one that has pandas and pyarrow. On a cluster the
    # executors' interpreter is the user's (spark.pyspark.python / PYSPARK_PYTHON): this path may not exist there.
    if master is None or master.startswith("local"):
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)


# ---- configuration: as every Spark tool takes it ---------------------------------------------------------
# Precedence, highest first: --master / --conf (this command line), settings the calling code passes
# (`start(conf=...)`, e.g. jcat serve's own), the environment (JCAT_MASTER, JCAT_TIMEZONE, JCAT_SPARK_UI),
# spark-defaults.conf (SPARK_CONF_DIR, else SPARK_HOME/conf), then jcat's defaults, only where nothing else set a key.

CLI_CONF: dict[str, str] = {}  # --conf KEY=VALUE from the command line (set by udfs.cli)
CLI_MASTER: list[str] = []  # --master from the command line


@dataclass(frozen=True)
class Setting:
    value: str
    origin: str  # "jcat default", "spark-defaults.conf (PATH)", "--conf", "environment (NAME)", "jcat (command)"


def set_command_line(conf: dict[str, str], master: str | None = None) -> None:
    CLI_CONF.clear()
    CLI_CONF.update(conf)
    CLI_MASTER[:] = [master] if master else []


def parse_conf_pairs(pairs: list[str]) -> dict[str, str]:
    out = {}
    for p in pairs or []:
        key, sep, value = p.partition("=")
        if not sep or not key.strip():
            raise RuntimeProblem(
                f"--conf takes KEY=VALUE, not {p!r}: for example --conf spark.sql.shuffle.partitions=8"
            )
        out[key.strip()] = value
    return out


def spark_conf_dir() -> Path | None:
    """Where Spark's own tools look for spark-defaults.conf and hive-site.xml."""
    if os.environ.get("SPARK_CONF_DIR"):
        return Path(os.environ["SPARK_CONF_DIR"])
    if os.environ.get("SPARK_HOME"):
        return Path(os.environ["SPARK_HOME"]) / "conf"
    return None


def read_properties(path: Path) -> dict[str, str]:
    """spark-defaults.conf as Spark reads it (Java properties: `key value`, `key=value` or `key: value`)."""
    out = {}
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        m = re.match(r"([^\s=:]+)\s*[=:\s]\s*(.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
        else:
            out[line] = ""
    return out


def hive_site(conf_dir: Path | None) -> dict[str, str]:
    """Properties of a hive-site.xml next to spark-defaults.conf (Spark puts that folder on its classpath)."""
    if conf_dir is None or not (conf_dir / "hive-site.xml").is_file():
        return {}
    import xml.etree.ElementTree as ET

    try:
        root = ET.parse(conf_dir / "hive-site.xml").getroot()
    except ET.ParseError as e:
        raise RuntimeProblem(f"{conf_dir / 'hive-site.xml'} is not valid XML ({e}): fix or remove it") from e
    return {p.findtext("name", "").strip(): (p.findtext("value") or "").strip() for p in root.iter("property")}


def jcat_defaults(home: Path) -> dict[str, str]:
    log_config = os.environ.get("JCAT_LOG4J", str(Path(__file__).with_name("log4j2.properties")))
    return {
        "spark.master": DEFAULT_MASTER,
        "spark.sql.warehouse.dir": str(home / "warehouse"),
        "spark.driver.extraJavaOptions": f"-Dderby.system.home={home} -Dlog4j2.configurationFile=file:{log_config}",
        "spark.sql.session.timeZone": "UTC",
        "spark.ui.showConsoleProgress": "false",
        "spark.sql.execution.arrow.pyspark.enabled": "true",
        "spark.ui.enabled": "false",
        # Other processes land files and build tables while a session lives (jcat serve above all): cached
        # file listings and relations expire after this many seconds, so new rows show up without a restart.
        "spark.sql.metadataCacheTTLSeconds": "2",
        # A model's one projection stage (60-70 columns, decode_errors) compiles to a Java method of 13-41 KB of
        # bytecode; HotSpot never JIT-compiles a method over 8,000 bytes, so whole-stage code that size runs in the
        # bytecode interpreter (audit_journal_m7 built 2x slower than its decoding alone). At 8,000 Spark drops
        # whole-stage codegen for such a stage and runs its expressions as split, compiled projections instead
        # (docs/bench.md, "Model builds").
        "spark.sql.codegen.hugeMethodLimit": "8000",
        # Such a stage is still generated and compiled first, on every query (a failed compile is not cached):
        # SELECT * FROM audit_journal_m7 generates 918,000 characters of Java, fails javac's 64 KB method limit
        # and logs an ERROR with a stack trace before Spark falls back, 0.4-0.5 s a query. An operator with more
        # than 30 fields skips whole-stage codegen without trying (the same query 1.5 -> 1.0 s, no ERROR; builds
        # and the bench as fast or faster: docs/bench.md, "Wide projections").
        "spark.sql.codegen.maxFields": "30",
    }


def landing_jar() -> Path:
    """udfs/spark/java/jcat-landing.jar (built from the source beside it by build.sh): `jcat load` reads files a
    Python task cannot open (HDFS, S3A...) in ranges through its RangeInputFormat, in the executors' JVM."""
    return Path(__file__).resolve().parent / "java" / "jcat-landing.jar"


def with_landing_jar(settings: dict[str, Setting]) -> dict[str, Setting]:
    """spark.jars with jcat's landing jar appended to whatever was set (never replacing it): on the driver's
    classpath, and shipped by Spark to every executor."""
    jar = landing_jar()
    if not jar.is_file():
        return settings
    current = settings.get("spark.jars")
    given = [j.strip() for j in current.value.split(",") if j.strip()] if current is not None else []
    if any(j == str(jar) or j.endswith("/" + jar.name) for j in given):
        return settings
    origin = f"{current.origin} + jcat's landing jar" if current is not None else "jcat default"
    return {**settings, "spark.jars": Setting(",".join(given + [str(jar)]), origin)}


ENVIRONMENT = {
    "JCAT_MASTER": "spark.master",
    "JCAT_TIMEZONE": "spark.sql.session.timeZone",
    "JCAT_SPARK_UI": "spark.ui.enabled",
}
METASTORE_KEYS = ("spark.hadoop.hive.metastore.uris", "spark.hadoop.javax.jdo.option.ConnectionURL")


def resolve_settings(
    master: str | None = None, conf: dict[str, str] | None = None, start_service: bool = True
) -> dict[str, Setting]:
    """Every setting jcat gives Spark, each with where it came from."""
    home = jcat_home()
    out = {k: Setting(v, "jcat default") for k, v in jcat_defaults(home).items()}
    conf_dir = spark_conf_dir()
    if conf_dir is not None and (conf_dir / "spark-defaults.conf").is_file():
        path = conf_dir / "spark-defaults.conf"
        out.update({k: Setting(v, f"spark-defaults.conf ({path})") for k, v in read_properties(path).items()})
    site = hive_site(conf_dir)
    for key in ("hive.metastore.uris", "javax.jdo.option.ConnectionURL", "hive.metastore.warehouse.dir"):
        if site.get(key):
            out[f"spark.hadoop.{key}"] = Setting(site[key], f"hive-site.xml ({conf_dir / 'hive-site.xml'})")
    for env, key in ENVIRONMENT.items():
        if os.environ.get(env):
            out[key] = Setting(os.environ[env], f"environment ({env})")
    out.update({k: Setting(str(v), "jcat (command)") for k, v in (conf or {}).items()})
    if master:
        out["spark.master"] = Setting(master, "--master")
    out.update({k: Setting(v, "--conf") for k, v in CLI_CONF.items()})
    if CLI_MASTER:
        out["spark.master"] = Setting(CLI_MASTER[0], "--master")
    if not any(out.get(k) for k in METASTORE_KEYS):
        out.update(embedded_metastore(home, start_service))
    return with_landing_jar(out)


def embedded_metastore(home: Path, start_service: bool = True) -> dict[str, Setting]:
    """No metastore given: jcat's own, over the Derby database under JCAT_HOME.

    Shared by every process of this JCAT_HOME through a Hive Metastore service on loopback, started on
    demand (udfs.spark.metastore); JCAT_METASTORE=embedded keeps Derby inside this one process instead.
    """
    if os.environ.get("JCAT_METASTORE", "service") == "embedded":
        url = f"jdbc:derby:;databaseName={home / 'metastore_db'};create=true"
        return {
            "spark.hadoop.javax.jdo.option.ConnectionURL": Setting(
                url, "jcat default (environment JCAT_METASTORE=embedded)"
            )
        }
    from .metastore import ensure_service, service_uri

    uri = ensure_service(home) if start_service else (service_uri(home) or "(started on first use)")
    return {"spark.hadoop.hive.metastore.uris": Setting(uri, f"jcat default (service under {home / 'metastore'})")}


def session_builder(master: str | None = None, app_name: str = "jcat", conf: dict[str, str] | None = None):
    check_java()
    check_pyspark()
    prepare_environment((conf or {}).get("spark.master") or master or os.environ.get("JCAT_MASTER", DEFAULT_MASTER))
    from pyspark.sql import SparkSession

    home = jcat_home()
    home.mkdir(parents=True, exist_ok=True)
    settings = resolve_settings(master, conf)
    check_metastore_reachable(settings)
    options = settings.get("spark.driver.extraJavaOptions")
    if options is not None and options.origin == "jcat default" and SparkSession.getActiveSession() is None:
        from . import class_cache

        extra = class_cache.driver_options()  # the driver JVM starts from a class archive: about 40% less CPU
        if extra:
            settings["spark.driver.extraJavaOptions"] = Setting(f"{options.value} {extra}", options.origin)
    builder = SparkSession.builder.appName(app_name)
    for k, s in settings.items():
        builder = builder.config(k, s.value)
    return builder.enableHiveSupport()


def check_metastore_reachable(settings: dict[str, Setting]) -> None:
    """A metastore that does not answer is one line naming it and where it was set, not a page of Java."""
    s = settings.get("spark.hadoop.hive.metastore.uris")
    if s is None or not s.value:
        return
    import socket
    from urllib.parse import urlparse

    for uri in s.value.split(","):
        u = urlparse(uri.strip())
        try:
            with socket.create_connection((u.hostname or "127.0.0.1", u.port or 9083), timeout=5):
                return
        except OSError:
            continue
    where = s.origin
    if where.startswith("jcat default"):
        raise RuntimeProblem(
            f"jcat's metastore service at {s.value} does not answer: run `jcat metastore stop`, "
            f"then try again (its log: {jcat_home() / 'metastore' / 'service.log'})"
        )
    raise RuntimeProblem(
        f"the Hive metastore at {s.value} does not answer (spark.hadoop.hive.metastore.uris, "
        f"from {where}): start it, or point --conf spark.hadoop.hive.metastore.uris at one that runs"
    )


def start(master: str | None = None, app_name: str = "jcat", conf: dict[str, str] | None = None, quiet: bool = True):
    """A session with the catalog registered and database `jcat` created and current."""
    from .udf_registration import register

    check_java()
    check_pyspark()
    try:
        spark = session_builder(master, app_name, conf).getOrCreate()
    except RuntimeProblem:
        raise
    except Exception as e:  # the JVM failed to start, or the metastore is locked by another process
        msg = str(e)
        if "Another instance of Derby" in msg or "XSDB6" in msg:
            raise RuntimeProblem(
                f"the metastore under {jcat_home()} is in use by another jcat process "
                "(JCAT_METASTORE=embedded admits one process at a time: unset it to share "
                "jcat's metastore service)"
            ) from e
        raise RuntimeProblem(f"Spark did not start: {msg.splitlines()[0] if msg else type(e).__name__}") from e
    if quiet:
        spark.sparkContext.setLogLevel("ERROR")
        # PySpark 4 also logs every failed query's context to stderr; the CLI prints its own one line.
        import logging

        logging.getLogger("SQLQueryContextLogger").setLevel(logging.CRITICAL)
    from . import ship

    try:
        ship.prepare(spark, jcat_home())  # on a cluster: ship jcat's code to the executors and check they can run it
    except ship.ShipProblem as e:
        raise RuntimeProblem(str(e)) from None
    register(spark)
    if not spark.catalog.databaseExists(DATABASE):
        spark.sql(f"CREATE DATABASE IF NOT EXISTS {DATABASE}")
    if owns_metastore(spark):
        from .function_install import ensure_installed

        ensure_installed(spark)  # one metadata read when the catalog is unchanged
    spark.sql(f"USE {DATABASE}")
    return spark


def metastore_uri(spark) -> str:
    """The Hive metastore service the session uses ('' for an embedded one)."""
    conf = spark.sparkContext.getConf()
    return conf.get("spark.hadoop.hive.metastore.uris", "") or conf.get("spark.hive.metastore.uris", "") or ""


def owns_metastore(spark) -> bool:
    """jcat writes its persistent functions unasked only into its own metastore: the embedded one under JCAT_HOME
    or the service jcat started (JCAT_METASTORE_URI). A user's metastore gets them by `jcat functions --install`."""
    uri = metastore_uri(spark)
    if not uri or uri == os.environ.get("JCAT_METASTORE_URI", ""):
        return True
    from .metastore import read_state

    state = read_state(jcat_home())  # the service jcat runs for this JCAT_HOME
    return bool(state) and state.get("uri") == uri
