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


JARS = {"jcat-landing.jar": ("landing",), "jcat-functions.jar": ("kernels", "functions")}


def _sources(folders) -> list[Path]:
    """build.sh's order: every .java under the jar's folders, sorted as C sorts the paths."""
    found = [p for f in folders for p in (JAVA / "jcat" / f).rglob("*.java")]
    return sorted(found, key=lambda p: str(p.relative_to(JAVA)).encode())


@pytest.mark.parametrize("jar_name", sorted(JARS))
def test_each_jar_is_built_from_its_sources(jar_name):
    """The committed jars must come from the committed sources (udfs/spark/java/build.sh writes their hash)."""
    sources = _sources(JARS[jar_name])
    with zipfile.ZipFile(JAVA / jar_name) as jar:
        recorded = jar.read(jar_name.replace(".jar", ".source-sha256")).decode().strip()
        classes = [n for n in jar.namelist() if n.endswith(".class")]
    assert recorded == hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest(), (
        "run udfs/spark/java/build.sh"
    )
    for source in sources:  # each source compiled into this jar
        assert str(source.relative_to(JAVA)).replace(".java", ".class") in classes
    assert "java/*.jar" in (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()


def test_every_java_source_belongs_to_a_jar_and_the_landing_classes_are_there():
    assert sorted(JAVA.rglob("*.java")) == sorted(p for folders in JARS.values() for p in _sources(folders))
    with zipfile.ZipFile(landing_jar()) as jar:
        names = jar.namelist()
    assert {
        "jcat/landing/RangeInputFormat.class",
        "jcat/landing/RangeInputFormat$RangeSplit.class",
        "jcat/landing/RangeInputFormat$Reader.class",
        "jcat/landing/LengthWalk.class",
    } <= set(names)


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
