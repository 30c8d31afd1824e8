package jcat.kernels;

/**
 * IBM System/390 hexadecimal floating point (COBOL COMP-1 and COMP-2, Db2 for z/OS REAL and DOUBLE), as
 * udfs/core/kernels/hfp.py.
 *
 * <p>Bit 0 the sign, bits 1-7 the characteristic (a power of 16, excess 64), then the fraction 0.f (24 bits in 4
 * bytes, 56 in 8). The fraction is rounded to a double once (Java's long-to-double conversion rounds to nearest, as
 * numpy's), then scaled by a power of two, which is exact: every HFP value is inside a double's normal range
 * (2^-312 to 2^252).
 */
public final class Hfp {
  private Hfp() {}

  /** 4 (short) or 8 (long) bytes; any other width is not a hexadecimal float. */
  public static boolean isWidth(int len) {
    return len == 4 || len == 8;
  }

  /** "N bytes is not a hexadecimal float width (4 or 8)". */
  public static String widthReason(int len) {
    return len + " bytes is not a hexadecimal float width (4 or 8)";
  }

  /** The value of b[off, off+len), len 4 or 8. */
  public static double value(byte[] b, int off, int len) {
    long bits = Binary.bigEndian(b, off, len, false);
    int fractionBits = len == 4 ? 24 : 56;
    long fraction = bits & ((1L << fractionBits) - 1);
    int exponent = (int) ((bits >>> fractionBits) & 127) - 64;
    double v = Math.scalb((double) fraction, 4 * exponent - fractionBits);
    return ((bits >>> (fractionBits + 7)) & 1) != 0 ? -v : v; // -0.0 for a negative zero, as the kernel's -1.0 * 0.0
  }
}
