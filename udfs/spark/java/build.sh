#!/usr/bin/env bash
# Rebuild jcat-landing.jar from the Java source beside this script after changing it (needs a JDK 17 and pyspark:
# Hadoop's and Spark's interfaces come from pyspark's jars). jcat puts the jar on the driver's classpath and ships
# it to executors (spark.jars, appended to the user's) in every session it starts:
#   jcat/landing/RangeInputFormat   reads the ranges `jcat load` planned, from any Hadoop FileSystem, in the JVM
#   jcat/landing/LengthWalk         the common case of the sparse-index walk, in the driver JVM
# The jar records the SHA-256 of its sources; a test fails when sources and jar disagree.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"
jars="$("$python" -c 'import pyspark, os; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))')"
cp="$jars/*"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$here"
sources=(jcat/landing/LengthWalk.java jcat/landing/RangeInputFormat.java)
javac --release 17 -d "$out/classes" -cp "$cp" "${sources[@]}"
cat "${sources[@]}" | sha256sum | cut -d' ' -f1 > "$out/classes/jcat-landing.source-sha256"
rm -f "$here/jcat-landing.jar"
(cd "$out/classes" && jar --create --file "$here/jcat-landing.jar" --date=2000-01-01T00:00:00Z .)
echo "wrote $here/jcat-landing.jar"
