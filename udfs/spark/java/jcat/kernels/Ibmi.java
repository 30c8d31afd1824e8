package jcat.kernels;

import java.util.Locale;

/**
 * Values in an IBM i record buffer, as udfs/core/kernels/ibmi.py: dates and times as characters in the file's
 * DATFMT/TIMFMT, REAL/DOUBLE, VARCHAR/VARBINARY (a 2-byte length, then the declared maximum of bytes) and the
 * null-value indicators of JONVI.
 *
 * <p>Dates and times are read as bytes through CCSID 37's ASCII table: digits, the separators / - . , : and blank,
 * and the letters of AM/PM are the same bytes in every supported EBCDIC CCSID (IBM's invariant characters), so
 * they take no CCSID argument. A format is parsed once into a {@link Form}; a row is then a length check, a table
 * lookup per byte and a few comparisons.
 */
public final class Ibmi {
  private Ibmi() {}

  // DATFMT -> its characters: y m d (j: day of the year) digits, '?' the DATSEP separator, others fixed
  private static final String[] DATE_NAMES = {"*ISO", "*EUR", "*USA", "*JIS", "*MDY", "*DMY", "*YMD", "*JUL"};
  private static final String[] DATE_FORMS = {
    "yyyy-mm-dd", "dd.mm.yyyy", "mm/dd/yyyy", "yyyy-mm-dd", "mm?dd?yy", "dd?mm?yy", "yy?mm?dd", "yy?jjj"
  };
  // TIMFMT -> its characters: h m s digits, '?' the TIMSEP separator; *USA is hh:mm AM / PM
  private static final String[] TIME_NAMES = {"*ISO", "*EUR", "*JIS", "*HMS", "*USA"};
  private static final String[] TIME_FORMS = {"hh.mm.ss", "hh.mm.ss", "hh:mm:ss", "hh?mm?ss", "hh:mm xM"};
  /** What DATSEP/TIMSEP may be (blank for DDS '&'), one character each. */
  private static final String SEPARATORS = "/-., :";

  public static final String DEFAULT_DATSEP = "/";
  public static final String DEFAULT_TIMSEP = ":";
  /** Two-digit years 40-99 are 19xx, 00-39 20xx. */
  public static final int CENTURY_SPLIT = 40;
  /** An IBM i record format has at most 8000 fields. */
  public static final int MAX_FIELDS = 8000;
  private static final byte NULL_BYTE = (byte) 0xF1; // EBCDIC '1'
  private static final byte NOT_NULL_BYTE = (byte) 0xF0; // EBCDIC '0'

  /** date()'s answer for characters that are not a date in the form. */
  public static final int NO_DATE = Integer.MIN_VALUE;
  /** time()'s answer for characters that are not a time in the form. */
  public static final int NO_TIME = -1;

  private static final byte NOT_ASCII = (byte) 0xFF;
  /** Byte -> its ASCII character in CCSID 37, or NOT_ASCII (ebcdic.ascii_table: only X'40' and X'00' are blank, NUL). */
  private static final byte[] ASCII = asciiTable(Ebcdic.checkPage(Ebcdic.DEFAULT_CCSID));

  private static final int[] MONTH_DAYS = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

  private static byte[] asciiTable(int page) {
    byte[] t = new byte[256];
    for (int i = 0; i < 256; i++) {
      char ch = CodePages.CHARS[page][i];
      boolean blankOrNul = ch == ' ' || ch == 0;
      t[i] = ch < 0x80 && (!blankOrNul || i == 0x40 || i == 0) ? (byte) ch : NOT_ASCII;
    }
    return t;
  }

  /** A DATFMT or TIMFMT with its separator in place: the characters, which are fixed, where each field starts. */
  public static final class Form {
    final byte[] chars; // ASCII
    final boolean[] fixed; // the position must hold chars[i]
    final int year; // start of y, or -1
    final int yearDigits;
    final int month; // start of m (month, or minute in a time)
    final int day; // start of d
    final int dayOfYear; // start of j, or -1
    final int hour;
    final int second; // start of s, or -1 (*USA)
    final int amPm; // position of A/P in *USA, or -1

    /** digits: the letters that stand for digits; amPm: where *USA's A or P is (not fixed), or -1. */
    Form(String form, String digits, int amPm) {
      int n = form.length();
      chars = new byte[n];
      fixed = new boolean[n];
      for (int i = 0; i < n; i++) {
        char c = form.charAt(i);
        chars[i] = (byte) c;
        fixed[i] = digits.indexOf(c) < 0 && i != amPm;
      }
      year = form.indexOf('y');
      yearDigits = (int) form.chars().filter(c -> c == 'y').count();
      month = form.indexOf('m');
      day = form.indexOf('d');
      dayOfYear = form.indexOf('j');
      hour = form.indexOf('h');
      second = form.indexOf('s');
      this.amPm = amPm;
    }

