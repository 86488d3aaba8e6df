// Stand-in for Guava's Preconditions with the same contract, for the calls Bytes makes.
package org.apache.hbase.thirdparty.com.google.common.base;

public final class Preconditions {
  public static void checkArgument(boolean ok) {
    if (!ok) throw new IllegalArgumentException();
  }
  public static void checkArgument(boolean ok, Object message) {
    if (!ok) throw new IllegalArgumentException(String.valueOf(message));
  }
  public static <T> T checkNotNull(T value, Object message) {
    if (value == null) throw new NullPointerException(String.valueOf(message));
    return value;
  }
  public static int checkPositionIndex(int index, int size, String desc) {
    if (index < 0 || index > size) throw new IndexOutOfBoundsException(desc);
    return index;
  }
}
