"""`jcat metastore status|start|stop`: jcat's metastore service for this JCAT_HOME."""

from __future__ import annotations

from .registry import arguments, command


@arguments("metastore")
def add_parser(sub) -> None:
    ms = sub.add_parser(
        "metastore", help="jcat's metastore service for this JCAT_HOME (started on demand by any command)"
    )
    ms.add_argument("action", choices=["status", "start", "stop"])


@command("metastore")
def cmd_metastore(args) -> int:
    from ..spark import metastore
    from ..spark.runtime import jcat_home

    home = jcat_home()
    if args.action == "start":
        print(f"jcat: metastore service at {metastore.ensure_service(home)} (JCAT_HOME {home})")
    elif args.action == "stop":
        stopped = metastore.stop_service(home)
        print(f"jcat: metastore service {'stopped' if stopped else 'was not running'} (JCAT_HOME {home})")
    else:
        st = metastore.status(home)
        if not st["running"]:
            print(f"jcat: no metastore service runs for {home} (any command starts it)")
            return 0
        print(
            f"jcat: metastore service at {st['uri']}: supervisor pid {st['pid']}, JVM pid {st['java_pid']}, "
            f"{st['clients']} client connection(s), stops after {st['idle_seconds']:.0f}s with none"
        )
    return 0
