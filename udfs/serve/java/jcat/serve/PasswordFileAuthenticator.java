// Password-file login check for `jcat serve --auth password` (a HiveServer2 CUSTOM authentication provider).
// Users are `user:pbkdf2_sha256$iterations$salt_hex$hash_hex` lines in the file named by JCAT_SERVE_PASSWORD_FILE
// (written by `jcat serve --add-user`), read at each login so adding or removing a user needs no restart.
// Built into udfs/serve/java/jcat-serve.jar by udfs/serve/java/build.sh (committed; never compiled at serve time).
package jcat.serve;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.security.sasl.AuthenticationException;
import org.apache.hive.service.auth.PasswdAuthenticationProvider;

public class PasswordFileAuthenticator implements PasswdAuthenticationProvider {
  // HiveServer2's SASL PLAIN server turns each byte into a char (a sign-extended one above 127): undo that
  // and read the bytes as the UTF-8 the clients send, so non-ASCII users and passwords work.
  static String fromWire(String s) {
    byte[] b = new byte[s.length()];
    for (int i = 0; i < b.length; i++) {
      char c = s.charAt(i);
      if (c > 0xFF && c < 0xFF80) return s;  // already real text: a server that decodes properly
      b[i] = (byte) (c & 0xFF);
    }
    return new String(b, StandardCharsets.UTF_8);
  }

  @Override
  public void Authenticate(String user, String password) throws AuthenticationException {
    String path = System.getenv("JCAT_SERVE_PASSWORD_FILE");
    if (path == null || user == null || password == null) throw new AuthenticationException("jcat: login refused");
    user = fromWire(user);
    password = fromWire(password);
    try {
      for (String line : Files.readAllLines(Paths.get(path), StandardCharsets.UTF_8)) {
        line = line.strip();
        if (line.isEmpty() || line.startsWith("#")) continue;
        int colon = line.lastIndexOf(':');
        if (colon < 0 || !line.substring(0, colon).equals(user)) continue;
        String[] p = line.substring(colon + 1).split("\\$");
        if (p.length != 4 || !p[0].equals("pbkdf2_sha256")) continue;
        int iterations = Integer.parseInt(p[1]);
        byte[] salt = HexFormat.of().parseHex(p[2]);
        byte[] expected = HexFormat.of().parseHex(p[3]);
        PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, expected.length * 8);
        byte[] got = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
        if (MessageDigest.isEqual(expected, got)) return;
      }
    } catch (Exception e) {
      throw new AuthenticationException("jcat: login refused (password file unreadable)");
    }
    throw new AuthenticationException("jcat: login refused for user " + user);
  }
}
