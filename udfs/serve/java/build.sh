#!/usr/bin/env bash
# Rebuild jcat-serve.jar from the Java sources beside this script after changing one (needs a JDK 17 and pyspark:
# the HiveServer2 interfaces come from pyspark's jars). The jar is on the classpath of every `jcat serve`:
#   jcat/serve/PasswordFileAuthenticator   the login check of --auth password
#   org/apache/hadoop/hive/llap/security/LlapSigner   a stand-in HiveServer2 needs when a session closes
# The jar records the SHA-256 of its sources; a test fails when sources and jar disagree.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"
jars="$("$python" -c 'import pyspark, os; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))')"
cp="$(ls "$jars"/hive-service-*.jar "$jars"/spark-hive-thriftserver*.jar | tr '\n' ':')"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$here"
sources=(jcat/serve/PasswordFileAuthenticator.java org/apache/hadoop/hive/llap/security/LlapSigner.java)
javac --release 17 -d "$out/classes" -cp "$cp" "${sources[@]}"
cat "${sources[@]}" | sha256sum | cut -d' ' -f1 > "$out/classes/jcat-serve.source-sha256"
rm -f "$here/jcat-serve.jar" "$here/jcat-serve-auth.jar"
(cd "$out/classes" && jar --create --file "$here/jcat-serve.jar" --date=2000-01-01T00:00:00Z .)
echo "wrote $here/jcat-serve.jar"
