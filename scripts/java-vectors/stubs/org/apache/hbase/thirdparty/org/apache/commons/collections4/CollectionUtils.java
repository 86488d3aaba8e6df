// Stand-in for Commons Collections' isEmpty, for the calls Bytes makes.
package org.apache.hbase.thirdparty.org.apache.commons.collections4;

public final class CollectionUtils {
  public static boolean isEmpty(java.util.Collection<?> c) {
    return c == null || c.isEmpty();
  }
}
