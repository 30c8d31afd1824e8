package jcat.kernels;

import java.util.Arrays;
import java.util.Locale;

/**
 * Numeric edited DISPLAY fields read by their COBOL picture, as udfs/core/kernels/edited.py: {@code +9(8)},
 * {@code Z(8)-}, {@code Z(6)VZZ-}, {@code 9(4).99}, {@code 9(5)CR}, and the explicit-point unedited form
 * {@code S9(3).99} (the sign overpunched in the last digit's zone), to the digits of the unscaled integer.
 *
 * <p>A picture is parsed once ({@link #parse}) into a {@link Picture}: runs of one operation (a digit, a blank or
 * digit, the point, a comma or blank, the sign), each byte of a field checked by its run's operation. The symbols
 * read are the kernel's and no others: 9, Z, V (no byte), '.', ',', one sign ('+' or '-' first or last, CR or DB
 * last, S first), repeats as {@code X(n)} with n of 1 to 3 digits; 1 to 38 digits. The characters are invariant
 * EBCDIC (digits X'F0'-X'F9', blank X'40', '+' X'4E', '-' X'60', '.' X'4B', ',' X'6B', C R D B X'C3' X'D9' X'C4'
 * X'C2'): the same bytes in every supported CCSID, so a field is read by byte whatever its CCSID.
 */
public final class Edited {
  private Edited() {}

  public static final int MAX_DIGITS = 38;
  /** The kernel's SYMBOLS, for the message of a picture that is not read. */
  public static final String SYMBOLS =
      "9, Z, V, '.', ',', one sign: '+' or '-' first or last, CR or DB last, S first; n repeats as X(n)";

  /** What {@link #read} returns. */
  public static final int BAD = -1;
  public static final int POSITIVE = 0;
  public static final int NEGATIVE = 1;

  private static final int BLANK = 0x40;
  private static final int PLUS = 0x4E;
  private static final int MINUS = 0x60;
  private static final int POINT = 0x4B;
  private static final int COMMA = 0x6B;
  private static final int LETTER_C = 0xC3;
  private static final int LETTER_R = 0xD9;
  private static final int LETTER_D = 0xC4;
  private static final int LETTER_B = 0xC2;

  // The operations of a picture's runs.
  private static final byte NINE = 0; // a digit
  private static final byte ZED = 1; // a digit, or a blank (a zero) before the first digit
  private static final byte OVERPUNCH = 2; // S: the last digit, its zone the sign (as unpack_zoned)
  private static final byte DOT = 3; // the point, exactly
  private static final byte SEPARATOR = 4; // a comma or a blank
  private static final byte SIGN = 5; // '+' or '-' in the picture: '+', '-' or a blank (Cobrix reads any of them)
  private static final byte CREDIT = 6; // CR: the letters (negative) or two blanks (positive)
  private static final byte DEBIT = 7; // DB: likewise

