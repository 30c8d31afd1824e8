package jcat.functions;

import jcat.kernels.Binary;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.LongWritable;

/** The functions of udfs/core/kernels/binary.py: big-endian binary integers to BIGINT and DECIMAL(38,0). */
public final class BinaryFunctions {
  private BinaryFunctions() {}

  /** The `signed` argument's reading: NULL is the default, true (two's complement), as the kernel's int_argument. */
  private abstract static class SignedArgument extends JcatFunction {
    private transient boolean constantSigned;

    @Override
    protected final int arity() {
      return 2;
    }

    @Override
    protected final void prepare() {
      if (isConstant(1)) {
        constantSigned = !Boolean.FALSE.equals(constant(1));
      }
    }

    final boolean signed(DeferredObject[] args) throws HiveException {
      return isConstant(1) ? constantSigned : !Boolean.FALSE.equals(arg(args, 1));
    }
  }

  /** unpack_bin(b BINARY, signed BOOLEAN): 1 to 8 bytes to BIGINT. */
  public static final class UnpackBin extends SignedArgument {
    private final transient LongWritable out = new LongWritable();

    @Override
    protected String name() {
      return "unpack_bin";
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.writableLongObjectInspector;
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      boolean signed = signed(args);
      int n = b.length;
      if (n < 1 || n > Binary.MAX_BIGINT_BYTES) {
        return undecodable(b, Binary.widthReason(n, Binary.MAX_BIGINT_BYTES));
      }
      if (!Binary.fitsBigint(b, 0, n, signed)) {
        return undecodable(b, Binary.UNSIGNED_PAST_BIGINT);
      }
      out.set(Binary.bigEndian(b, 0, n, signed));
      return out;
    }
  }

  /** unpack_bin_decimal(b BINARY, signed BOOLEAN): 1 to 16 bytes to DECIMAL(38,0), NULL past 38 digits. */
  public static final class UnpackBinDecimal extends SignedArgument {
    private final transient DecimalFunctions.DecimalOut out = new DecimalFunctions.DecimalOut();

    @Override
    protected String name() {
      return "unpack_bin_decimal";
    }

    @Override
    protected ObjectInspector result() {
      return DecimalFunctions.decimal38();
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      boolean signed = signed(args);
      int n = b.length;
      if (n < 1 || n > Binary.MAX_DECIMAL_BYTES) {
        return undecodable(b, Binary.widthReason(n, Binary.MAX_DECIMAL_BYTES));
      }
      if (!Binary.toDecimal(b, 0, n, signed, out.value)) {
        return undecodable(b, Binary.PAST_38_DIGITS);
      }
      return out.write();
    }
  }
}
