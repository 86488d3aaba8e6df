// Stand-in: Hadoop's vint helpers, which the vectors never call.
package org.apache.hadoop.io;

public final class WritableUtils {
  private static UnsupportedOperationException unused() {
    return new UnsupportedOperationException("not used by the vector generator");
  }
  public static int readVInt(java.io.DataInput in) { throw unused(); }
  public static void writeVInt(java.io.DataOutput out, int i) { throw unused(); }
  public static int getVIntSize(long i) { throw unused(); }
  public static int decodeVIntSize(byte b) { throw unused(); }
  public static boolean isNegativeVInt(byte b) { throw unused(); }
}
