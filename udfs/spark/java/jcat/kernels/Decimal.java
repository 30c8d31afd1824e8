package jcat.kernels;

/**
 * Zoned and packed decimal to the integer of their digits, as udfs/core/kernels/decimal.py (its docstrings are the
 * specification; reference/formats.md gives the format rules).
 *
 * <p>Sign rules: the sign nibble C, A, E, F is positive, D, B negative; a digit nibble above 9 is invalid. Zoned
 * digits other than the sign's carry zone F. A zoned field's sign is overpunched in the last byte's zone (COBOL's
 * default), in the first byte's (SIGN LEADING), or is a byte of its own, EBCDIC '+' X'4E' or '-' X'60', after or
 * before the digits (SIGN ... SEPARATE). The result is DECIMAL(38,0): a 20-byte packed field's 39th digit must be 0.
 *
 * <p>Up to 18 digits the value is accumulated in a long (the common case: no 128-bit arithmetic); beyond, in a
 * 128-bit magnitude, 18 digits at a time. Results go to a caller's reusable {@link Value}: no allocation per value.
 */
public final class Decimal {
  private Decimal() {}

  public static final int MAX_DIGITS = 38;
  public static final int MAX_PACKED_BYTES = 20;
  /** Digits that always fit a long (10^18 - 1 < 2^63). */
  static final int LONG_DIGITS = 18;

  /** The zoned sign forms, in the order of SIGN_FORMS in decimal.py. */
  public static final int TRAILING = 0;
  public static final int LEADING = 1;
  public static final int TRAILING_SEPARATE = 2;
  public static final int LEADING_SEPARATE = 3;
  private static final String[] SIGN_FORMS = {"trailing", "leading", "trailing separate", "leading separate"};
  public static final int DEFAULT_SIGN = TRAILING;

  /** Outcomes of a decode: the value is in the Value; the width is outside the format's; the bytes are invalid. */
  public static final int OK = 0;
  public static final int BAD_WIDTH = 1;
  public static final int BAD_BYTES = 2;

  public static final String ZONED_BAD =
      "a digit above 9, a zone other than F, or a sign that is not A-F (or '+'/'-' where separate)";
  /** The kernel's reason for a packed field of 1 to 9 bytes (its fixed-width path: 17 digits or fewer). */
  public static final String PACKED_BAD_SHORT = "a digit nibble above 9 or a sign nibble below A";
  /** The kernel's reason for a packed field of 10 to 20 bytes (its general path). */
  public static final String PACKED_BAD =
      "a digit nibble above 9, a sign nibble below A, or a value past 38 digits";

  private static final int PLUS = 0x4E; // EBCDIC '+' and '-', the same bytes in every supported CCSID
  private static final int MINUS = 0x60;

  /** SIGN_CLASS[nibble]: 0 invalid, 1 positive (A, C, E, F), 2 negative (B, D). */
  private static final byte[] SIGN_CLASS = new byte[16];
  private static final int NEGATIVE = 2;
  /** ZONED_DIGIT[byte]: the digit of X'F0'..X'F9', else -1. */
  private static final byte[] ZONED_DIGIT = new byte[256];
  /** PACKED_PAIR[byte]: the two digit nibbles as 0..99, or -1 when either is above 9. */
  private static final byte[] PACKED_PAIR = new byte[256];
  static final long[] POW10 = new long[LONG_DIGITS + 1];

