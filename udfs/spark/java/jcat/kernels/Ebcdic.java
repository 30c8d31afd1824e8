package jcat.kernels;

/**
 * Single-byte EBCDIC text, as udfs/core/kernels/ebcdic.py: a table lookup per byte straight to UTF-8, trailing
 * X'40' and X'00' cut as bytes. The tables are built once per class from the generated CodePages.
 */
public final class Ebcdic {
  private Ebcdic() {}

  public static final int DEFAULT_CCSID = CodePages.DEFAULT_CCSID;
  private static final int BLANK = 0x40;

  /** UTF8[k][b]: the UTF-8 bytes of byte b in CodePages.CCSIDS[k]. */
  private static final byte[][][] UTF8 = new byte[CodePages.CCSIDS.length][256][];

  static {
    for (int k = 0; k < CodePages.CCSIDS.length; k++) {
      for (int b = 0; b < 256; b++) {
        Utf8Out one = new Utf8Out();
        Unicode.codePoint(CodePages.CHARS[k][b], one);
        UTF8[k][b] = java.util.Arrays.copyOf(one.bytes, one.length);
      }
    }
  }

  /** The table index of a single-byte CCSID, or -1. */
  public static int page(int ccsid) {
    for (int k = 0; k < CodePages.CCSIDS.length; k++) {
      if (CodePages.CCSIDS[k] == ccsid) return k;
    }
    return -1;
  }

  /** Throws the kernels' UnsupportedCcsid message unless ccsid is a single-byte EBCDIC CCSID we read. */
  public static int checkPage(int ccsid) {
    int k = page(ccsid);
    if (k < 0) throw new IllegalArgumentException(unsupported(ccsid, false));
    return k;
  }

  /** Throws unless ccsid is one the text functions read (EBCDIC, UTF-8, UTF-16BE). */
  public static void checkText(int ccsid) {
    if (page(ccsid) < 0 && !Unicode.isUtf8(ccsid) && !Unicode.isUtf16(ccsid)) {
      throw new IllegalArgumentException(unsupported(ccsid, true));
    }
  }

  /** "CCSID n is not supported; supported single-byte EBCDIC CCSIDs: ...[; Unicode CCSIDs: ...]". */
  public static String unsupported(int ccsid, boolean text) {
    StringBuilder s = new StringBuilder("CCSID ").append(ccsid).append(" is not supported; supported single-byte EBCDIC CCSIDs: ");
    for (int k = 0; k < CodePages.CCSIDS.length; k++) {
      s.append(k == 0 ? "" : ", ").append(CodePages.CCSIDS[k]);
    }
    if (text) {
      int[] all = new int[CodePages.UTF8_CCSIDS.length + CodePages.UTF16_CCSIDS.length];
      System.arraycopy(CodePages.UTF8_CCSIDS, 0, all, 0, CodePages.UTF8_CCSIDS.length);
      System.arraycopy(CodePages.UTF16_CCSIDS, 0, all, CodePages.UTF8_CCSIDS.length, CodePages.UTF16_CCSIDS.length);
      java.util.Arrays.sort(all);
      s.append("; Unicode CCSIDs: ");
      for (int k = 0; k < all.length; k++) {
        s.append(k == 0 ? "" : ", ").append(all[k]);
      }
    }
    return s.toString();
  }

  /** b[from, from+len) in code page k appended to out as UTF-8, untrimmed. */
  public static void decode(byte[] b, int from, int len, int k, Utf8Out out) {
    byte[][] table = UTF8[k];
    out.ensure(3 * len);
    byte[] o = out.bytes;
    int n = out.length;
    for (int i = from, end = from + len; i < end; i++) {
      byte[] u = table[b[i] & 0xFF];
      if (u.length == 1) {
        o[n++] = u[0];
      } else {
        for (byte x : u) o[n++] = x;
      }
    }
    out.length = n;
  }

  /** Like decode, trailing X'40' and X'00' bytes cut first (ebcdic_str's single-byte path). */
  public static void decodeTrimmed(byte[] b, int from, int len, int k, Utf8Out out) {
    int end = from + len;
    while (end > from && (b[end - 1] == BLANK || b[end - 1] == 0)) {
      end--;
    }
    decode(b, from, end - from, k, out);
  }

  /**
   * ebcdic_str of b[from, from+len): false when the bytes are not well-formed in a Unicode CCSID (NULL). The
   * CCSID must have passed checkText.
   */
  public static boolean text(byte[] b, int from, int len, int ccsid, Utf8Out out) {
    int k = page(ccsid);
    if (k >= 0) {
      decodeTrimmed(b, from, len, k, out);
      return true;
    }
    boolean ok = Unicode.isUtf8(ccsid) ? Unicode.utf8(b, from, len, out) : Unicode.utf16(b, from, len, out);
    if (ok) {
      out.rtrimBlanksAndNuls();
    }
    return ok;
  }
}
