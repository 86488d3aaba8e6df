// Stand-in: reports unaligned access as unavailable, so Bytes takes its pure-Java
// converter and comparer (the reference code; the Unsafe ones must produce the same bytes).
package org.apache.hadoop.hbase.unsafe;

public final class HBasePlatformDependent {
  public static boolean unaligned() {
    return false;
  }
  public static int arrayIndexScale(Class<?> c) {
    throw new UnsupportedOperationException("Unsafe is not used by the vector generator");
  }
  public static long getLong(Object o, long offset) {
    throw new UnsupportedOperationException("Unsafe is not used by the vector generator");
  }
}