    /** The form's characters (separator in place), as the kernel's messages and tests see them. */
    @Override
    public String toString() {
      return new String(chars, java.nio.charset.StandardCharsets.US_ASCII);
    }
  }

  /**
   * The DATFMT's form with its DATSEP (NULL: the default /); null for a NULL format. A format or separator not
   * listed throws the kernel's message (an error in every mode: a wrong argument, not a wrong byte).
   */
  public static Form dateForm(String fmt, String sep) {
    if (fmt == null) {
      return null;
    }
    int k = lookup(DATE_NAMES, fmt, "DATFMT");
    return new Form(DATE_FORMS[k].replace("?", separator(sep, DEFAULT_DATSEP)), "ymdj", -1);
  }

  /** The TIMFMT's form with its TIMSEP (NULL: the default :); null for a NULL format; as dateForm. */
  public static Form timeForm(String fmt, String sep) {
    if (fmt == null) {
      return null;
    }
    int k = lookup(TIME_NAMES, fmt, "TIMFMT");
    String form = TIME_FORMS[k].replace("?", separator(sep, DEFAULT_TIMSEP));
    int x = form.indexOf('x');
    if (x < 0) {
      return new Form(form, "hms", -1);
    }
    // *USA: ':', blank and 'M' in place; the A/P position is read on its own
    return new Form(form.replace('x', 'A'), "hm", x);
  }

  /** The format's index: trimmed of blanks and upper-cased as SQL trim() and upper() (and the kernel) do. */
  private static int lookup(String[] names, String fmt, String what) {
    String key = PythonText.stripBlanks(fmt).toUpperCase(Locale.ROOT);
    for (int k = 0; k < names.length; k++) {
      if (names[k].equals(key)) {
        return k;
      }
    }
    throw new IllegalArgumentException(what + " " + PythonText.repr(fmt) + " is not one of " + String.join(", ", names));
  }

  /** The separator, NULL its default; checked even where the form has no separator, as the kernel does. */
  private static String separator(String sep, String dflt) {
    String s = sep == null ? dflt : sep;
    if (s.length() != 1 || SEPARATORS.indexOf(s.charAt(0)) < 0) {
      StringBuilder listed = new StringBuilder();
      for (int i = 0; i < SEPARATORS.length(); i++) {
        listed.append(i == 0 ? "" : ", ").append('\'').append(SEPARATORS.charAt(i)).append('\'');
      }
      throw new IllegalArgumentException("separator " + PythonText.repr(s) + " is not one of " + listed);
    }
    return s;
  }

  // ---- dates and times ----------------------------------------------------------------------------------------

  /** The form's length, and its own character at every position that is not a digit of a field. */
  private static boolean fixedCharsOk(byte[] b, Form f) {
    byte[] want = f.chars;
    if (b.length != want.length) {
      return false;
    }
    boolean[] fixed = f.fixed;
    for (int i = 0; i < want.length; i++) {
      if (fixed[i] && ASCII[b[i] & 0xFF] != want[i]) {
        return false;
      }
    }
    return true;
  }

