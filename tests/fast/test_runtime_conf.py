"""Spark configuration as Spark tools take it: --conf, spark-defaults.conf (SPARK_CONF_DIR, SPARK_HOME/conf),
hive-site.xml, the environment, and jcat's defaults only where nothing else set a key."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from udfs.spark import runtime
from udfs.spark.runtime import RuntimeProblem, parse_conf_pairs, read_properties, resolve_settings

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for k in ("SPARK_CONF_DIR", "SPARK_HOME", "JCAT_MASTER", "JCAT_TIMEZONE", "JCAT_SPARK_UI", "JCAT_METASTORE"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("JCAT_HOME", str(tmp_path / "home"))
    runtime.set_command_line({})
    yield tmp_path
    runtime.set_command_line({})


def test_spark_defaults_reads_space_equals_and_colon_pairs_and_skips_comments():
    p = Path(__file__).with_name("data_spark_defaults.conf")
    p.write_text("# comment\n! also a comment\nspark.a  1\nspark.b=2\nspark.c : three words\n\n")
    try:
        assert read_properties(p) == {"spark.a": "1", "spark.b": "2", "spark.c": "three words"}
    finally:
        p.unlink()


def test_cli_conf_beats_env_beats_spark_defaults_beats_jcat_defaults(clean_env, monkeypatch):
    conf_dir = clean_env / "conf"
    conf_dir.mkdir()
    (conf_dir / "spark-defaults.conf").write_text(
        "spark.sql.session.timeZone America/New_York\nspark.sql.shuffle.partitions 3\nspark.master local[3]\n"
    )
    monkeypatch.setenv("SPARK_CONF_DIR", str(conf_dir))
    s = resolve_settings(start_service=False)
    assert s["spark.sql.session.timeZone"].value == "America/New_York"
    assert s["spark.sql.session.timeZone"].origin == f"spark-defaults.conf ({conf_dir / 'spark-defaults.conf'})"
    assert s["spark.master"].value == "local[3]"
    assert s["spark.ui.enabled"].origin == "jcat default"
    monkeypatch.setenv("JCAT_TIMEZONE", "Europe/Paris")
    assert resolve_settings(start_service=False)["spark.sql.session.timeZone"].origin == "environment (JCAT_TIMEZONE)"
    runtime.set_command_line(parse_conf_pairs(["spark.sql.session.timeZone=Asia/Tokyo"]), "local[1]")
    s = resolve_settings(start_service=False)
    assert (s["spark.sql.session.timeZone"].value, s["spark.sql.session.timeZone"].origin) == ("Asia/Tokyo", "--conf")
    assert (s["spark.master"].value, s["spark.master"].origin) == ("local[1]", "--master")
    assert s["spark.sql.shuffle.partitions"].value == "3"  # what --conf did not name stays


def test_spark_home_conf_is_read_when_no_conf_dir(clean_env, monkeypatch):
    (clean_env / "sh" / "conf").mkdir(parents=True)
    (clean_env / "sh" / "conf" / "spark-defaults.conf").write_text("spark.sql.shuffle.partitions 7\n")
    monkeypatch.setenv("SPARK_HOME", str(clean_env / "sh"))
    assert resolve_settings(start_service=False)["spark.sql.shuffle.partitions"].value == "7"


def test_an_existing_metastore_and_warehouse_are_used_as_given(clean_env):
    runtime.set_command_line(
        {
            "spark.hadoop.hive.metastore.uris": "thrift://meta.example:9083",
            "spark.sql.warehouse.dir": "s3a://lake/warehouse",
        }
    )
    s = resolve_settings()  # start_service=True: a given metastore starts nothing of jcat's
    assert s["spark.hadoop.hive.metastore.uris"].value == "thrift://meta.example:9083"
    assert "spark.hadoop.javax.jdo.option.ConnectionURL" not in s
    assert s["spark.sql.warehouse.dir"].value == "s3a://lake/warehouse"
    assert not (clean_env / "home" / "metastore").exists()


def test_hive_site_xml_metastore_is_honoured(clean_env, monkeypatch):
    conf_dir = clean_env / "conf"
    conf_dir.mkdir()
    (conf_dir / "hive-site.xml").write_text(
        "<configuration><property><name>hive.metastore.uris</name><value>thrift://hms:9083</value></property>"
        "</configuration>"
    )
    monkeypatch.setenv("SPARK_CONF_DIR", str(conf_dir))
    s = resolve_settings()
    assert s["spark.hadoop.hive.metastore.uris"].value == "thrift://hms:9083"
    assert s["spark.hadoop.hive.metastore.uris"].origin.startswith("hive-site.xml")


def test_bad_conf_and_unreachable_metastore_are_one_line(clean_env):
    with pytest.raises(RuntimeProblem, match="--conf takes KEY=VALUE"):
        parse_conf_pairs(["spark.sql.shuffle.partitions"])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again below: nobody listens there
    runtime.set_command_line({"spark.hadoop.hive.metastore.uris": f"thrift://127.0.0.1:{port}"})
    with pytest.raises(RuntimeProblem) as e:
        runtime.check_metastore_reachable(resolve_settings())
    assert "does not answer" in str(e.value) and "--conf" in str(e.value) and "\n" not in str(e.value)


def test_jcat_info_names_each_origin_without_starting_anything(tmp_path):
    conf_dir = tmp_path / "conf"
    conf_dir.mkdir()
    (conf_dir / "spark-defaults.conf").write_text("spark.sql.shuffle.partitions 5\n")
    env = dict(
        os.environ,
        JCAT_HOME=str(tmp_path / "home"),
        SPARK_CONF_DIR=str(conf_dir),
        PYTHONPATH=str(REPO),
        JCAT_METASTORE="service",
    )
    env.pop("JCAT_MASTER", None)
    out = subprocess.run(
        [sys.executable, "-m", "udfs.cli", "--conf", "spark.executor.memory=3g", "info"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any(x.startswith("master     local[*]") and "[jcat default]" in x for x in lines)
    assert any(x.startswith("metastore") and "service under" in x for x in lines)
    assert f"  spark.sql.shuffle.partitions=5    [spark-defaults.conf ({conf_dir / 'spark-defaults.conf'})]" in lines
    assert "  spark.executor.memory=3g    [--conf]" in lines
    assert any(x.startswith("pyspark    4.") for x in lines) and any(x.startswith("java ") for x in lines)
    assert not (tmp_path / "home" / "metastore").exists()


def test_metastore_service_jvm_takes_heap_and_options_from_the_environment(monkeypatch, tmp_path):
    from udfs.spark.metastore import java_command

    monkeypatch.setenv("JCAT_METASTORE_HEAP", "384m")
    monkeypatch.setenv("JCAT_METASTORE_JAVA_OPTIONS", "-XX:+UseSerialGC  -Dx='a b'")
    cmd = java_command(tmp_path, 9083)
    assert cmd[1:4] == ["-Xmx384m", "-XX:+UseSerialGC", "-Dx=a b"]
    assert cmd[-2:] == ["-p", "9083"]
    monkeypatch.delenv("JCAT_METASTORE_JAVA_OPTIONS")
    assert java_command(tmp_path, 9083)[2].startswith("-Dderby.system.home=")
