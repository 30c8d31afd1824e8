package jcat.landing;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * The byte ranges `jcat load` planned (udfs/spark/landing/loader.py), read in the executors' JVM from any Hadoop
 * FileSystem (HDFS, S3A, file:...), for files a Python task cannot open itself.
 *
 * Each split is one task: one or more ranges (small files' ranges packed together), each (path, start, end,
 * readEnd, plan). For each range the reader yields a header (offset start, no bytes, the plan) and then the
 * bytes [start, readEnd) in pieces of at most `jcat.landing.piece` bytes, keyed by absolute offset. readEnd is
 * past end by what the task may read on for (the rest of a fingerprint block that starts in the range, a
 * reject's first bytes). Splits carry the hosts holding most of their bytes, for locality.
 *
 * `frame(...)` builds the DataFrame the Python tasks consume (udfs/spark/landing/tasks.py, `frame_batches`), in
 * the shape of tasks.CHUNK_DDL, in the JVM: the bytes go to Python in Arrow batches, never through pickle.
 */
public class RangeInputFormat extends InputFormat<LongWritable, RangeInputFormat.Piece> {
    public static final String RANGES = "jcat.landing.ranges";
    public static final String PIECE = "jcat.landing.piece";

    /** One piece of a range: the header (plan set, bytes null) or bytes at an absolute offset. */
    public static final class Piece implements java.io.Serializable {
        public final String path;
        public final long offset;
        public final byte[] bytes;
        public final String plan;

        public Piece(String path, long offset, byte[] bytes, String plan) {
            this.path = path;
            this.offset = offset;
            this.bytes = bytes;
            this.plan = plan;
        }
    }

    /** One planned range of one file. */
    public static final class Range {
        public String path;
        public long start, end, readEnd;
        public String plan;

        Range(String path, long start, long end, long readEnd, String plan) {
            this.path = path;
            this.start = start;
            this.end = end;
            this.readEnd = readEnd;
            this.plan = plan;
        }
    }

    /** A task's ranges. */
    public static class RangeSplit extends InputSplit implements Writable {
        private List<Range> ranges = new ArrayList<>();
        private String[] hosts = new String[0];

        public RangeSplit() {
        }

        RangeSplit(List<Range> ranges, String[] hosts) {
            this.ranges = ranges;
            this.hosts = hosts;
        }

        public List<Range> ranges() {
            return ranges;
        }

        @Override
        public long getLength() {
            long n = 0;
            for (Range r : ranges) {
                n += r.readEnd - r.start;
            }
            return n;
        }

        @Override
        public String[] getLocations() {
            return hosts;
        }

        @Override
        public void write(DataOutput out) throws IOException {
            out.writeInt(ranges.size());
            for (Range r : ranges) {
                Text.writeString(out, r.path);
                out.writeLong(r.start);
                out.writeLong(r.end);
                out.writeLong(r.readEnd);
                Text.writeString(out, r.plan);
            }
        }

        @Override
        public void readFields(DataInput in) throws IOException {
            int n = in.readInt();
            ranges = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                String path = Text.readString(in);
                long start = in.readLong(), end = in.readLong(), readEnd = in.readLong();
                ranges.add(new Range(path, start, end, readEnd, Text.readString(in)));
            }
            hosts = new String[0]; // locations only matter on the driver
        }
    }

    /**
     * The plan as the configuration carries it: one line per split, each a tab-separated run of
     * (path, start, end, readEnd, plan) groups, path and plan base64 (UTF-8).
     */
    static List<List<Range>> parse(String text) {
        List<List<Range>> out = new ArrayList<>();
        Base64.Decoder b64 = Base64.getDecoder();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split("\t");
            if (f.length % 5 != 0) {
                throw new IllegalArgumentException(RANGES + ": a split line must hold groups of 5 fields");
            }
            List<Range> split = new ArrayList<>();
            for (int i = 0; i < f.length; i += 5) {
                split.add(new Range(new String(b64.decode(f[i]), StandardCharsets.UTF_8), Long.parseLong(f[i + 1]),
                        Long.parseLong(f[i + 2]), Long.parseLong(f[i + 3]),
                        new String(b64.decode(f[i + 4]), StandardCharsets.UTF_8)));
            }
            out.add(split);
        }
        return out;
    }

    /** The hosts holding most of a split's bytes (HDFS block locations; none where the file system has none). */
    static String[] hosts(List<Range> ranges, Configuration conf) throws IOException {
        Map<String, Long> weight = new HashMap<>();
        for (Range r : ranges) {
            Path p = new Path(r.path);
            FileSystem fs = p.getFileSystem(conf);
            BlockLocation[] blocks = fs.getFileBlockLocations(fs.getFileStatus(p), r.start, r.end - r.start);
            if (blocks == null) {
                continue;
            }
            for (BlockLocation b : blocks) {
                long lo = Math.max(b.getOffset(), r.start), hi = Math.min(b.getOffset() + b.getLength(), r.end);
                if (hi <= lo) {
                    continue;
                }
                for (String h : b.getHosts()) {
                    weight.merge(h, hi - lo, Long::sum);
                }
            }
        }
        long best = 0;
        for (long w : weight.values()) {
            best = Math.max(best, w);
        }
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Long> e : weight.entrySet()) {
            if (e.getValue() * 2 >= best) { // every host with at least half the best host's bytes
                out.add(e.getKey());
            }
        }
        out.sort(null);
        return out.toArray(new String[0]);
    }

    @Override
    public List<InputSplit> getSplits(JobContext context) throws IOException {
        Configuration conf = context.getConfiguration();
        String text = conf.get(RANGES);
        if (text == null) {
            throw new IOException(RANGES + " is not set: RangeInputFormat reads only ranges jcat planned");
        }
        List<InputSplit> out = new ArrayList<>();
        for (List<Range> split : parse(text)) {
            out.add(new RangeSplit(split, hosts(split, conf)));
        }
        return out;
    }

    @Override
    public RecordReader<LongWritable, Piece> createRecordReader(InputSplit split, TaskAttemptContext context) {
        return new Reader();
    }

    /** A split's ranges in order: each one's header, then its bytes [start, readEnd) a piece at a time. */
    public static class Reader extends RecordReader<LongWritable, Piece> {
        private List<Range> ranges;
        private Configuration conf;
        private int piece, index = -1;
        private long pos, total, done;
        private Range range;
        private FSDataInputStream in;
        private String openPath;
        private LongWritable key;
        private Piece value;

        @Override
        public void initialize(InputSplit split, TaskAttemptContext context) {
            ranges = ((RangeSplit) split).ranges();
            conf = context.getConfiguration();
            piece = conf.getInt(PIECE, 8 << 20);
            total = split instanceof RangeSplit ? ((RangeSplit) split).getLength() : 0;
        }

        @Override
        public boolean nextKeyValue() throws IOException {
            if (range != null && pos < range.readEnd) {
                int n = (int) Math.min(piece, range.readEnd - pos);
                byte[] buf = new byte[n];
                try {
                    in.readFully(buf, 0, n); // sequential: one stream per range (HDFS, S3A read ahead)
                } catch (EOFException e) {
                    throw new IOException(range.path + ": " + n + " bytes expected at offset " + pos
                            + " (did the file change during the load?)", e);
                }
                key = new LongWritable(pos);
                value = new Piece(range.path, pos, buf, null);
                pos += n;
                done += n;
                return true;
            }
            if (++index >= ranges.size()) {
                range = null;
                return false;
            }
            range = ranges.get(index);
            if (!range.path.equals(openPath)) {
                close();
                Path p = new Path(range.path);
                in = p.getFileSystem(conf).open(p);
                openPath = range.path;
            }
            in.seek(range.start);
            pos = range.start;
            key = new LongWritable(range.start);
            value = new Piece(range.path, range.start, null, range.plan);
            return true;
        }

        @Override
        public LongWritable getCurrentKey() {
            return key;
        }

        @Override
        public Piece getCurrentValue() {
            return value;
        }

        @Override
        public float getProgress() {
            return total == 0 ? 1f : Math.min(1f, (float) done / total);
        }

        @Override
        public void close() throws IOException {
            if (in != null) {
                in.close();
                in = null;
                openPath = null;
            }
        }
    }

    /**
     * The DataFrame of the planned ranges' pieces, rows (source_file, chunk_offset, chunk, whole, plan) as `ddl`
     * (tasks.CHUNK_DDL) says: one partition per split, its rows in file order.
     */
    public static Dataset<Row> frame(SparkSession spark, String ranges, int piece, String ddl) {
        Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
        conf.set(RANGES, ranges);
        conf.setInt(PIECE, piece);
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaRDD<Row> rows = jsc.newAPIHadoopRDD(conf, RangeInputFormat.class, LongWritable.class, Piece.class)
                .map(kv -> RowFactory.create(kv._2().path, kv._2().offset, kv._2().bytes, Boolean.FALSE, kv._2().plan));
        return spark.createDataFrame(rows, StructType.fromDDL(ddl));
    }
}