  /** Zone nibble class of an overpunched sign: 0 invalid, 1 positive (A, C, E, F), 2 negative (B, D). */
  private static final byte[] SIGN_CLASS = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 2, 1, 1};

  /** A parsed picture: runs of one operation and their byte counts. Immutable. */
  public static final class Picture {
    private final byte[] ops;
    private final int[] counts;
    /** The field's width in bytes (V and S take none; CR and DB two). */
    public final long width;
    /** How many digits (9 and Z): the digits {@link #read} writes, 1 to 38. */
    public final int digits;

    private Picture(byte[] ops, int[] counts, long width, int digits) {
      this.ops = ops;
      this.counts = counts;
      this.width = width;
      this.digits = digits;
    }
  }

  /**
   * The picture's program, or null when it is not read (then {@link #problem} is the kernel's error). As the kernel:
   * blanks around it removed and upper-cased, then it must be a sequence of symbols each with an optional repeat,
   * and the rules hold on its characters written out (CR and DB give C R and D B; V none).
   */
  public static Picture parse(String picture) {
    String text = PythonText.stripBlanks(picture).toUpperCase(Locale.ROOT); // Python's strip(" ").upper()
    int n = text.length();
    char[] symbols = new char[n];
    long[] repeats = new long[n];
    int runs = 0;
    for (int at = 0; at < n; ) {
      char c = text.charAt(at);
      char symbol;
      if ((c == 'C' && text.startsWith("CR", at)) || (c == 'D' && text.startsWith("DB", at))) {
        symbol = c; // C for CR, D for DB
        at += 2;
      } else if ("9ZV.,+-S".indexOf(c) >= 0) {
        symbol = c;
        at += 1;
      } else {
        return null;
      }
      int close = repeatEnd(text, at);
      long repeat = 1;
      if (close > 0) {
        repeat = Integer.parseInt(text.substring(at + 1, close - 1));
        at = close;
      }
      if (symbol != 'V' && repeat > 0) { // V takes no byte; X(0) none either
        symbols[runs] = symbol;
        repeats[runs++] = repeat;
      }
    }
    return program(symbols, repeats, runs);
  }

  /** The end (after ')') of a repeat "(n)", n of 1 to 3 ASCII digits, starting at `at`; 0 when there is none. */
  private static int repeatEnd(String text, int at) {
    if (at >= text.length() || text.charAt(at) != '(') {
      return 0;
    }
    int k = at + 1;
    while (k < text.length() && isAsciiDigit(text.charAt(k))) {
      k++;
    }
    int n = k - at - 1;
    return n >= 1 && n <= 3 && k < text.length() && text.charAt(k) == ')' ? k + 1 : 0;
  }

  /**
   * Where the one sign symbol may stand (its run is one character): '+' or '-' first or last, S first (it is
   * overpunched), CR or DB last. The other symbols anywhere.
   */
  private static boolean placed(char symbol, int r, int runs) {
    switch (symbol) {
      case '+':
      case '-':
        return r == 0 || r == runs - 1;
      case 'S':
        return r == 0;
      case 'C':
      case 'D':
        return r == runs - 1;
      default:
        return true;
    }
  }

  private static boolean isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /**
   * The kernel's rules on the written-out characters (at most one sign symbol among + - S C D, at most one point, 1
   * to 38 digits, the sign in its place), then the runs of operations; null when a rule fails.
   */
  private static Picture program(char[] symbols, long[] repeats, int runs) {
    long signs = 0;
    long points = 0;
    long digits = 0;
    for (int r = 0; r < runs; r++) {
      char s = symbols[r];
      if (s == '+' || s == '-' || s == 'S' || s == 'C' || s == 'D') {
        signs += repeats[r];
      } else if (s == '.') {
        points += repeats[r];
      } else if (s == '9' || s == 'Z') {
        digits += repeats[r];
      }
    }
    if (signs > 1 || points > 1 || digits < 1 || digits > MAX_DIGITS) {
      return null;
    }
    for (int r = 0; r < runs; r++) {
      if (!placed(symbols[r], r, runs)) {
        return null;
      }
    }
    return compile(symbols, repeats, runs, symbols[0] == 'S', (int) digits);
  }

  /** The operations, adjacent equal ones merged; with S, the last digit is its own run (its zone the sign). */
  private static Picture compile(char[] symbols, long[] repeats, int runs, boolean overpunch, int digits) {
    int lastDigit = -1;
    for (int r = 0; r < runs; r++) {
      if (symbols[r] == '9' || symbols[r] == 'Z') {
        lastDigit = r;
      }
    }
    byte[] ops = new byte[runs + 1];
    int[] counts = new int[runs + 1];
    int k = 0;
    long width = 0;
    for (int r = 0; r < runs; r++) {
      char s = symbols[r];
      if (s == 'S') {
        continue; // overpunched: no byte of its own
      }
      long count = repeats[r];
      byte op = operation(s);
      if (overpunch && r == lastDigit) {
        k = append(ops, counts, k, op, count - 1);
        k = append(ops, counts, k, OVERPUNCH, 1);
      } else {
        k = append(ops, counts, k, op, count);
      }
      width += op == CREDIT || op == DEBIT ? 2 : count;
    }
    return new Picture(Arrays.copyOf(ops, k), Arrays.copyOf(counts, k), width, digits);
  }

  private static byte operation(char symbol) {
    switch (symbol) {
      case '9':
        return NINE;
      case 'Z':
        return ZED;
      case '.':
        return DOT;
      case ',':
        return SEPARATOR;
      case '+':
      case '-':
        return SIGN;
      case 'C':
        return CREDIT;
      default:
        return DEBIT;
    }
  }

  /** Appends a run of count (merged into the previous one of the same digit or separator operation). */
  private static int append(byte[] ops, int[] counts, int k, byte op, long count) {
    if (count <= 0) {
      return k;
    }
    int n = (int) Math.min(count, Integer.MAX_VALUE); // a width no byte array reaches: never read
    if (k > 0 && ops[k - 1] == op && (op == NINE || op == ZED || op == SEPARATOR)) {
      counts[k - 1] = (int) Math.min((long) counts[k - 1] + n, Integer.MAX_VALUE);
      return k;
    }
    ops[k] = op;
    counts[k] = n;
    return k + 1;
  }

  /** The kernel's error for a picture {@link #parse} does not read (an error in every mode). */
  public static String problem(String picture) {
    return "unpack_edited: picture " + PythonText.repr(picture) + " is not read: the symbols read are " + SYMBOLS + ", 1 to "
        + MAX_DIGITS + " digits";
  }

  /** The kernel's strict-mode reason for bytes the picture does not allow. */
  public static String notAValue(String picture) {
    return "not a value of picture " + PythonText.repr(picture) + " (its width, digits, blanks and sign)";
  }

  /**
   * Reads b[from, from+len) by the picture: {@link #BAD} when a byte is not one its position allows (or the width
   * differs), else {@link #POSITIVE} or {@link #NEGATIVE}, with the value's digits written to digits[0, p.digits) as
   * ASCII '0'-'9' (a leading blank of Z as '0').
   */
  public static int read(byte[] b, int from, int len, Picture p, byte[] digits) {
    if (len != p.width) {
      return BAD;
    }
    int at = from;
    int d = 0;
    boolean seen = false; // a digit (not a blank) at an earlier digit position: Z's blank is then no zero
    boolean negative = false;
    byte[] ops = p.ops;
    int[] counts = p.counts;
    for (int r = 0; r < ops.length; r++) {
      int n = counts[r];
      switch (ops[r]) {
        case NINE:
          for (int end = at + n; at < end; at++) {
            int x = b[at] & 0xFF;
            if (!isDigit(x)) {
              return BAD;
            }
            digits[d++] = (byte) ('0' | (x & 0x0F));
          }
          seen = true;
          break;
        case ZED:
          for (int end = at + n; at < end; at++) {
            int x = b[at] & 0xFF;
            if (x == BLANK && !seen) {
              digits[d++] = '0';
            } else if (isDigit(x)) {
              digits[d++] = (byte) ('0' | (x & 0x0F));
              seen = true;
            } else {
              return BAD;
            }
          }
          break;
        case OVERPUNCH: {
          int x = b[at++] & 0xFF;
          int sign = SIGN_CLASS[x >> 4];
          if (sign == 0 || (x & 0x0F) > 9) {
            return BAD;
          }
          digits[d++] = (byte) ('0' | (x & 0x0F));
          negative = sign == 2;
          break;
        }
        case DOT:
          if ((b[at++] & 0xFF) != POINT) {
            return BAD;
          }
          break;
        case SEPARATOR:
          for (int end = at + n; at < end; at++) {
            int x = b[at] & 0xFF;
            if (x != COMMA && x != BLANK) {
              return BAD;
            }
          }
          break;
        case SIGN: {
          int x = b[at++] & 0xFF;
          if (x != PLUS && x != MINUS && x != BLANK) {
            return BAD;
          }
          negative = x == MINUS;
          break;
        }
        default: { // CREDIT or DEBIT, the last two bytes
          int x = b[at] & 0xFF;
          int y = b[at + 1] & 0xFF;
          at += 2;
          boolean credit = ops[r] == CREDIT;
          boolean letters = credit ? x == LETTER_C && y == LETTER_R : x == LETTER_D && y == LETTER_B;
          if (!letters && !(x == BLANK && y == BLANK)) {
            return BAD;
          }
          negative = letters;
          break;
        }
      }
    }
    return negative ? NEGATIVE : POSITIVE;
  }

  /** An EBCDIC digit X'F0'-X'F9'. */
  private static boolean isDigit(int x) {
    return (x & 0xF0) == 0xF0 && (x & 0x0F) <= 9;
  }
}
