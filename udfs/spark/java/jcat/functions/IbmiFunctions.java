package jcat.functions;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;
import jcat.kernels.Ebcdic;
import jcat.kernels.Ibmi;
import jcat.kernels.Utf8Out;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.io.DoubleWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;

/** The functions of udfs/core/kernels/ibmi.py: values in an IBM i record buffer (their kernels: jcat.kernels.Ibmi). */
public final class IbmiFunctions {
  private IbmiFunctions() {}

  private static final String DATE_REASON =
      "not a date in the DATFMT given (its length, separators, digits and a real date)";
  private static final String TIME_REASON =
      "not a time in the TIMFMT given (its length, separators, digits and a real time)";
  private static final String VARYING_REASON = "a 2-byte length above the bytes that follow it, or fewer than 2 bytes";

  /**
   * The parsed form of the last (format, separator) pair seen: a constant pair is parsed once (in prepare), a column
   * of formats re-parsed only when it changes. A format or separator not listed is kept as its message and thrown
   * for each row with bytes (the kernel raises only for a batch's non-NULL rows; a NULL row never looks at it).
   */
  private static final class Forms {
    private final boolean date;
    private boolean known;
    private String fmt;
    private String sep;
    private Ibmi.Form form;
    private String error;

    Forms(boolean date) {
      this.date = date;
    }

    void resolve(String fmt, String sep) {
      this.fmt = fmt;
      this.sep = sep;
      known = true;
      try {
        form = date ? Ibmi.dateForm(fmt, sep) : Ibmi.timeForm(fmt, sep);
        error = null;
      } catch (IllegalArgumentException e) {
        form = null;
        error = e.getMessage();
      }
    }

    /** The form of (fmt, sep): null for a NULL format; throws for one not listed, whatever the strict mode. */
    Ibmi.Form get(String fmt, String sep) {
      // a constant argument arrives as the same String each row: equals() is then one reference comparison
      if (!known || !Objects.equals(fmt, this.fmt) || !Objects.equals(sep, this.sep)) {
        resolve(fmt, sep);
      }
      if (error != null) {
        throw new IllegalArgumentException(error);
      }
      return form;
    }
  }

  /** ibmi_date(b BINARY, datfmt STRING, datsep STRING): DATE, returned as INT days since 1970-01-01. */
  public static final class IbmiDate extends JcatFunction {
    private final transient IntWritable days = new IntWritable();
    private final transient Forms forms = new Forms(true);

    @Override
    protected String name() {
      return "ibmi_date";
    }

    @Override
    protected int arity() {
      return 3;
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.writableIntObjectInspector;
    }

    @Override
    protected void prepare() {
      if (isConstant(1) && isConstant(2)) {
        forms.resolve((String) constant(1), (String) constant(2));
      }
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      Ibmi.Form form = forms.get((String) arg(args, 1), (String) arg(args, 2));
      // a NULL format is NULL, and in strict mode an error as the kernel has it (the row is not decoded)
      int d = form == null ? Ibmi.NO_DATE : Ibmi.date(b, form);
      if (d == Ibmi.NO_DATE) {
        return undecodable(b, DATE_REASON);
      }
      days.set(d);
      return days;
    }
  }

  /** ibmi_time(b BINARY, timfmt STRING, timsep STRING): 'HH:MM:SS', 24-hour. */
  public static final class IbmiTime extends JcatFunction {
    private final transient Text text = new Text();
    private final transient byte[] chars = new byte[8];
    private final transient Forms forms = new Forms(false);

    @Override
    protected String name() {
      return "ibmi_time";
    }

    @Override
    protected int arity() {
      return 3;
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.writableStringObjectInspector;
    }

    @Override
    protected void prepare() {
      if (isConstant(1) && isConstant(2)) {
        forms.resolve((String) constant(1), (String) constant(2));
      }
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      Ibmi.Form form = forms.get((String) arg(args, 1), (String) arg(args, 2));
      int t = form == null ? Ibmi.NO_TIME : Ibmi.time(b, form);
      if (t == Ibmi.NO_TIME) {
        return undecodable(b, TIME_REASON);
      }
      Ibmi.timeText(t, chars);
      text.set(chars, 0, 8);
      return text;
    }
  }

