package jcat.functions;

import jcat.kernels.Ebcdic;
import jcat.kernels.Utf8Out;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.io.Text;

/** The functions of udfs/core/kernels/ebcdic.py. */
public final class EbcdicFunctions {
  private EbcdicFunctions() {}

  /** ebcdic_str(b BINARY, ccsid INT): text, trailing blanks and NULs removed. */
  public static final class EbcdicStr extends JcatFunction {
    private final transient Utf8Out out = new Utf8Out();
    private final transient Text text = new Text();
    private transient int constantCcsid = -1;
    private transient boolean checked;

    @Override
    protected String name() {
      return "ebcdic_str";
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
    protected void prepare() {
      if (isConstant(1)) {
        Integer c = (Integer) constant(1);
        constantCcsid = c == null ? Ebcdic.DEFAULT_CCSID : c;
      }
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      int ccsid = constantCcsid;
      if (ccsid < 0) {
        Integer c = (Integer) arg(args, 1);
        ccsid = c == null ? Ebcdic.DEFAULT_CCSID : c;
        Ebcdic.checkText(ccsid); // an error whatever the strict mode, as in the kernel
      } else if (!checked) {
        Ebcdic.checkText(ccsid);
        checked = true;
      }
      out.clear();
      if (!Ebcdic.text(b, 0, b.length, ccsid, out)) {
        return undecodable(b, "not well-formed in CCSID " + ccsid);
      }
      text.set(out.bytes, 0, out.length);
      return text;
    }
  }
}
