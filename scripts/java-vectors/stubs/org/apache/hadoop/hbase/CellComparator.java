// Stand-in: Bytes names CellComparator in a search helper the vectors never call.
package org.apache.hadoop.hbase;

public interface CellComparator {
  int compare(Cell a, Cell b);
}
