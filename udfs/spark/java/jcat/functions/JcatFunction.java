package jcat.functions;

import java.util.Locale;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ConstantObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.spark.sql.internal.SQLConf;

/**
 * The Hive GenericUDF every catalog function's JVM engine extends: arity, argument reading and strict mode, once.
 *
 * <p>jcat's persistent function {@code jcat.NAME} (a SQL function) calls {@code jcat.NAME_jvm}, this class, with its
 * arguments already cast to the catalog's types (BINARY, INT, BOOLEAN, STRING) and its defaults filled in, so a
 * subclass reads them without conversion. A constant argument (a CCSID, a picture, a format) is read once, at
 * initialize; a column is read per row.
 *
 * <p>Strict mode is {@code spark.jcat.strict}: Spark hands every session setting named {@code spark.*} to its tasks,
 * and SQLConf.get() reads them on an executor as on the driver (where constant calls are folded).
 */
public abstract class JcatFunction extends GenericUDF {
  public static final String STRICT_CONF = "spark.jcat.strict";

  protected transient PrimitiveObjectInspector[] inputs;
  private transient Object[] constants;
  private transient Boolean strict;

  /** The catalog's name of the function, for messages. */
  protected abstract String name();

  /** How many arguments the JVM function takes (the SQL wrapper always passes every one). */
  protected abstract int arity();

  /** The result's inspector; called once, after the inputs are known. */
  protected abstract ObjectInspector result() throws UDFArgumentException;

  /** Called once after the inputs are known and before any row: read constant arguments here. */
  protected void prepare() throws UDFArgumentException {}

  @Override
  public final ObjectInspector initialize(ObjectInspector[] arguments) throws UDFArgumentException {
    if (arguments.length != arity()) {
      throw new UDFArgumentException(name() + " takes " + arity() + " arguments, got " + arguments.length);
    }
    inputs = new PrimitiveObjectInspector[arguments.length];
    constants = new Object[arguments.length];
    for (int i = 0; i < arguments.length; i++) {
      if (!(arguments[i] instanceof PrimitiveObjectInspector)) {
        throw new UDFArgumentException(name() + ": argument " + (i + 1) + " must be a primitive value");
      }
      inputs[i] = (PrimitiveObjectInspector) arguments[i];
      if (arguments[i] instanceof ConstantObjectInspector) {
        constants[i] = inputs[i].getPrimitiveJavaObject(((ConstantObjectInspector) arguments[i]).getWritableConstantValue());
      }
    }
    prepare();
    return result();
  }

  /** True when argument i is a constant (its value, possibly NULL, is {@link #constant}). */
  protected final boolean isConstant(int i) {
    return inputs[i] instanceof ConstantObjectInspector;
  }

  protected final Object constant(int i) {
    return constants[i];
  }

  /** Argument i of this row as its Java value: byte[], Integer, Boolean, String, or null. */
  protected final Object arg(DeferredObject[] args, int i) throws HiveException {
    if (isConstant(i)) {
      return constants[i];
    }
    Object o = args[i].get();
    return o == null ? null : inputs[i].getPrimitiveJavaObject(o);
  }

  protected final byte[] bytes(DeferredObject[] args, int i) throws HiveException {
    return (byte[]) arg(args, i);
  }

  protected final boolean strict() {
    if (strict == null) {
      String v = SQLConf.get().getConfString(STRICT_CONF, "false");
      strict = "true".equals(v.trim().toLowerCase(Locale.ROOT));
    }
    return strict;
  }

  /**
   * NULL, or in strict mode the error the Arrow kernel raises: the function, the bytes in hex, the reason.
   * Kernels return null for bytes that do not decode; the functions call this with the reason.
   */
  protected final Object undecodable(byte[] raw, String reason) {
    if (strict()) {
      throw decodeError(name(), raw, reason);
    }
    return null;
  }

  /**
   * Strict mode's error, worded as the Arrow kernels' DecodeError: "NAME: cannot decode X'HEX': REASON". A JDK
   * class, not one of this jar's: the driver deserializes a failed task's exception with its own class loader,
   * which has not loaded the jar a CREATE FUNCTION ... USING JAR names, and would lose the message.
   */
  public static IllegalArgumentException decodeError(String function, byte[] raw, String reason) {
    return new IllegalArgumentException(function + ": cannot decode X'" + hex(raw) + "': " + reason);
  }

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  static String hex(byte[] raw) {
    int n = Math.min(raw.length, 64);
    StringBuilder s = new StringBuilder(2 * n + 3);
    for (int i = 0; i < n; i++) {
      s.append(HEX[(raw[i] >> 4) & 0xF]).append(HEX[raw[i] & 0xF]);
    }
    if (raw.length > 64) {
      s.append("...");
    }
    return s.toString();
  }

  private static final String[] NO_FILES = new String[0];

  /**
   * Never folded by Hive on constants. Spark (HiveGenericUDFEvaluator) folds a call whose arguments are all
   * literals into a constant inspector and reads a DECIMAL constant through Hive's default DECIMAL(38,18)
   * inspector: a value of more than 20 digits came out NULL. Hive folds only when this list is null, so it is
   * empty: a call on literals is evaluated as a call on columns, and gives the same value in every function.
   */
  @Override
  public final String[] getRequiredFiles() {
    return NO_FILES;
  }

  @Override
  public String getDisplayString(String[] children) {
    return name() + "(" + String.join(", ", children) + ")";
  }
}