  /** unpack_float(b BINARY): IEEE 754 big-endian REAL (4 bytes) or DOUBLE (8) to DOUBLE. */
  public static final class UnpackFloat extends JcatFunction {
    // Hive's DoubleWritable (a subclass of Hadoop's): writableDoubleObjectInspector casts to it when Spark folds a
    // constant call, where Hadoop's own fails with a ClassCastException
    private final transient DoubleWritable value = new DoubleWritable();

    @Override
    protected String name() {
      return "unpack_float";
    }

    @Override
    protected int arity() {
      return 1;
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.writableDoubleObjectInspector;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      if (!Ibmi.isFloatWidth(b.length)) {
        return undecodable(b, b.length + " bytes: a float is 4 (REAL) or 8 (DOUBLE) bytes");
      }
      value.set(Ibmi.unpackFloat(b));
      return value;
    }
  }

  /** ibmi_varchar(b BINARY, ccsid INT): the first L bytes after the 2-byte length L, in the CCSID, untrimmed. */
  public static final class IbmiVarchar extends JcatFunction {
    private final transient Utf8Out out = new Utf8Out();
    private final transient Text text = new Text();
    private transient int ccsid = Integer.MIN_VALUE; // the CCSID checked last, and its page
    private transient int page;

    @Override
    protected String name() {
      return "ibmi_varchar";
    }

    @Override
    protected int arity() {
      return 2;
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
      Integer c = (Integer) arg(args, 1);
      int cc = c == null ? Ebcdic.DEFAULT_CCSID : c;
      if (cc != ccsid) {
        // an unsupported CCSID is an error in every mode, before the bytes are looked at (as in the kernel)
        Ebcdic.checkText(cc);
        ccsid = cc;
        page = Ebcdic.page(cc);
      }
      int length = Ibmi.varyingLength(b);
      if (length < 0) {
        return undecodable(b, VARYING_REASON);
      }
      out.clear();
      if (!Ibmi.text(b, 2, length, page, cc, out)) {
        return undecodable(b, "not well-formed in CCSID " + cc);
      }
      text.set(out.bytes, 0, out.length);
      return text;
    }
  }

  /** ibmi_varbinary(b BINARY): the first L bytes after the 2-byte length L. */
  public static final class IbmiVarbinary extends JcatFunction {
    @Override
    protected String name() {
      return "ibmi_varbinary";
    }

    @Override
    protected int arity() {
      return 1;
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.javaByteArrayObjectInspector;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      int length = Ibmi.varyingLength(b);
      if (length < 0) {
        return undecodable(b, VARYING_REASON);
      }
      return Arrays.copyOfRange(b, 2, 2 + length);
    }
  }

  /** ibmi_null_flags(nvi BINARY, count INT): one flag a field, true where the field is null. */
  public static final class IbmiNullFlags extends JcatFunction {
    private final transient Flags flags = new Flags();

    @Override
    protected String name() {
      return "ibmi_null_flags";
    }

    @Override
    protected int arity() {
      return 2;
    }

    @Override
    protected ObjectInspector result() {
      return ObjectInspectorFactory.getStandardListObjectInspector(
          PrimitiveObjectInspectorFactory.javaBooleanObjectInspector);
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] nvi = bytes(args, 0);
      Integer count = (Integer) arg(args, 1);
      // no strict error: a byte other than '0'/'1' is a NULL element, a count out of range a NULL array
      if (nvi == null || count == null || !Ibmi.isFieldCount(count)) {
        return null;
      }
      flags.nvi = nvi;
      flags.count = count;
      return flags;
    }
  }

  /**
   * The flags of one row as a list read straight from its bytes: Spark's Hive bridge copies the list into its own
   * array as soon as evaluate returns, so one view per function instance serves every row without a copy.
   */
  private static final class Flags extends AbstractList<Boolean> implements RandomAccess {
    byte[] nvi;
    int count;

    @Override
    public Boolean get(int j) {
      if (j < 0 || j >= count) {
        throw new IndexOutOfBoundsException(j);
      }
      return Ibmi.nullFlag(nvi, j);
    }

    @Override
    public int size() {
      return count;
    }
  }
}