  static {
    SIGN_CLASS[0xA] = SIGN_CLASS[0xC] = SIGN_CLASS[0xE] = SIGN_CLASS[0xF] = 1;
    SIGN_CLASS[0xB] = SIGN_CLASS[0xD] = NEGATIVE;
    for (int b = 0; b < 256; b++) {
      ZONED_DIGIT[b] = (byte) ((b >>> 4) == 0xF && (b & 0xF) <= 9 ? b & 0xF : -1);
      PACKED_PAIR[b] = (byte) ((b >>> 4) <= 9 && (b & 0xF) <= 9 ? (b >>> 4) * 10 + (b & 0xF) : -1);
    }
    POW10[0] = 1;
    for (int i = 1; i <= LONG_DIGITS; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  /**
   * A DECIMAL(38,0) value: a sign and an unsigned 128-bit magnitude (high, low). The caller keeps one and reuses it;
   * digits beyond a long's are pushed 18 at a time.
   */
  public static final class Value {
    public boolean negative;
    public long high;
    public long low;
    private long pending;
    private int pendingDigits;

    /** True when the value is a long: the magnitude is below 2^63. */
    public boolean fitsLong() {
      return high == 0 && low >= 0;
    }

    /** The value, when {@link #fitsLong}. */
    public long longValue() {
      return negative ? -low : low;
    }

    /** The value as 16 bytes of big-endian two's complement into out[0..16) (the magnitude is below 2^127). */
    public void twosComplement(byte[] out) {
      long h = high;
      long l = low;
      if (negative) {
        h = ~h + (l == 0 ? 1 : 0);
        l = -l;
      }
      for (int i = 7; i >= 0; i--) {
        out[i] = (byte) h;
        out[8 + i] = (byte) l;
        h >>>= 8;
        l >>>= 8;
      }
    }

    void setLong(long magnitude, boolean neg) {
      high = 0;
      low = magnitude;
      negative = neg;
    }

    void startDigits() {
      high = 0;
      low = 0;
      pending = 0;
      pendingDigits = 0;
    }

    void pushDigit(int d) {
      pending = pending * 10 + d;
      if (++pendingDigits == LONG_DIGITS) {
        mulAdd(POW10[LONG_DIGITS], pending);
        pending = 0;
        pendingDigits = 0;
      }
    }

    void finishDigits(boolean neg) {
      if (pendingDigits > 0) {
        mulAdd(POW10[pendingDigits], pending);
      }
      negative = neg;
    }

    /** (high, low) = (high, low) * m + add, unsigned; m and add below 2^63 and the result below 2^128. */
    void mulAdd(long m, long add) {
      long productLow = low * m;
      long productHigh = Math.multiplyHigh(low, m) + ((low >> 63) & m); // unsigned high word of low * m
      long h = high * m + productHigh;
      long l = productLow + add;
      if (Long.compareUnsigned(l, productLow) < 0) {
        h++;
      }
      high = h;
      low = l;
    }
  }

  /** The sign form named, NULL the default; -1 for a name that is not one (an error in every mode). */
  public static int signForm(String name) {
    if (name == null) {
      return DEFAULT_SIGN;
    }
    for (int k = 0; k < SIGN_FORMS.length; k++) {
      if (SIGN_FORMS[k].equals(name)) {
        return k;
      }
    }
    return -1;
  }

  /** The kernel's ValueError for a sign form not listed: "unpack_zoned: sign 'x' is not one of 'trailing', ...". */
  public static String unknownSignForm(String name) {
    StringBuilder s = new StringBuilder("unpack_zoned: sign ").append(PythonText.repr(name)).append(" is not one of ");
    for (int k = 0; k < SIGN_FORMS.length; k++) {
      s.append(k == 0 ? "" : ", ").append('\'').append(SIGN_FORMS[k]).append('\'');
    }
    return s.toString();
  }

  public static String signFormName(int form) {
    return SIGN_FORMS[form];
  }

  private static boolean separate(int form) {
    return form == TRAILING_SEPARATE || form == LEADING_SEPARATE;
  }

  /** "N bytes is not a valid zoned decimal (FORM) width (1 to 38)": 39 for a separate sign (the kernel's words). */
  public static String zonedWidthReason(int len, int form) {
    return widthReason(len, MAX_DIGITS + (separate(form) ? 1 : 0), "zoned decimal (" + SIGN_FORMS[form] + ")");
  }

  public static String packedWidthReason(int len) {
    return widthReason(len, MAX_PACKED_BYTES, "packed decimal");
  }

  /** The kernel's reason for invalid packed bytes of a valid width (its two paths word it differently). */
  public static String packedBadReason(int len) {
    return len <= (LONG_DIGITS + 1) / 2 ? PACKED_BAD_SHORT : PACKED_BAD;
  }

  static String widthReason(int len, int limit, String what) {
    return len + " bytes is not a valid " + what + " width (1 to " + limit + ")";
  }

  /**
   * Zoned decimal b[off, off+len) in the sign form {@code form} into {@code out}: OK, BAD_WIDTH (1 to 38 digits, and
   * the sign byte when separate) or BAD_BYTES.
   */
  public static int zoned(byte[] b, int off, int len, int form, Value out) {
    boolean separate = separate(form);
    if (len < (separate ? 2 : 1) || len > MAX_DIGITS + (separate ? 1 : 0)) {
      return BAD_WIDTH;
    }
    boolean trailing = form == TRAILING || form == TRAILING_SEPARATE;
    int s = b[trailing ? off + len - 1 : off] & 0xFF;
    boolean negative;
    int from = off; // the bytes [from, to) are F-zoned digits; an overpunched digit is head or tail
    int to = off + len;
    int head = -1;
    int tail = -1;
    if (separate) {
      if (s == MINUS) {
        negative = true;
      } else if (s == PLUS) {
        negative = false;
      } else {
        return BAD_BYTES;
      }
    } else {
      int cls = SIGN_CLASS[s >>> 4];
      if (cls == 0 || (s & 0xF) > 9) {
        return BAD_BYTES;
      }
      negative = cls == NEGATIVE;
    }
    if (trailing) {
      to--;
      tail = separate ? -1 : s & 0xF;
    } else {
      from++;
      head = separate ? -1 : s & 0xF;
    }
    int digits = len - (separate ? 1 : 0);
    if (digits <= LONG_DIGITS) {
      long v = head < 0 ? 0 : head;
      for (int i = from; i < to; i++) {
        int d = ZONED_DIGIT[b[i] & 0xFF];
        if (d < 0) {
          return BAD_BYTES;
        }
        v = v * 10 + d;
      }
      if (tail >= 0) {
        v = v * 10 + tail;
      }
      out.setLong(v, negative);
      return OK;
    }
    out.startDigits();
    if (head >= 0) {
      out.pushDigit(head);
    }
    for (int i = from; i < to; i++) {
      int d = ZONED_DIGIT[b[i] & 0xFF];
      if (d < 0) {
        return BAD_BYTES;
      }
      out.pushDigit(d);
    }
    if (tail >= 0) {
      out.pushDigit(tail);
    }
    out.finishDigits(negative);
    return OK;
  }

  /**
   * Packed decimal b[off, off+len) into {@code out}: OK, BAD_WIDTH (1 to 20 bytes) or BAD_BYTES (a digit nibble
   * above 9, a sign nibble below A, or a 20-byte field's 39th digit other than 0: past DECIMAL(38)).
   */
  public static int packed(byte[] b, int off, int len, Value out) {
    if (len < 1 || len > MAX_PACKED_BYTES) {
      return BAD_WIDTH;
    }
    int last = b[off + len - 1] & 0xFF;
    int cls = SIGN_CLASS[last & 0xF];
    int lastDigit = last >>> 4;
    if (cls == 0 || lastDigit > 9) {
      return BAD_BYTES;
    }
    boolean negative = cls == NEGATIVE;
    int end = off + len - 1;
    if (2 * len - 1 <= LONG_DIGITS) {
      long v = 0;
      for (int i = off; i < end; i++) {
        int pair = PACKED_PAIR[b[i] & 0xFF];
        if (pair < 0) {
          return BAD_BYTES;
        }
        v = v * 100 + pair;
      }
      out.setLong(v * 10 + lastDigit, negative);
      return OK;
    }
    if (2 * len - 1 > MAX_DIGITS && (b[off] & 0xF0) != 0) {
      return BAD_BYTES; // a 39th digit other than 0 passes DECIMAL(38)
    }
    out.startDigits();
    for (int i = off; i < end; i++) {
      int pair = PACKED_PAIR[b[i] & 0xFF];
      if (pair < 0) {
        return BAD_BYTES;
      }
      out.pushDigit(pair / 10);
      out.pushDigit(pair % 10);
    }
    out.pushDigit(lastDigit);
    out.finishDigits(negative);
    return OK;
  }
}
