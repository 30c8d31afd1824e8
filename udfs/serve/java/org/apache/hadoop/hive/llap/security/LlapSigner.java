// Stand-in for Hive's LLAP interface, which pyspark's jars do not ship (hive-llap-common). When a JDBC/ODBC
// session closes, HiveServer2 initialises Hive's FunctionRegistry, which names LlapSigner.Signable: without this
// class the first close kills its handler thread (NoClassDefFoundError) and leaves Hive's function registration
// "pending", so every later close waits for ever. Same shape as Hive 2.3's interface; nothing here runs.
package org.apache.hadoop.hive.llap.security;

public interface LlapSigner {
  interface Signable {
    void setSignInfo(int masterKeyId);

    int getMasterKeyId();

    byte[] serialize() throws java.io.IOException;
  }
}
