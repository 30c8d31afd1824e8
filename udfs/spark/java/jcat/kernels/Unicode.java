package jcat.kernels;

/** UTF-8 (CCSID 1208) and UTF-16BE (1200, 13488), as udfs/core/kernels/unicode.py: only well-formed text decodes. */
public final class Unicode {
  private Unicode() {}

  public static boolean isUtf8(int ccsid) {
    for (int c : CodePages.UTF8_CCSIDS) {
      if (c == ccsid) return true;
    }
    return false;
  }

  public static boolean isUtf16(int ccsid) {
    for (int c : CodePages.UTF16_CCSIDS) {
      if (c == ccsid) return true;
    }
    return false;
  }

  /** b[from, from+len) appended to out when it is well-formed UTF-8 (Unicode table 3-7); false otherwise. */
  public static boolean utf8(byte[] b, int from, int len, Utf8Out out) {
    int i = from;
    int end = from + len;
    while (i < end) {
      int c = b[i] & 0xFF;
      int need;
      int lo = 0x80;
      int hi = 0xBF;
      if (c < 0x80) {
        i++;
        continue;
      } else if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
      } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) lo = 0xA0; // overlong
        if (c == 0xED) hi = 0x9F; // a surrogate
      } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) lo = 0x90; // overlong
        if (c == 0xF4) hi = 0x8F; // above U+10FFFF
      } else {
        return false;
      }
      if (i + need >= end) {
        return false;
      }
      int second = b[i + 1] & 0xFF;
      if (second < lo || second > hi) return false;
      for (int k = 2; k <= need; k++) {
        if ((b[i + k] & 0xC0) != 0x80) return false;
      }
      i += need + 1;
    }
    out.ensure(len);
    System.arraycopy(b, from, out.bytes, out.length, len);
    out.length += len;
    return true;
  }

  /** b[from, from+len) as UTF-16BE appended to out as UTF-8; false for an odd length or an unpaired surrogate. */
  public static boolean utf16(byte[] b, int from, int len, Utf8Out out) {
    if ((len & 1) != 0) return false;
    int start = out.length;
    out.ensure(len / 2 * 3);
    int end = from + len;
    for (int i = from; i < end; i += 2) {
      int u = ((b[i] & 0xFF) << 8) | (b[i + 1] & 0xFF);
      int cp;
      if (u >= 0xD800 && u <= 0xDBFF) {
        if (i + 2 >= end) {
          out.length = start;
          return false;
        }
        int v = ((b[i + 2] & 0xFF) << 8) | (b[i + 3] & 0xFF);
        if (v < 0xDC00 || v > 0xDFFF) {
          out.length = start;
          return false;
        }
        cp = 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00);
        i += 2;
      } else if (u >= 0xDC00 && u <= 0xDFFF) {
        out.length = start;
        return false;
      } else {
        cp = u;
      }
      codePoint(cp, out);
    }
    return true;
  }

  static void codePoint(int cp, Utf8Out out) {
    out.ensure(4);
    if (cp < 0x80) {
      out.put((byte) cp);
    } else if (cp < 0x800) {
      out.put((byte) (0xC0 | cp >> 6));
      out.put((byte) (0x80 | cp & 0x3F));
    } else if (cp < 0x10000) {
      out.put((byte) (0xE0 | cp >> 12));
      out.put((byte) (0x80 | cp >> 6 & 0x3F));
      out.put((byte) (0x80 | cp & 0x3F));
    } else {
      out.put((byte) (0xF0 | cp >> 18));
      out.put((byte) (0x80 | cp >> 12 & 0x3F));
      out.put((byte) (0x80 | cp >> 6 & 0x3F));
      out.put((byte) (0x80 | cp & 0x3F));
    }
  }
}