  /** The decimal value of b[from, from+n) as EBCDIC digits, or -1 when one is not a digit. */
  private static int digits(byte[] b, int from, int n) {
    int v = 0;
    for (int i = from; i < from + n; i++) {
      int d = ASCII[b[i] & 0xFF] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  private static boolean leap(int y) {
    return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
  }

  /** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm, as clocks.days_from_civil). */
  public static int daysFromCivil(int y, int mo, int d) {
    int yy = mo <= 2 ? y - 1 : y;
    int era = Math.floorDiv(yy, 400);
    int yoe = yy - era * 400;
    int mp = (mo + 9) % 12;
    int doy = (153 * mp + 2) / 5 + d - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
  }

  /**
   * The DATE the characters b hold in form f, as days since 1970-01-01, or NO_DATE: a wrong length, separator or
   * non-digit, or a date that does not exist (Feb 30, month 13, year 0000, day 366 of a common year).
   */
  public static int date(byte[] b, Form f) {
    if (!fixedCharsOk(b, f)) {
      return NO_DATE;
    }
    int y = digits(b, f.year, f.yearDigits);
    if (y < 0) {
      return NO_DATE;
    }
    if (f.yearDigits == 2) {
      y += y >= CENTURY_SPLIT ? 1900 : 2000;
    }
    if (f.dayOfYear >= 0) { // *JUL: yy/jjj, day 1 to 365 (366 in a leap year)
      int doy = digits(b, f.dayOfYear, 3);
      if (doy < 1 || doy > (leap(y) ? 366 : 365)) {
        return NO_DATE;
      }
      return daysFromCivil(y, 1, 1) + doy - 1;
    }
    int mo = digits(b, f.month, 2);
    int d = digits(b, f.day, 2);
    if (mo < 1 || mo > 12 || d < 1 || y < 1 || y > 9999) {
      return NO_DATE;
    }
    int dim = MONTH_DAYS[mo] + (mo == 2 && leap(y) ? 1 : 0);
    return d <= dim ? daysFromCivil(y, mo, d) : NO_DATE;
  }

  /**
   * The TIME the characters b hold in form f, as seconds of the day (86400 for 24:00:00, Db2's end of the day), or
   * NO_TIME: a wrong length, separator or non-digit, an hour above 24, a minute or second above 59. *USA (hh:mm AM or
   * PM): 12:01 AM-12:59 AM are 00:01-00:59, 12:00 AM is 24:00:00 and 00:00 AM is 00:00:00 (IBM's USA-to-ISO table),
   * seconds 00.
   */
  public static int time(byte[] b, Form f) {
    if (!fixedCharsOk(b, f)) {
      return NO_TIME;
    }
    int h = digits(b, f.hour, 2);
    int m = digits(b, f.month, 2);
    if (h < 0 || m < 0 || m > 59) {
      return NO_TIME;
    }
    int at = f.amPm;
    if (at >= 0) {
      byte half = ASCII[b[at] & 0xFF];
      boolean am = half == 'A';
      if (!am && half != 'P') {
        return NO_TIME;
      }
      if (!(h >= 1 && h <= 12) && !(h == 0 && m == 0 && am)) {
        return NO_TIME;
      }
      int hour = am ? (h == 12 ? (m == 0 ? 24 : 0) : h) : (h == 12 ? 12 : h + 12);
      return hour * 3600 + m * 60;
    }
    int s = digits(b, f.second, 2);
    if (s < 0 || s > 59 || !(h <= 23 || (h == 24 && m == 0 && s == 0))) {
      return NO_TIME;
    }
    return h * 3600 + m * 60 + s;
  }

  /** A time() value as the 8 ASCII bytes 'HH:MM:SS' in out[0, 8). */
  public static void timeText(int seconds, byte[] out) {
    two(seconds / 3600, out, 0);
    out[2] = ':';
    two(seconds / 60 % 60, out, 3);
    out[5] = ':';
    two(seconds % 60, out, 6);
  }

  private static void two(int v, byte[] out, int at) {
    out[at] = (byte) ('0' + v / 10);
    out[at + 1] = (byte) ('0' + v % 10);
  }

  // ---- REAL / DOUBLE ------------------------------------------------------------------------------------------

  /** True when b is an IEEE float's width: 4 bytes (REAL) or 8 (DOUBLE). */
  public static boolean isFloatWidth(int length) {
    return length == 4 || length == 8;
  }

  /** IEEE 754 big-endian binary32 or binary64 (b of isFloatWidth) as a double; a REAL widens exactly. */
  public static double unpackFloat(byte[] b) {
    if (b.length == 4) {
      return Float.intBitsToFloat(int32(b, 0));
    }
    return Double.longBitsToDouble((long) int32(b, 0) << 32 | (int32(b, 4) & 0xFFFFFFFFL));
  }

  private static int int32(byte[] b, int at) {
    return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
  }

  // ---- VARCHAR / VARBINARY ------------------------------------------------------------------------------------

  /** The length L of a VARCHAR/VARBINARY buffer (2 bytes, big-endian, then at least L bytes), or -1. */
  public static int varyingLength(byte[] b) {
    if (b.length < 2) {
      return -1;
    }
    int length = (b[0] & 0xFF) << 8 | (b[1] & 0xFF);
    return length <= b.length - 2 ? length : -1;
  }

  /**
   * b[from, from+len) in the CCSID appended to out as UTF-8, untrimmed (a VARCHAR's trailing blanks are its own):
   * page is Ebcdic.page(ccsid), -1 for UTF-8/UTF-16BE; false when those bytes are not well-formed. The CCSID must
   * have passed Ebcdic.checkText.
   */
  public static boolean text(byte[] b, int from, int len, int page, int ccsid, Utf8Out out) {
    if (page >= 0) {
      Ebcdic.decode(b, from, len, page, out);
      return true;
    }
    return Unicode.isUtf8(ccsid) ? Unicode.utf8(b, from, len, out) : Unicode.utf16(b, from, len, out);
  }

  // ---- JONVI --------------------------------------------------------------------------------------------------

  /** True when count is a record format's number of fields (0 to 8000); else the flags are NULL. */
  public static boolean isFieldCount(int count) {
    return count >= 0 && count <= MAX_FIELDS;
  }

  /** Field j's flag: true for '1' (null), false for '0', null for any other byte or a field past the bytes. */
  public static Boolean nullFlag(byte[] nvi, int j) {
    if (j >= nvi.length) {
      return null;
    }
    byte v = nvi[j];
    return v == NULL_BYTE ? Boolean.TRUE : v == NOT_NULL_BYTE ? Boolean.FALSE : null;
  }
}
