package jcat.kernels;

/**
 * Big-endian binary integers (IBM i {@code Bin}, IDMS type 1, Db2 SMALLINT/INT, COBOL COMP/COMP-4/BINARY/COMP-5), as
 * udfs/core/kernels/binary.py: two's complement unless read unsigned, 1 to 8 bytes to a long, 1 to 16 bytes to a
 * DECIMAL(38,0) {@link Decimal.Value}.
 */
public final class Binary {
  private Binary() {}

  public static final int MAX_BIGINT_BYTES = 8;
  public static final int MAX_DECIMAL_BYTES = 16;
  public static final String UNSIGNED_PAST_BIGINT = "unsigned value above 9223372036854775807 does not fit BIGINT";
  public static final String PAST_38_DIGITS = "more than 38 digits";

  /** 10^38 as an unsigned 128-bit (high, low): DECIMAL(38,0) holds magnitudes below it. */
  private static final long BIG_HIGH = 5421010862427522170L;
  private static final long BIG_LOW = 687399551400673280L;

  /** "N bytes is not a valid binary width (1 to LIMIT)". */
  public static String widthReason(int len, int limit) {
    return len + " bytes is not a valid binary width (1 to " + limit + ")";
  }

  /**
   * b[off, off+len), 1 to 8 bytes, as a long: sign-extended when {@code signed}, else zero-extended (an unsigned
   * 8-byte value above 2^63-1 comes back negative: check {@link #fitsBigint} first).
   */
  public static long bigEndian(byte[] b, int off, int len, boolean signed) {
    long v = signed ? b[off] : b[off] & 0xFF;
    for (int i = off + 1, end = off + len; i < end; i++) {
      v = (v << 8) | (b[i] & 0xFF);
    }
    return v;
  }

  /** False for an unsigned 8-byte value with its top bit set: above 2^63-1, past BIGINT. */
  public static boolean fitsBigint(byte[] b, int off, int len, boolean signed) {
    return signed || len < MAX_BIGINT_BYTES || b[off] >= 0;
  }

  /**
   * b[off, off+len), 1 to 16 bytes, into {@code out}; false when its magnitude has more than 38 digits (10^38 or
   * more: the 16-byte extremes).
   */
  public static boolean toDecimal(byte[] b, int off, int len, boolean signed, Decimal.Value out) {
    boolean negative = signed && b[off] < 0;
    long high;
    long low;
    if (len <= 8) {
      low = bigEndian(b, off, len, signed);
      high = negative ? -1 : 0;
    } else {
      high = bigEndian(b, off, len - 8, signed);
      low = bigEndian(b, off + len - 8, 8, false);
    }
    if (negative) { // |value|: the two's complement negation
      high = ~high + (low == 0 ? 1 : 0);
      low = -low;
    }
    if (Long.compareUnsigned(high, BIG_HIGH) > 0 || (high == BIG_HIGH && Long.compareUnsigned(low, BIG_LOW) >= 0)) {
      return false;
    }
    out.negative = negative;
    out.high = high;
    out.low = low;
    return true;
  }
}
