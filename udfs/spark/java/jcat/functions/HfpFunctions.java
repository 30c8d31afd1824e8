package jcat.functions;

import jcat.kernels.Hfp;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.io.DoubleWritable;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;

/** The functions of udfs/core/kernels/hfp.py: IBM hexadecimal floating point to DOUBLE. */
public final class HfpFunctions {
  private HfpFunctions() {}

  /** unpack_hfp(b BINARY): 4 (COMP-1) or 8 (COMP-2) bytes of hexadecimal floating point; other widths NULL. */
  public static final class UnpackHfp extends JcatFunction {
    // Hive's DoubleWritable (a subclass of Hadoop's): when Spark folds a call on literals, Hive's constant inspector
    // casts the value to it.
    private final transient DoubleWritable out = new DoubleWritable();

    @Override
    protected String name() {
      return "unpack_hfp";
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
      if (!Hfp.isWidth(b.length)) {
        return undecodable(b, Hfp.widthReason(b.length));
      }
      out.set(Hfp.value(b, 0, b.length));
      return out;
    }
  }
}
