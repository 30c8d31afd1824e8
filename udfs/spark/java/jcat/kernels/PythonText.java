package jcat.kernels;

import java.util.Locale;

/**
 * Python's text rules the kernels' messages and arguments follow, so an error names an argument exactly as the Arrow
 * kernel does ({@code {x!r}}) and a format is read as {@code strip(" ")} reads it.
 */
public final class PythonText {
  private PythonText() {}

  /** Python's str.strip(" "): only U+0020 removed, at both ends. */
  public static String stripBlanks(String s) {
    int start = 0;
    int end = s.length();
    while (start < end && s.charAt(start) == ' ') {
      start++;
    }
    while (end > start && s.charAt(end - 1) == ' ') {
      end--;
    }
    return s.substring(start, end);
  }

  /**
   * Python's repr() of a str: single quotes unless it holds ' and no ", backslash and the quote escaped, \t \n \r,
   * other controls and non-printable characters as \xhh, \\uhhhh or \Uhhhhhhhh (printable: not a control, format,
   * surrogate, private-use, unassigned or separator other than space).
   */
  public static String repr(String s) {
    char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    StringBuilder out = new StringBuilder(s.length() + 2).append(quote);
    for (int i = 0; i < s.length(); ) {
      int c = s.codePointAt(i);
      i += Character.charCount(c);
      if (c == quote || c == '\\') {
        out.append('\\').append((char) c);
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c == 0x7F) {
        out.append(String.format(Locale.ROOT, "\\x%02x", c));
      } else if (c < 0x7F || isPrintable(c)) {
        out.appendCodePoint(c);
      } else if (c <= 0xFF) {
        out.append(String.format(Locale.ROOT, "\\x%02x", c));
      } else if (c <= 0xFFFF) {
        out.append(String.format(Locale.ROOT, "\\u%04x", c));
      } else {
        out.append(String.format(Locale.ROOT, "\\U%08x", c));
      }
    }
    return out.append(quote).toString();
  }

  /** str.isprintable() of one character beyond ASCII. */
  private static boolean isPrintable(int c) {
    switch (Character.getType(c)) {
      case Character.CONTROL:
      case Character.FORMAT:
      case Character.SURROGATE:
      case Character.PRIVATE_USE:
      case Character.UNASSIGNED:
      case Character.LINE_SEPARATOR:
      case Character.PARAGRAPH_SEPARATOR:
      case Character.SPACE_SEPARATOR:
        return false;
      default:
        return true;
    }
  }
}
