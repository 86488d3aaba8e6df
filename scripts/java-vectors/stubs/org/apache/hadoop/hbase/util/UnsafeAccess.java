// Stand-in: never reached, since HBasePlatformDependent.unaligned() is false here.
package org.apache.hadoop.hbase.util;

public final class UnsafeAccess {
  public static final long BYTE_ARRAY_BASE_OFFSET = 0;
  public static final boolean LITTLE_ENDIAN = false;
  private static UnsupportedOperationException unused() {
    return new UnsupportedOperationException("Unsafe is not used by the vector generator");
  }
  public static long toLong(byte[] b, int o) { throw unused(); }
  public static int toInt(byte[] b, int o) { throw unused(); }
  public static short toShort(byte[] b, int o) { throw unused(); }
  public static int putLong(byte[] b, int o, long v) { throw unused(); }
  public static int putInt(byte[] b, int o, int v) { throw unused(); }
  public static int putShort(byte[] b, int o, short v) { throw unused(); }
}
