package jcat.kernels;

/**
 * Time values, as udfs/core/kernels/clocks.py: z/Architecture TOD clocks, Db2 LRSNs, LLDF BIN(17) BCD stamps and
 * IBM i SAA text stamps, each to microseconds since 1970-01-01 00:00:00 (UTC for the instants TOD and LRSN, the
 * wall clock read as if UTC for the zone-less BIN(17) and IBM i stamps).
 *
 * <p>Every kernel reads {@code b[from, from+len)} (a column's value or a field of a record) and returns the
 * microseconds, or {@link #UNDECODABLE} (NULL; strict mode: an error) or {@link #OUT_OF_RANGE} (NULL whatever the
 * mode: the bytes are well formed but the instant is before 0001-01-01 or after 9999-12-31, which Spark cannot
 * hold). No kernel allocates: dates are days from the civil date by integer arithmetic (H. Hinnant's
 * days_from_civil), as the Python kernel computes them.
 */
public final class Clocks {
  private Clocks() {}

  /** TOD value of 1970-01-01 00:00:00 UTC (Linux arch/s390 TOD_UNIX_EPOCH); bit 51 is one microsecond. */
  public static final long TOD_UNIX_EPOCH = 0x7D91048BCA000000L;

  public static final long TOD_UNIX_EPOCH_US = TOD_UNIX_EPOCH >>> 12;
  /** 0001-01-01 00:00:00 and 9999-12-31 23:59:59.999999: Spark's timestamp range. */
  public static final long MIN_US = -62135596800L * 1_000_000L;

  public static final long MAX_US = 253402300799999999L;

  /** The result of bytes that do not decode: NULL, or strict mode's DecodeError. */
  public static final long UNDECODABLE = Long.MIN_VALUE;
  /** The result of a well-formed value outside MIN_US..MAX_US: NULL and never an error, as the kernel's mask. */
  public static final long OUT_OF_RANGE = Long.MIN_VALUE + 1;

  /** True when a kernel's result is microseconds (neither UNDECODABLE nor OUT_OF_RANGE). */
  public static boolean isMicros(long result) {
    return result > OUT_OF_RANGE;
  }

  private static long inRange(long micros) {
    return micros >= MIN_US && micros <= MAX_US ? micros : OUT_OF_RANGE;
  }

  // ---- TOD clock and LRSN ----------------------------------------------------------------------------------

  /** Microseconds since 1970 of an extended TOD value: epoch index (bits above the 64-bit clock) and TOD value. */
  private static long todMicros(long epoch, long tod) {
    // TOD >> 12 truncates the sub-microsecond bits, as the kernel's unsigned shift does; the epoch is worth 2^52 us.
    return (epoch << 52) + (tod >>> 12) - TOD_UNIX_EPOCH_US;
  }

  /** parse_tod: an 8-byte STCK value or a 16-byte STCKE (byte 0 the epoch index, bytes 1-8 the TOD value). */
  public static long tod(byte[] b, int from, int len) {
    if (len == 8) {
      return inRange(todMicros(0, be64(b, from)));
    }
    if (len == 16) {
      return inRange(todMicros(b[from] & 0xFF, be64(b, from + 1)));
    }
    return UNDECODABLE;
  }

  /**
   * parse_lrsn: a 6-byte LRSN (TOD bits 0-47) or a 10-byte extended LRSN (byte 0 the epoch, bytes 1-8 a TOD value),
   * less the delta {@code d[dFrom, dFrom+dLen)} when d is not null. The delta is an LRSN form (6 or 10 bytes; its
   * epoch byte is not used) or a plain 8-byte TOD value; a borrow takes one from the LRSN's epoch, and a delta
   * larger than an epoch-0 LRSN does not decode. 8 bytes is only a delta's form, not an LRSN's.
   */
  public static long lrsn(byte[] b, int from, int len, byte[] d, int dFrom, int dLen) {
    long epoch;
    long tod;
    if (len == 6) {
      epoch = 0;
      tod = be48(b, from) << 16;
    } else if (len == 10) {
      epoch = b[from] & 0xFF;
      tod = be64(b, from + 1);
    } else {
      return UNDECODABLE;
    }
    if (d != null) {
      long dtod;
      if (dLen == 6) {
        dtod = be48(d, dFrom) << 16;
      } else if (dLen == 8) {
        dtod = be64(d, dFrom);
      } else if (dLen == 10) {
        dtod = be64(d, dFrom + 1);
      } else {
        return UNDECODABLE;
      }
      if (Long.compareUnsigned(tod, dtod) < 0) {
        if (epoch == 0) {
          return UNDECODABLE;
        }
        epoch--;
      }
      tod -= dtod; // modulo 2^64, the borrow taken from the epoch above
    }
    return inRange(todMicros(epoch, tod));
  }

