package jcat.kernels;

/** A reusable UTF-8 output buffer: kernels write a value's bytes here, the caller copies them once. */
public final class Utf8Out {
  public byte[] bytes = new byte[256];
  public int length;

  public void clear() {
    length = 0;
  }

  void ensure(int more) {
    if (length + more > bytes.length) {
      bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }
  }

  void put(byte b) {
    bytes[length++] = b;
  }

  /** Cut trailing U+0020 and U+0000 (each one byte in UTF-8). */
  void rtrimBlanksAndNuls() {
    while (length > 0 && (bytes[length - 1] == 0x20 || bytes[length - 1] == 0)) {
      length--;
    }
  }
}
