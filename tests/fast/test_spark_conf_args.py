"""`jcat spark-conf` without Spark: the printed settings are the ones jcat's own sessions use."""

from __future__ import annotations


def test_settings_match_what_jcat_sessions_use(tmp_path, monkeypatch):
    monkeypatch.setenv("JCAT_HOME", str(tmp_path))
    from udfs.spark.runtime import session_builder
    from udfs.spark.spark_conf import arguments, settings

    used = session_builder("local[1]")._options
    for k, v in settings().items():
        if k in used:
            assert used[k] == v, k
    assert used["spark.sql.catalogImplementation"] == "hive"
    assert {"spark.sql.warehouse.dir", "spark.hadoop.javax.jdo.option.ConnectionURL"} <= set(settings())
    # the views' wide projections run compiled, not in HotSpot's interpreter, in the tool as in jcat
    assert settings()["spark.sql.codegen.hugeMethodLimit"] == used["spark.sql.codegen.hugeMethodLimit"] == "8000"
    assert settings()["spark.sql.codegen.maxFields"] == used["spark.sql.codegen.maxFields"] == "30"
    assert arguments()[0] == "--conf" and "=" in arguments()[1]


def test_refuses_before_a_metastore_exists(tmp_path, capsys, monkeypatch):
    from udfs.cli import main

    monkeypatch.setenv("JCAT_HOME", str(tmp_path / "empty"))
    assert main(["spark-conf"]) == 1
    assert "no jcat metastore yet" in capsys.readouterr().err
    assert main(["spark-conf", "--force"]) == 0
    assert "--conf spark.sql.warehouse.dir=" in capsys.readouterr().out