  private static long be64(byte[] b, int at) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = (v << 8) | (b[at + i] & 0xFF);
    }
    return v;
  }

  private static long be48(byte[] b, int at) {
    long v = 0;
    for (int i = 0; i < 6; i++) {
      v = (v << 8) | (b[at + i] & 0xFF);
    }
    return v;
  }

  // ---- calendar ---------------------------------------------------------------------------------------------

  private static final int[] MONTH_DAYS = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

  /**
   * clocks.civil_valid: a real proleptic Gregorian date in years 1-9999 and a time of day; second 60 (a leap
   * second) is not valid, as Spark has none. Like the kernel, the time's fields have no lower bound checked
   * (callers give digits, never negative).
   */
  public static boolean civilValid(long y, long mo, long d, long h, long mi, long s) {
    if (y < 1 || y > 9999 || mo < 1 || mo > 12 || d < 1) {
      return false;
    }
    boolean leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    int dim = MONTH_DAYS[(int) mo] + (mo == 2 && leap ? 1 : 0);
    return d <= dim && h <= 23 && mi <= 59 && s <= 59;
  }

  /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil, as clocks.days_from_civil). */
  public static long daysFromCivil(long y, long mo, long d) {
    if (mo <= 2) {
      y -= 1;
    }
    long era = Math.floorDiv(y, 400);
    long yoe = y - era * 400;
    long mp = Math.floorMod(mo + 9, 12);
    long doy = Math.floorDiv(153 * mp + 2, 5) + d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
  }

  /** Microseconds since 1970 of a civil date and time (clocks.civil_micros). */
  public static long civilMicros(long y, long mo, long d, long h, long mi, long s, long us) {
    return ((daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s) * 1_000_000L) + us;
  }

  // ---- LLDF BIN(17) -----------------------------------------------------------------------------------------

  public static final int TS17_WIDTH = 17;
  /** Db2 TIMESTAMP(12): the fraction always shows 12 digits, more only where later ones are not 0. */
  public static final int TS17_FRACTION_DIGITS = 12;

  private static final int TS17_NIBBLES = 2 * TS17_WIDTH;
  private static final int TS17_FRACTION_AT = 14;

  /** Nibble i (0 the high nibble of byte 0) of b at from. */
  private static int nibble(byte[] b, int from, int i) {
    int v = b[from + (i >> 1)] & 0xFF;
    return (i & 1) == 0 ? v >> 4 : v & 0x0F;
  }

  /** The decimal number of nibbles [first, first+count). */
  private static long bcd(byte[] b, int from, int first, int count) {
    long v = 0;
    for (int i = first; i < first + count; i++) {
      v = v * 10 + nibble(b, from, i);
    }
    return v;
  }

  /**
   * True for a BIN(17) stamp: 17 bytes, every one of the 34 nibbles a decimal digit (the padding after the 12
   * fraction digits too), X'YYYYMMDDHHMMSS' a real date and time.
   */
  private static boolean isTimestamp17(byte[] b, int from, int len) {
    if (len != TS17_WIDTH) {
      return false;
    }
    for (int i = from; i < from + TS17_WIDTH; i++) {
      if ((b[i] & 0xF0) > 0x90 || (b[i] & 0x0F) > 9) {
        return false;
      }
    }
    return civilValid(
        bcd(b, from, 0, 4), bcd(b, from, 4, 2), bcd(b, from, 6, 2), bcd(b, from, 8, 2), bcd(b, from, 10, 2),
        bcd(b, from, 12, 2));
  }

  /** parse_timestamp17: the wall clock's microseconds; fraction digits past the sixth are dropped, not rounded. */
  public static long timestamp17(byte[] b, int from, int len) {
    if (!isTimestamp17(b, from, len)) {
      return UNDECODABLE;
    }
    return civilMicros(
        bcd(b, from, 0, 4), bcd(b, from, 4, 2), bcd(b, from, 6, 2), bcd(b, from, 8, 2), bcd(b, from, 10, 2),
        bcd(b, from, 12, 2), bcd(b, from, TS17_FRACTION_AT, 6));
  }

  /**
   * parse_timestamp17_fraction: the fraction's ASCII digits written to out[0..), at least 12 (picoseconds) and up
   * to the last of the 20 that is not 0; returns how many, or -1 when b is not a BIN(17) stamp. out holds 20.
   */
  public static int timestamp17Fraction(byte[] b, int from, int len, byte[] out) {
    if (!isTimestamp17(b, from, len)) {
      return -1;
    }
    int keep = TS17_FRACTION_DIGITS;
    for (int i = 0; i < TS17_NIBBLES - TS17_FRACTION_AT; i++) {
      int digit = nibble(b, from, TS17_FRACTION_AT + i);
      out[i] = (byte) ('0' + digit);
      if (digit != 0 && i + 1 > keep) {
        keep = i + 1;
      }
    }
    return keep;
  }

  // ---- IBM i SAA timestamp ----------------------------------------------------------------------------------

  private static final byte DASH = 10;
  private static final byte DOT = 11;
  private static final byte OTHER = -1;

  /**
   * SYMBOL[k][byte]: in CodePages.CCSIDS[k], the byte's digit value, DASH, DOT or OTHER. Read through each code
   * page as the kernel's ascii_table does (digits and separators are the EBCDIC invariant characters, but a page
   * decides).
   */
  private static final byte[][] SYMBOL = new byte[CodePages.CCSIDS.length][256];

  static {
    for (int k = 0; k < CodePages.CCSIDS.length; k++) {
      for (int i = 0; i < 256; i++) {
        char c = CodePages.CHARS[k][i];
        SYMBOL[k][i] = c >= '0' && c <= '9' ? (byte) (c - '0') : c == '-' ? DASH : c == '.' ? DOT : OTHER;
      }
    }
  }

  /** The widths of TIMESTAMP(p): 19 characters for p = 0, else 20 + p with p 1 to 12. */
  public static boolean isIbmiTimestampWidth(int len) {
    return len == 19 || (len >= 21 && len <= 32);
  }

  /** The number of the digits at b[at, at+n) in symbols sym, or -1 when one is not a digit. */
  private static long digits(byte[] sym, byte[] b, int at, int n) {
    long v = 0;
    for (int i = at; i < at + n; i++) {
      int s = sym[b[i] & 0xFF];
      if (s < 0 || s > 9) {
        return -1;
      }
      v = v * 10 + s;
    }
    return v;
  }

  /**
   * parse_ibmi_timestamp of b in code page k (Ebcdic.page): {@code YYYY-MM-DD-HH.MM.SS[.f...]}, 19 or 21 to 32
   * characters; every fraction digit must be a digit, the first six give the microseconds (later ones dropped).
   */
  public static long ibmiTimestamp(byte[] b, int from, int len, int k) {
    if (!isIbmiTimestampWidth(len)) {
      return UNDECODABLE;
    }
    byte[] sym = SYMBOL[k];
    if (sym[b[from + 4] & 0xFF] != DASH
        || sym[b[from + 7] & 0xFF] != DASH
        || sym[b[from + 10] & 0xFF] != DASH
        || sym[b[from + 13] & 0xFF] != DOT
        || sym[b[from + 16] & 0xFF] != DOT
        || (len > 19 && sym[b[from + 19] & 0xFF] != DOT)) {
      return UNDECODABLE;
    }
    long y = digits(sym, b, from, 4);
    long mo = digits(sym, b, from + 5, 2);
    long d = digits(sym, b, from + 8, 2);
    long h = digits(sym, b, from + 11, 2);
    long mi = digits(sym, b, from + 14, 2);
    long s = digits(sym, b, from + 17, 2);
    if (y < 0 || mo < 0 || d < 0 || h < 0 || mi < 0 || s < 0) {
      return UNDECODABLE;
    }
    long us = 0;
    long scale = 100_000;
    for (int i = from + 20; i < from + len; i++) {
      int digit = sym[b[i] & 0xFF];
      if (digit < 0 || digit > 9) {
        return UNDECODABLE;
      }
      us += digit * scale;
      scale /= 10; // 0 after the sixth digit: later ones are dropped
    }
    if (!civilValid(y, mo, d, h, mi, s)) {
      return UNDECODABLE;
    }
    return civilMicros(y, mo, d, h, mi, s, us);
  }
}
