// Stand-in for Hadoop's RawComparator interface.
package org.apache.hadoop.io;

public interface RawComparator<T> extends java.util.Comparator<T> {
  int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2);
}
