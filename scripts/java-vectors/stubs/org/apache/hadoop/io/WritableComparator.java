// Stand-in: Bytes.hashCode delegates here; the vectors never call it.
package org.apache.hadoop.io;

public class WritableComparator {
  public static int hashBytes(byte[] b, int length) {
    throw new UnsupportedOperationException("not used by the vector generator");
  }
}
