"""`jcat serve`: a Spark Thrift (HiveServer2) JDBC/ODBC server with the catalog registered; `--add-user` writes a user
of its password file."""

from __future__ import annotations

import sys

from ..spark.runtime import RuntimeProblem
from .registry import arguments, command


@arguments("serve")
def add_parser(sub) -> None:
    v = sub.add_parser("serve", help="Spark Thrift (HiveServer2) JDBC/ODBC server with the catalog registered")
    v.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, loopback only)")
    v.add_argument("--port", type=int, default=10000, help="port to listen on (default 10000)")
    v.add_argument(
        "--allow-remote", action="store_true", help="allow a non-loopback --host (needs --auth password or ldap)"
    )
    v.add_argument(
        "--auth",
        choices=["none", "password", "ldap"],
        default="none",
        help="client authentication (default none, loopback only)",
    )
    v.add_argument("--password-file", default=None, help="users for --auth password (see --add-user)")
    v.add_argument("--ldap-url", default=None, help="LDAP server for --auth ldap, e.g. ldaps://ldap.example.com")
    v.add_argument("--ldap-base-dn", default=None, help="LDAP base DN for --auth ldap")
    v.add_argument(
        "--shared-session",
        action="store_true",
        help="serve one Spark session to every connection (the Python catalog functions become callable; "
        "USE, SET and temporary views are then shared by all clients)",
    )
    v.add_argument(
        "--add-user",
        metavar="NAME",
        default=None,
        help="add or replace NAME in --password-file (password read from stdin) and exit",
    )


@command("serve")
def cmd_serve(args) -> int:
    from ..serve.server import ServeOptions, add_user, serve

    if args.add_user:
        import getpass
        from pathlib import Path

        if not args.password_file:
            print("jcat: --add-user needs --password-file FILE", file=sys.stderr)
            return 2
        password = (
            sys.stdin.readline().rstrip("\n")
            if not sys.stdin.isatty()
            else getpass.getpass(f"password for {args.add_user}: ")
        )
        add_user(Path(args.password_file), args.add_user, password)
        print(f"jcat: user {args.add_user} written to {args.password_file}", file=sys.stderr)
        return 0
    _check_port_free(args.host, args.port)
    return serve(
        ServeOptions(
            host=args.host,
            port=args.port,
            allow_remote=args.allow_remote,
            auth=args.auth,
            password_file=args.password_file,
            ldap_url=args.ldap_url,
            ldap_base_dn=args.ldap_base_dn,
            shared_session=args.shared_session,
            master=args.master,
        )
    )


def _check_port_free(host: str, port: int) -> None:
    import socket

    try:
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
            s.bind((host, port))
    except OSError as e:
        raise RuntimeProblem(
            f"port {port} on {host} is already in use or not available ({e.strerror}): "
            "stop what holds it or choose another port with --port"
        ) from e
