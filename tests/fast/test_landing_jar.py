"""jcat's landing jar (udfs/spark/java): built from the committed source, and on the classpath of every session
jcat starts through spark.jars, after whatever jars the user gave (never instead of them)."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from udfs.spark import runtime
from udfs.spark.runtime import landing_jar, parse_conf_pairs, resolve_settings

JAVA = Path(runtime.__file__).resolve().parent / "java"


def test_landing_jar_is_built_from_its_sources():
    """The committed jar must come from the committed sources (udfs/spark/java/build.sh writes their hash)."""
    sources = [JAVA / "jcat" / "landing" / name for name in ("LengthWalk.java", "RangeInputFormat.java")]
    assert sorted(JAVA.rglob("*.java")) == sources  # build.sh names every source
    with zipfile.ZipFile(landing_jar()) as jar:
        names = jar.namelist()
        recorded = jar.read("jcat-landing.source-sha256").decode().strip()
    assert {
        "jcat/landing/RangeInputFormat.class",
        "jcat/landing/RangeInputFormat$RangeSplit.class",
        "jcat/landing/RangeInputFormat$Reader.class",
        "jcat/landing/LengthWalk.class",
    } <= set(names)
    assert recorded == hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest(), (
        "run udfs/spark/java/build.sh"
    )
    assert "java/*.jar" in (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for k in ("SPARK_CONF_DIR", "SPARK_HOME", "JCAT_MASTER", "JCAT_TIMEZONE", "JCAT_SPARK_UI"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("JCAT_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("JCAT_METASTORE", "embedded")
    runtime.set_command_line({})
    yield tmp_path
    runtime.set_command_line({})


def test_spark_jars_gets_the_landing_jar_appended(clean_env, monkeypatch):
    jar = str(landing_jar())
    s = resolve_settings(start_service=False)["spark.jars"]
    assert (s.value, s.origin) == (jar, "jcat default")
    conf_dir = clean_env / "conf"
    conf_dir.mkdir()
    (conf_dir / "spark-defaults.conf").write_text("spark.jars /opt/a.jar,hdfs:///libs/b.jar\n")
    monkeypatch.setenv("SPARK_CONF_DIR", str(conf_dir))
    s = resolve_settings(start_service=False)["spark.jars"]
    assert s.value == f"/opt/a.jar,hdfs:///libs/b.jar,{jar}" and s.origin.endswith("+ jcat's landing jar")
    runtime.set_command_line(parse_conf_pairs([f"spark.jars=/x/c.jar,{jar}"]))
    assert resolve_settings(start_service=False)["spark.jars"].value == f"/x/c.jar,{jar}"  # not twice
    s = resolve_settings(start_service=False, conf={"spark.jars": "/y/d.jar"})
    assert s["spark.jars"].value == f"/x/c.jar,{jar}"  # --conf wins over a command's own setting, as for any key
