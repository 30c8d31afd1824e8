"""Finding the files to load, through Hadoop's FileSystem in the driver JVM: local, HDFS, S3, globs."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass


class SourceProblem(ValueError):
    """A path the user gave does not name any file."""


@dataclass(frozen=True)
class SourceFile:
    path: str  # fully qualified, as Hadoop prints it (file:/..., hdfs://..., s3a://...)
    size: int


def _hadoop(spark):
    sc = spark.sparkContext
    return sc._jvm, sc._jsc.hadoopConfiguration()


def list_files(spark, paths: list[str]) -> list[SourceFile]:
    """Every file under the given files, directories (recursively) and globs, once, in path order."""
    jvm, conf = _hadoop(spark)
    found: dict[str, SourceFile] = {}
    for given in paths:
        p = jvm.org.apache.hadoop.fs.Path(given)
        fs = p.getFileSystem(conf)
        statuses = fs.globStatus(p)
        if not statuses:
            raise SourceProblem(f"no such file or directory: {given}")
        for st in statuses:
            if st.isDirectory():
                it = fs.listFiles(st.getPath(), True)
                n = 0
                while it.hasNext():
                    f = it.next()
                    if f.isFile():
                        found.setdefault(f.getPath().toString(), SourceFile(f.getPath().toString(), f.getLen()))
                        n += 1
                if n == 0:
                    raise SourceProblem(f"directory holds no files: {st.getPath().toString()}")
            else:
                found.setdefault(st.getPath().toString(), SourceFile(st.getPath().toString(), st.getLen()))
    return [found[k] for k in sorted(found)]


def delete_path(spark, path: str) -> None:
    jvm, conf = _hadoop(spark)
    p = jvm.org.apache.hadoop.fs.Path(path)
    p.getFileSystem(conf).delete(p, True)


def list_dirs(spark, path: str) -> list[str]:
    """Names of the sub-directories of path (none when it does not exist)."""
    jvm, conf = _hadoop(spark)
    p = jvm.org.apache.hadoop.fs.Path(path)
    fs = p.getFileSystem(conf)
    if not fs.exists(p):
        return []
    return [s.getPath().getName() for s in fs.listStatus(p) if s.isDirectory()]


def exists(spark, path: str) -> bool:
    jvm, conf = _hadoop(spark)
    p = jvm.org.apache.hadoop.fs.Path(path)
    return bool(p.getFileSystem(conf).exists(p))


class Reader:
    """Positioned reads of one file from the driver: a local file directly, anything else through the
    driver JVM's Hadoop FileSystem (HDFS, S3A...). read_at(offset, n) returns exactly n bytes.

    The driver JVM hands the bytes over through a scratch file of this host (the JVM copies them there, Python
    reads them back from the page cache): bytes through py4j itself come at about 10 MB/s, which made the
    sparse index of a 5 GB HDFS file take minutes."""

    def __init__(self, spark, path: str):
        from .tasks import local_path

        self.path, self.local, self.fd, self.stream, self.scratch = path, local_path(path), None, None, None
        if self.local is not None:
            self.fd = os.open(self.local, os.O_RDONLY)
        else:
            jvm, conf = _hadoop(spark)
            self.jvm = jvm
            p = jvm.org.apache.hadoop.fs.Path(path)
            self.stream = p.getFileSystem(conf).open(p)
            fd, self.scratch = tempfile.mkstemp(prefix="jcat-read-")
            os.close(fd)

    def read_at(self, offset: int, n: int) -> bytes:
        if self.fd is not None:
            out = os.pread(self.fd, n, offset)
        elif n == 0:
            out = b""
        else:
            self.stream.seek(offset)
            sink = self.jvm.java.io.FileOutputStream(self.scratch)  # truncated
            problem = None
            try:
                # copyLarge(in, out, skip, length): up to length bytes (fewer at the end of the file)
                self.jvm.org.apache.commons.io.IOUtils.copyLarge(self.stream, sink, 0, n)
            except Exception as e:  # an I/O error: what was copied tells
                problem = e
            finally:
                sink.close()
            with open(self.scratch, "rb") as fh:
                out = fh.read()
            if len(out) == n and problem is not None:
                raise OSError(f"{self.path}: reading {n} bytes at offset {offset} failed: {problem}")
        if len(out) != n:
            raise OSError(f"{self.path}: {n} bytes expected at offset {offset}, read {len(out)} (did it change?)")
        return out

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
        if self.stream is not None:
            self.stream.close()
        if self.scratch is not None and os.path.exists(self.scratch):
            os.unlink(self.scratch)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
