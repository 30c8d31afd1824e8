package jcat.functions;

import jcat.kernels.Clocks;
import jcat.kernels.Ebcdic;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.IntObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * The functions of udfs/core/kernels/clocks.py. TIMESTAMP and TIMESTAMP_NTZ results are BIGINT microseconds since
 * 1970 (the SQL wrapper makes them timestamps); a value outside 0001-01-01..9999-12-31 is NULL in either mode, as
 * the kernels' range mask, while bytes that do not decode are NULL or, in strict mode, the kernels' DecodeError.
 */
public final class ClocksFunctions {
  private ClocksFunctions() {}

  /** A function returning a timestamp's microseconds in a reused LongWritable. */
  private abstract static class MicrosFunction extends JcatFunction {
    private final transient LongWritable out = new LongWritable();

    @Override
    protected final ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.writableLongObjectInspector;
    }

    /** The kernel's result as the function's: the microseconds, NULL, or strict mode's error with the reason. */
    protected final Object micros(long result, byte[] b, String reason) {
      if (Clocks.isMicros(result)) {
        out.set(result);
        return out;
      }
      return result == Clocks.UNDECODABLE ? undecodable(b, reason) : null;
    }
  }

  /** parse_lrsn(b BINARY, delta BINARY): TIMESTAMP (UTC) microseconds. */
  public static final class ParseLrsn extends MicrosFunction {
    private static final String REASON = "an LRSN is 6 bytes (basic) or 10 bytes (extended)";
    private static final String REASON_WITH_DELTA =
        REASON + "; the delta is 6, 8 or 10 bytes and not larger than the LRSN";
    private transient String reason;

    @Override
    protected String name() {
      return "parse_lrsn";
    }

    @Override
    protected int arity() {
      return 2;
    }

    @Override
    protected void prepare() {
      // The kernel words its reason by whether it was given a delta: the wrapper's default (a NULL literal) is the
      // kernel called without one; a delta column, even one holding NULLs, is the kernel called with one.
      reason = isConstant(1) && constant(1) == null ? REASON : REASON_WITH_DELTA;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      byte[] d = bytes(args, 1);
      long r = Clocks.lrsn(b, 0, b.length, d, 0, d == null ? 0 : d.length);
      return micros(r, b, reason);
    }
  }

  /** parse_tod(b BINARY): TIMESTAMP (UTC) microseconds of an 8-byte STCK or 16-byte STCKE value. */
  public static final class ParseTod extends MicrosFunction {
    @Override
    protected String name() {
      return "parse_tod";
    }

    @Override
    protected int arity() {
      return 1;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      long r = Clocks.tod(b, 0, b.length);
      if (r == Clocks.UNDECODABLE && !strict()) {
        return null; // the reason names the length: built only when it is raised
      }
      return micros(r, b, r == Clocks.UNDECODABLE ? reason(b.length) : null);
    }

    private static String reason(int length) {
      return length + " bytes: a TOD clock is 8 (STCK) or 16 (STCKE) bytes";
    }
  }

  private static final String TS17_REASON =
      "not a BIN(17) timestamp X'YYYYMMDDHHMMSS' + fraction digits: 17 bytes of BCD digits holding a real date and"
          + " time";

  /** parse_timestamp17(b BINARY): TIMESTAMP_NTZ microseconds of an LLDF BIN(17) BCD stamp. */
  public static final class ParseTimestamp17 extends MicrosFunction {
    @Override
    protected String name() {
      return "parse_timestamp17";
    }

    @Override
    protected int arity() {
      return 1;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      return micros(Clocks.timestamp17(b, 0, b.length), b, TS17_REASON);
    }
  }

  /** parse_timestamp17_fraction(b BINARY): STRING, every fraction digit of a BIN(17) stamp (12 or more). */
  public static final class ParseTimestamp17Fraction extends JcatFunction {
    private final transient byte[] digits = new byte[20]; // the 20 fraction nibbles
    private final transient Text text = new Text();

    @Override
    protected String name() {
      return "parse_timestamp17_fraction";
    }

    @Override
    protected int arity() {
      return 1;
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.writableStringObjectInspector;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      int n = Clocks.timestamp17Fraction(b, 0, b.length, digits);
      if (n < 0) {
        return undecodable(b, TS17_REASON);
      }
      text.set(digits, 0, n);
      return text;
    }
  }

  /** parse_ibmi_timestamp(b BINARY, ccsid INT): TIMESTAMP_NTZ microseconds of {@code YYYY-MM-DD-HH.MM.SS[.f...]}. */
  public static final class ParseIbmiTimestamp extends MicrosFunction {
    private static final String REASON =
        "not a YYYY-MM-DD-HH.MM.SS[.f...] timestamp (19 or 21 to 32 characters) with a real date and time";
    /** The last CCSID read and its code page (a constant CCSID, or a column's, which rarely changes). */
    private transient int lastCcsid = -1;

    private transient int lastPage = -1;

    @Override
    protected String name() {
      return "parse_ibmi_timestamp";
    }

    @Override
    protected int arity() {
      return 2;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null; // the kernel checks the CCSIDs of non-NULL values only
      }
      int ccsid = ccsid(args);
      if (ccsid != lastCcsid || lastPage < 0) {
        lastPage = Ebcdic.checkPage(ccsid); // an unsupported CCSID is an error whatever the strict mode
        lastCcsid = ccsid;
      }
      return micros(Clocks.ibmiTimestamp(b, 0, b.length, lastPage), b, REASON);
    }

    /** The CCSID argument, NULL the default; a column's read from its inspector, unboxed. */
    private int ccsid(DeferredObject[] args) throws HiveException {
      if (isConstant(1)) {
        Integer c = (Integer) constant(1);
        return c == null ? Ebcdic.DEFAULT_CCSID : c;
      }
      Object o = args[1].get();
      return o == null ? Ebcdic.DEFAULT_CCSID : ((IntObjectInspector) inputs[1]).get(o);
    }
  }
}
