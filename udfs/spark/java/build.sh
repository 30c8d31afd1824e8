#!/usr/bin/env bash
# Rebuild jcat's jars from the Java source beside this script after changing it (needs a JDK 17 and pyspark:
# Hadoop's, Hive's and Spark's interfaces come from pyspark's jars). Each jar records the SHA-256 of its sources
# (every .java file under its folders, in sorted order); a test fails when sources and jar disagree.
#   jcat-landing.jar    jcat/landing: `jcat load` reads the ranges it planned, from any Hadoop FileSystem, in the
#                       JVM; the common case of the sparse-index walk. On the classpath of every session jcat starts.
#   jcat-functions.jar  jcat/kernels (no Hive, no Spark) and jcat/functions (a Hive GenericUDF per catalog function):
#                       the JVM engine of the persistent functions, copied into the warehouse by `jcat functions
#                       --install` (udfs/spark/function_install.py). jcat/kernels/CodePages.java is written by
#                       `jcat generate`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"
jars="$("$python" -c 'import pyspark, os; print(os.path.join(os.path.dirname(pyspark.__file__), "jars"))')"
cd "$here"
build() {  # build JAR FOLDER...
  local name="$1" out
  shift
  out="$(mktemp -d)"
  mapfile -t sources < <(find "$@" -name '*.java' | LC_ALL=C sort)
  javac --release 17 -Xlint:all -Xlint:-serial -Xlint:-processing -Xlint:-path -d "$out/classes" -cp "$jars/*" "${sources[@]}"
  cat "${sources[@]}" | sha256sum | cut -d' ' -f1 > "$out/classes/${name%.jar}.source-sha256"
  rm -f "$here/$name"
  (cd "$out/classes" && jar --create --file "$here/$name" --date=2000-01-01T00:00:00Z .)
  rm -rf "$out"
  echo "wrote $here/$name (${#sources[@]} sources)"
}
build jcat-landing.jar jcat/landing
build jcat-functions.jar jcat/kernels jcat/functions
