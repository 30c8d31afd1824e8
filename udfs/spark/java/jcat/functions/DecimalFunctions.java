package jcat.functions;

import jcat.kernels.Decimal;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;

/** The functions of udfs/core/kernels/decimal.py: zoned and packed decimal to DECIMAL(38,0). */
public final class DecimalFunctions {
  private DecimalFunctions() {}

  /** A function with a DECIMAL(38,0) result (never folded on constants: JcatFunction.getRequiredFiles). */
  abstract static class DecimalFunction extends JcatFunction {
    @Override
    protected final ObjectInspector result() {
      return decimal38();
    }
  }


  /** The DECIMAL(38,0) result's inspector. */
  static ObjectInspector decimal38() {
    return PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(TypeInfoFactory.getDecimalTypeInfo(38, 0));
  }

  /**
   * A reused DECIMAL(38,0) result: a long's value directly, a larger one from its 16 bytes of two's complement
   * (Hive reads them without a BigInteger). Used by binary's unpack_bin_decimal as well.
   */
  static final class DecimalOut {
    final Decimal.Value value = new Decimal.Value();
    private final HiveDecimalWritable writable = new HiveDecimalWritable();
    private final byte[] bytes = new byte[16];

    HiveDecimalWritable write() {
      if (value.fitsLong()) {
        writable.setFromLong(value.longValue());
      } else {
        value.twosComplement(bytes);
        writable.setFromBigIntegerBytesAndScale(bytes, 0, bytes.length, 0);
      }
      return writable;
    }
  }

  /** unpack_zoned(b BINARY, sign STRING): zoned decimal, the sign trailing (NULL), leading, or separate. */
  public static final class UnpackZoned extends DecimalFunction {
    private final transient DecimalOut out = new DecimalOut();
    private transient int constantForm = -1;
    private transient String constantError;

    @Override
    protected String name() {
      return "unpack_zoned";
    }

    @Override
    protected int arity() {
      return 2;
    }

    @Override
    protected void prepare() {
      if (isConstant(1)) {
        String sign = (String) constant(1);
        constantForm = Decimal.signForm(sign);
        if (constantForm < 0) {
          constantError = Decimal.unknownSignForm(sign); // raised at the first row, as the kernel at its first batch
        }
      }
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      int form = constantForm;
      if (constantError != null) {
        throw new IllegalArgumentException(constantError);
      }
      if (form < 0) { // the kernel checks every row's sign form, the bytes NULL or not
        String sign = (String) arg(args, 1);
        form = Decimal.signForm(sign);
        if (form < 0) {
          throw new IllegalArgumentException(Decimal.unknownSignForm(sign));
        }
      }
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      switch (Decimal.zoned(b, 0, b.length, form, out.value)) {
        case Decimal.OK:
          return out.write();
        case Decimal.BAD_WIDTH:
          return undecodable(b, Decimal.zonedWidthReason(b.length, form));
        default:
          return undecodable(b, Decimal.ZONED_BAD);
      }
    }
  }

  /** unpack_packed(b BINARY): packed decimal (COMP-3) of 1 to 20 bytes. */
  public static final class UnpackPacked extends DecimalFunction {
    private final transient DecimalOut out = new DecimalOut();

    @Override
    protected String name() {
      return "unpack_packed";
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
      switch (Decimal.packed(b, 0, b.length, out.value)) {
        case Decimal.OK:
          return out.write();
        case Decimal.BAD_WIDTH:
          return undecodable(b, Decimal.packedWidthReason(b.length));
        default:
          return undecodable(b, Decimal.packedBadReason(b.length));
      }
    }
  }
}
