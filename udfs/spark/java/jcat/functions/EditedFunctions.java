package jcat.functions;

import jcat.kernels.Ebcdic;
import jcat.kernels.Edited;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;

/** The functions of udfs/core/kernels/edited.py. */
public final class EditedFunctions {
  private EditedFunctions() {}

  /**
   * unpack_edited(b BINARY, picture STRING, ccsid INT): a numeric edited DISPLAY field read by its picture to the
   * unscaled integer of its digits, DECIMAL(38,0).
   *
   * <p>As the kernel, in this order: an unsupported CCSID is an error (NULL means 37), a NULL picture gives NULL, a
   * picture that is not read is an error (both whatever b and the strict mode), a NULL b gives NULL, and bytes the
   * picture does not allow (or another width) are undecodable. The picture, nearly always a constant, is parsed
   * once; a picture column keeps the last one parsed.
   */
  public static final class UnpackEdited extends JcatFunction {
    private final transient HiveDecimalWritable value = new HiveDecimalWritable();
    private final transient byte[] digits = new byte[Edited.MAX_DIGITS];
    private transient int constantCcsid;
    private transient boolean ccsidChecked;
    private transient int lastCcsid; // a CCSID column: the last one found supported (once ccsidChecked)
    private transient String pictureText; // the picture parsed last (the constant one, or the last of a column)
    private transient Edited.Picture picture; // its program; null when it is not read

    @Override
    protected String name() {
      return "unpack_edited";
    }

    @Override
    protected int arity() {
      return 3;
    }

    @Override
    protected ObjectInspector result() {
      return PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(
          TypeInfoFactory.getDecimalTypeInfo(38, 0));
    }

    @Override
    protected void prepare() {
      if (isConstant(2)) {
        Integer c = (Integer) constant(2);
        constantCcsid = c == null ? Ebcdic.DEFAULT_CCSID : c;
      }
      if (isConstant(1) && constant(1) != null) {
        parsePicture((String) constant(1)); // its error, if any, at the first row, after the CCSID's
      }
    }

    @Override
    public Object evaluate(DeferredObject[] args) throws HiveException {
      checkCcsid(args);
      String text = (String) arg(args, 1);
      if (text == null) {
        return null;
      }
      if (text != pictureText && !text.equals(pictureText)) {
        parsePicture(text);
      }
      if (picture == null) {
        throw new IllegalArgumentException(Edited.problem(text));
      }
      byte[] b = bytes(args, 0);
      if (b == null) {
        return null;
      }
      int sign = Edited.read(b, 0, b.length, picture, digits);
      if (sign == Edited.BAD) {
        return strict() ? undecodable(b, Edited.notAValue(text)) : null;
      }
      setValue(sign == Edited.NEGATIVE, picture.digits);
      return value;
    }

    private void parsePicture(String text) {
      pictureText = text;
      picture = Edited.parse(text);
    }

    /** The kernel checks every row's CCSID, whatever its bytes and picture: an unsupported one is an error. */
    private void checkCcsid(DeferredObject[] args) throws HiveException {
      int ccsid = constantCcsid;
      if (!isConstant(2)) {
        Integer c = (Integer) arg(args, 2);
        ccsid = c == null ? Ebcdic.DEFAULT_CCSID : c;
      }
      if (!ccsidChecked || ccsid != lastCcsid) {
        check(ccsid);
        lastCcsid = ccsid;
        ccsidChecked = true;
      }
    }

    private static void check(int ccsid) {
      if (Ebcdic.page(ccsid) < 0) {
        throw new IllegalArgumentException("unpack_edited: " + Ebcdic.unsupported(ccsid, false));
      }
    }

    /** The digits read as the result: a long up to 18 digits, Hive's digit reader beyond. */
    private void setValue(boolean negative, int n) {
      if (n <= 18) {
        long v = 0;
        for (int i = 0; i < n; i++) {
          v = v * 10 + (digits[i] - '0');
        }
        value.setFromLongAndScale(negative ? -v : v, 0);
      } else {
        value.setFromDigitsOnlyBytesWithScale(negative, digits, 0, n, 0);
      }
    }
  }
}
