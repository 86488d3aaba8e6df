// Stand-in: Bytes names Cell in a search helper the vectors never call.
package org.apache.hadoop.hbase;

public interface Cell {}
