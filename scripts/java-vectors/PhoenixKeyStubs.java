// Stand-ins for the Phoenix metadata that PTableImpl.newKey reads (compiled by run.sh
// next to the code it cuts out of Phoenix): a table of primary-key columns, each with
// its type, sort order and CHAR length. Only what newKey calls is here; the classes of
// its DEFAULT-expression branch exist so it compiles, and are never reached (no column
// has a default).
import java.io.ByteArrayOutputStream;
import java.util.List;

/** HBase's ImmutableBytesWritable: a byte range. */
final class ImmutableBytesWritable {
  private byte[] bytes = new byte[0];
  private int offset, length;

  void set(byte[] b) { set(b, 0, b.length); }
  void set(byte[] b, int o, int l) { bytes = b; offset = o; length = l; }
  byte[] get() { return bytes; }
  int getOffset() { return offset; }
  int getLength() { return length; }
  byte[] copyBytes() { return java.util.Arrays.copyOfRange(bytes, offset, offset + length); }
}

/** A Phoenix type as newKey sees it: fixed width or not, and its padding (PChar's). */
class PDataType<T> {
  private final boolean fixedWidth;

  PDataType(boolean fixedWidth) { this.fixedWidth = fixedWidth; }
  boolean isFixedWidth() { return fixedWidth; }
  // Values are given within their columns' sizes.
  boolean isSizeCompatible(ImmutableBytesWritable ptr, Object value, PDataType<?> srcType,
      SortOrder sortOrder, Integer maxLength, Integer scale, Integer desiredMaxLength,
      Integer desiredScale) { return true; }
  // PDataType.pad: no padding but CHAR's.
  public void pad(ImmutableBytesWritable ptr, Integer maxLength, SortOrder sortOrder) {}
  void coerceBytes(ImmutableBytesWritable ptr, Object o, PDataType<?> actualType,
      Integer actualMaxLength, Integer actualScale, SortOrder actualModifier,
      Integer desiredMaxLength, Integer desiredScale, SortOrder expectedModifier) {}
}

final class PVarbinaryEncoded {
  static final PDataType<byte[]> INSTANCE = new PDataType<>(false);
}

final class PName {
  private final String name;
  PName(String name) { this.name = name; }
  String getString() { return name; }
}

/** A primary-key column. Only VARCHAR columns are nullable, as in the keys rowkey writes. */
final class PColumn {
  private final PDataType<?> type;
  private final SortOrder order;
  private final Integer maxLength;

  PColumn(PDataType<?> type, SortOrder order, Integer maxLength) {
    this.type = type; this.order = order; this.maxLength = maxLength;
  }
  PDataType<?> getDataType() { return type; }
  SortOrder getSortOrder() { return order; }
  Integer getMaxLength() { return maxLength; }
  Integer getScale() { return null; }
  boolean isNullable() { return !type.isFixedWidth(); }
  String getExpressionStr() { return null; }
  PName getName() { return new PName("C"); }
}

/** The table newKey is a method of: its primary key, salt buckets, row-key-order optimizable. */
abstract class PTableBase {
  final PName name = new PName("T");
  private final List<PColumn> pk;
  private final Integer buckets;

  PTableBase(List<PColumn> pk, Integer buckets) { this.pk = pk; this.buckets = buckets; }
  List<PColumn> getPKColumns() { return pk; }
  Integer getBucketNum() { return buckets; }
  boolean rowKeyOrderOptimizable() { return true; }
}

final class TrustedByteArrayOutputStream extends ByteArrayOutputStream {
  TrustedByteArrayOutputStream(int size) { super(size); }
  byte[] getBuffer() { return buf; }
  // As Phoenix's: no IOException from memory.
  @Override public void write(byte[] b) { write(b, 0, b.length); }
}

final class ConstraintViolationException extends RuntimeException {
  ConstraintViolationException(String message) { super(message); }
}

final class DataExceedsCapacityException extends RuntimeException {
  DataExceedsCapacityException(PDataType<?> type, Integer maxLength, Integer scale, String name) {
    super(name);
  }
}

// The DEFAULT-expression branch's classes, never reached.
final class PhoenixRuntime {
  static final String JDBC_PROTOCOL = "jdbc:phoenix", JDBC_PROTOCOL_SEPARATOR = ":",
      CONNECTIONLESS = "none";
}
final class PhoenixConnection {}
final class PhoenixStatement { PhoenixStatement(PhoenixConnection c) {} }
final class StatementContext { StatementContext(PhoenixStatement s) {} }
final class ExpressionCompiler { ExpressionCompiler(StatementContext c) {} }
final class SQLParser {
  SQLParser(String s) {}
  ParseNode parseExpression() { throw new UnsupportedOperationException(); }
}
final class ParseNode { Expression accept(ExpressionCompiler c) { return null; } }
final class Expression {
  boolean evaluate(Object tuple, ImmutableBytesWritable ptr) { return false; }
  PDataType<?> getDataType() { return null; }
  Integer getMaxLength() { return null; }
  Integer getScale() { return null; }
  SortOrder getSortOrder() { return null; }
}
