// Prints one line per (format, type, order, value): the bytes the real HBase and
// Phoenix code writes. Run by run.sh; see the header it writes for the columns.
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.types.DataType;
import org.apache.hadoop.hbase.types.OrderedBlob;
import org.apache.hadoop.hbase.types.OrderedBlobVar;
import org.apache.hadoop.hbase.types.OrderedFloat64;
import org.apache.hadoop.hbase.types.OrderedInt32;
import org.apache.hadoop.hbase.types.OrderedInt64;
import org.apache.hadoop.hbase.types.OrderedString;
import org.apache.hadoop.hbase.types.Struct;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.Order;
import org.apache.hadoop.hbase.util.OrderedBytes;
import org.apache.hadoop.hbase.util.PositionedByteRange;
import org.apache.hadoop.hbase.util.SimplePositionedMutableByteRange;

public class Generate {
  static final short[] I16 = { Short.MIN_VALUE, Short.MIN_VALUE + 1, -256, -255, -1, 0, 1, 127,
    128, 255, 256, Short.MAX_VALUE - 1, Short.MAX_VALUE };
  static final int[] I32 = { Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -65536, -256, -1, 0, 1,
    127, 128, 255, 256, 65535, 1 << 24, Integer.MAX_VALUE - 1, Integer.MAX_VALUE };
  static final long[] I64 = { Long.MIN_VALUE, Long.MIN_VALUE + 1, -4294967296L, -65536, -1, 0,
    1, 255, 256, 4294967296L, 1234567890123456789L, Long.MAX_VALUE - 1, Long.MAX_VALUE };
  static final byte[] I8 = { Byte.MIN_VALUE, Byte.MIN_VALUE + 1, -1, 0, 1, 127 - 1, 127 };
  static final int[] F32 = { 0, 0x80000000, Float.floatToRawIntBits(1f),
    Float.floatToRawIntBits(-1f), Float.floatToRawIntBits(0.1f), Float.floatToRawIntBits(-0.1f),
    Float.floatToRawIntBits(Float.MIN_VALUE), Float.floatToRawIntBits(-Float.MIN_VALUE),
    Float.floatToRawIntBits(Float.MIN_NORMAL), Float.floatToRawIntBits(Float.MAX_VALUE),
    Float.floatToRawIntBits(-Float.MAX_VALUE), Float.floatToRawIntBits(Float.POSITIVE_INFINITY),
    Float.floatToRawIntBits(Float.NEGATIVE_INFINITY), 0x7fc00000, 0x7fc00001, 0xffc00000,
    0x7f800001 };
  static final long[] F64 = { 0, 0x8000000000000000L, Double.doubleToRawLongBits(1),
    Double.doubleToRawLongBits(-1), Double.doubleToRawLongBits(0.1),
    Double.doubleToRawLongBits(-0.1), Double.doubleToRawLongBits(Math.PI),
    Double.doubleToRawLongBits(Double.MIN_VALUE), Double.doubleToRawLongBits(-Double.MIN_VALUE),
    Double.doubleToRawLongBits(Double.MIN_NORMAL), Double.doubleToRawLongBits(Double.MAX_VALUE),
    Double.doubleToRawLongBits(-Double.MAX_VALUE),
    Double.doubleToRawLongBits(Double.POSITIVE_INFINITY),
    Double.doubleToRawLongBits(Double.NEGATIVE_INFINITY), 0x7ff8000000000000L,
    0x7ff8000000000001L, 0xfff8000000000000L, 0x7ff0000000000001L };
  static final String[] STRINGS = { "", "a", "ab", "abc", "b", "hello world", "\u007f", "\u0080",
    "\u00ff", "ünïcödé", "日本語", "😀", "a\u0000b", "\u0000", "a\u0000" };
  static final byte[][] BLOBS = { {}, { 0 }, { 0, 0 }, { 1 }, { 1, 2, 3 }, { (byte) 0x80 },
    { (byte) 0xff }, { (byte) 0xff, (byte) 0xff }, { 1, 2, 3, 4, 5, 6, 7 },
    { 1, 2, 3, 4, 5, 6, 7, 8 }, { (byte) 0xff, 0, (byte) 0xff, 0, (byte) 0xff, 0, (byte) 0xff, 0 },
    "hello world, fifteen".getBytes(StandardCharsets.UTF_8), { 0x7f, (byte) 0x81, 0x55, 0x2a },
    // BlobVar writes D0 00 after D1: its continuation bit, not the data, decides.
    { (byte) 0xd0, 0 }, { (byte) 0xd1 } };
  static final long[] NUMERIC_LONGS = { Long.MIN_VALUE, -1000000, -12345, -100, -99, -1, 0, 1, 2,
    9, 10, 99, 100, 101, 12345, 1000000, 1L << 40, Long.MAX_VALUE };
  static final double[] NUMERIC_DOUBLES = { -1e300, -2.5, -0.5, -0.001, 0.001, 0.5, 2.5, 1e-300,
    1e300, 123.456, Math.PI, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY };

  static final StringBuilder OUT = new StringBuilder();

  interface Encoder {
    byte[] encode() throws Exception;
  }

  static void row(String format, String type, String order, String value, Encoder e) {
    String bytes;
    try {
      bytes = hex(e.encode());
    } catch (Exception | AssertionError ex) {
      bytes = "!error";
    }
    OUT.append(format).append('\t').append(type).append('\t').append(order).append('\t')
      .append(value).append('\t').append(bytes).append('\n');
  }

  static String hex(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) s.append(String.format("%02x", x & 0xff));
    return s.toString();
  }

  static String x(byte[] b) {
    return "x" + hex(b);
  }

  static String x(String s) {
    return x(s.getBytes(StandardCharsets.UTF_8));
  }

  static String order(Order o) {
    return o == Order.ASCENDING ? "asc" : "desc";
  }

  /** Runs an OrderedBytes encoder into a large range and returns what it wrote. */
  interface Ordered {
    int encode(PositionedByteRange dst);
  }

  static byte[] ordered(Ordered o) {
    PositionedByteRange dst = new SimplePositionedMutableByteRange(64);
    int n = o.encode(dst);
    if (n != dst.getPosition()) throw new AssertionError("length mismatch");
    byte[] out = new byte[n];
    System.arraycopy(dst.getBytes(), 0, out, 0, n);
    return out;
  }

  static void hbaseBytes() {
    String f = "hbase";
    for (short v : I16) row(f, "i16", "-", "" + v, () -> Bytes.toBytes(v));
    for (int v : I32) row(f, "i32", "-", "" + v, () -> Bytes.toBytes(v));
    for (long v : I64) row(f, "i64", "-", "" + v, () -> Bytes.toBytes(v));
    for (int v : F32) row(f, "f32", "-", "x" + String.format("%08x", v),
      () -> Bytes.toBytes(Float.intBitsToFloat(v)));
    for (long v : F64) row(f, "f64", "-", "x" + String.format("%016x", v),
      () -> Bytes.toBytes(Double.longBitsToDouble(v)));
    for (boolean v : new boolean[] { false, true }) row(f, "bool", "-", "" + v,
      () -> Bytes.toBytes(v));
    for (String v : STRINGS) row(f, "string", "-", x(v), () -> Bytes.toBytes(v));
  }

  static void orderedBytes(Order o) {
    String f = "ordered", d = order(o);
    for (byte v : I8) row(f, "i8", d, "" + v, () -> ordered(r -> OrderedBytes.encodeInt8(r, v, o)));
    for (short v : I16)
      row(f, "i16", d, "" + v, () -> ordered(r -> OrderedBytes.encodeInt16(r, v, o)));
    for (int v : I32)
      row(f, "i32", d, "" + v, () -> ordered(r -> OrderedBytes.encodeInt32(r, v, o)));
    for (long v : I64)
      row(f, "i64", d, "" + v, () -> ordered(r -> OrderedBytes.encodeInt64(r, v, o)));
    for (int v : F32) row(f, "f32", d, "x" + String.format("%08x", v),
      () -> ordered(r -> OrderedBytes.encodeFloat32(r, Float.intBitsToFloat(v), o)));
    for (long v : F64) row(f, "f64", d, "x" + String.format("%016x", v),
      () -> ordered(r -> OrderedBytes.encodeFloat64(r, Double.longBitsToDouble(v), o)));
    for (String v : STRINGS)
      row(f, "text", d, x(v), () -> ordered(r -> OrderedBytes.encodeString(r, v, o)));
    for (byte[] v : BLOBS)
      row(f, "blobvar", d, x(v), () -> ordered(r -> OrderedBytes.encodeBlobVar(r, v, o)));
    for (byte[] v : BLOBS)
      row(f, "blobcopy", d, x(v), () -> ordered(r -> OrderedBytes.encodeBlobCopy(r, v, o)));
    row(f, "null", d, "null", () -> ordered(r -> OrderedBytes.encodeNull(r, o)));
    row(f, "text", d, "null", () -> ordered(r -> OrderedBytes.encodeString(r, null, o)));
    row(f, "blobvar", d, "null", () -> ordered(r -> OrderedBytes.encodeBlobVar(r, null, o)));
    row(f, "blobcopy", d, "null", () -> ordered(r -> OrderedBytes.encodeBlobCopy(r, null, o)));
    for (long v : NUMERIC_LONGS)
      row(f, "numeric_i64", d, "" + v, () -> ordered(r -> OrderedBytes.encodeNumeric(r, v, o)));
    for (double v : NUMERIC_DOUBLES) {
      long bits = Double.doubleToRawLongBits(v);
      row(f, "numeric_f64", d, "x" + String.format("%016x", bits),
        () -> ordered(r -> OrderedBytes.encodeNumeric(r, v, o)));
    }
  }

  /** A struct and the text of its values, for the struct rows. */
  static void struct(String name, DataType<?>[] fields, Object[][] values) {
    Struct s = new Struct(fields);
    for (Object[] v : values) {
      List<String> text = new ArrayList<>();
      for (Object field : v) {
        if (field == null) text.add("null");
        else if (field instanceof String) text.add(x((String) field));
        else if (field instanceof byte[]) text.add(x((byte[]) field));
        else if (field instanceof Double)
          text.add("x" + String.format("%016x", Double.doubleToRawLongBits((Double) field)));
        else text.add(field.toString());
      }
      row("struct", name, "-", String.join(",", text), () -> ordered(r -> s.encode(r, v)));
    }
  }

  static void structs() {
    // i32 asc, text asc, blobvar desc, text desc: trailing nullable fields are left out.
    struct("i32a_texta_blobvard_textd",
      new DataType<?>[] { new OrderedInt32(Order.ASCENDING), new OrderedString(Order.ASCENDING),
        new OrderedBlobVar(Order.DESCENDING), new OrderedString(Order.DESCENDING) },
      new Object[][] { { 7, "a", new byte[] { 1, 0, 2 }, "z" }, { 7, "a", new byte[] { 1 }, null },
        { 7, "a", null, null }, { 7, null, null, null }, { 7 }, { -1, null, null, "z" },
        { Integer.MIN_VALUE, "", new byte[0], "" }, { 0, null, new byte[] { 9 }, null } });
    // i64 desc, f64 asc, text desc, blobcopy asc (the last field: not terminated).
    struct("i64d_f64a_textd_blobcopya",
      new DataType<?>[] { new OrderedInt64(Order.DESCENDING), new OrderedFloat64(Order.ASCENDING),
        new OrderedString(Order.DESCENDING), new OrderedBlob(Order.ASCENDING) },
      new Object[][] { { 5L, 1.5, "web", new byte[] { 0, 1, 0 } }, { 5L, -0.0, "web", null },
        { 5L, 2.0, null, null }, { -5L, Double.NaN, null, new byte[] { 7 } },
        { Long.MAX_VALUE, 0.0, "", new byte[0] } });
    // text asc, blobvar asc, blobcopy desc: every field nullable, so a struct of nulls
    // is no bytes at all; a descending BlobCopy rejects 0x00.
    struct("texta_blobvara_blobcopyd",
      new DataType<?>[] { new OrderedString(Order.ASCENDING), new OrderedBlobVar(Order.ASCENDING),
        new OrderedBlob(Order.DESCENDING) },
      new Object[][] { { "a", new byte[] { 1, 2 }, new byte[] { 3 } },
        { "a", null, new byte[] { (byte) 0xFF } }, { null, null, new byte[] { 5 } },
        { "", new byte[0], new byte[0] }, { null, null, null }, {}, { null, new byte[] { 0 }, null },
        { "x" }, { "a", null, new byte[] { 1, 0 } } });
  }

  static byte[] phoenix(int width, java.util.function.BiConsumer<byte[], Integer> enc,
      boolean desc) {
    byte[] b = new byte[width];
    enc.accept(b, 0);
    return desc ? PhoenixCodecs.invert(b, 0, new byte[width], 0, width) : b;
  }

  static void phoenix(boolean desc) {
    String f = "phoenix", d = desc ? "desc" : "asc";
    for (byte v : I8) row(f, "TINYINT", d, "" + v,
      () -> phoenix(1, (b, o) -> PhoenixCodecs.encodeByte(v, b, o), desc));
    for (short v : I16) row(f, "SMALLINT", d, "" + v,
      () -> phoenix(2, (b, o) -> PhoenixCodecs.encodeShort(v, b, o), desc));
    for (int v : I32) row(f, "INTEGER", d, "" + v,
      () -> phoenix(4, (b, o) -> PhoenixCodecs.encodeInt(v, b, o), desc));
    for (long v : I64) row(f, "BIGINT", d, "" + v,
      () -> phoenix(8, (b, o) -> PhoenixCodecs.encodeLong(v, b, o), desc));
    for (long v : F64) row(f, "DOUBLE", d, "x" + String.format("%016x", v), () -> phoenix(8,
      (b, o) -> PhoenixCodecs.encodeDouble(Double.longBitsToDouble(v), b, o), desc));
    // DATE is PDate's DateCodec, a PLong.LongCodec over the epoch milliseconds.
    for (long v : I64) row(f, "DATE", d, "" + v,
      () -> phoenix(8, (b, o) -> PhoenixCodecs.encodeLong(v, b, o), desc));
    // TIMESTAMP as PTimestamp.toBytes writes it: the DATE codec over the milliseconds, then
    // Bytes.putInt of the nanoseconds below the millisecond.
    long[][] stamps = { { 0, 0 }, { 1, 999999 }, { -1, 1 }, { 1700000000123L, 456789 },
      { Long.MIN_VALUE, 0 }, { Long.MAX_VALUE, 999999 } };
    for (long[] t : stamps) row(f, "TIMESTAMP", d, t[0] + ":" + t[1], () -> phoenix(12, (b, o) -> {
      PhoenixCodecs.encodeLong(t[0], b, o);
      Bytes.putInt(b, o + 8, (int) t[1]);
    }, desc));
  }

  /** A primary-key column of a test table: its metadata and its value's bytes. */
  static final class Col {
    final String type;
    final PColumn column;

    Col(String type, boolean desc) {
      this.type = type;
      SortOrder o = desc ? SortOrder.DESC : SortOrder.ASC;
      Integer charLength = type.startsWith("CHAR(")
        ? Integer.valueOf(type.substring(5, type.length() - 1)) : null;
      PDataType<?> t = type.equals("VARCHAR") ? new PDataType<Object>(false)
        : charLength != null ? new PChar() : new PDataType<Object>(true);
      column = new PColumn(t, o, charLength);
    }

    /** The value's bytes as an UPSERT gives them to newKey: PDataType.toBytes(value, order). */
    byte[] bytes(Object v) {
      boolean desc = column.getSortOrder() == SortOrder.DESC;
      if (v == null) return null;
      if (type.equals("BOOLEAN")) return new PBoolean().toBytes(v, column.getSortOrder());
      byte[] b;
      if (v instanceof String) b = Bytes.toBytes((String) v);
      else if (type.equals("TINYINT")) b = fixed(1, (x, o) -> PhoenixCodecs.encodeByte((Byte) v, x, o));
      else if (type.equals("SMALLINT"))
        b = fixed(2, (x, o) -> PhoenixCodecs.encodeShort((Short) v, x, o));
      else if (type.equals("INTEGER"))
        b = fixed(4, (x, o) -> PhoenixCodecs.encodeInt((Integer) v, x, o));
      else if (type.equals("BIGINT") || type.equals("DATE"))
        b = fixed(8, (x, o) -> PhoenixCodecs.encodeLong((Long) v, x, o));
      else if (type.equals("DOUBLE"))
        b = fixed(8, (x, o) -> PhoenixCodecs.encodeDouble((Double) v, x, o));
      else { // TIMESTAMP, as in the single-column rows
        long[] t = (long[]) v;
        b = fixed(12, (x, o) -> {
          PhoenixCodecs.encodeLong(t[0], x, o);
          Bytes.putInt(x, o + 8, (int) t[1]);
        });
      }
      return desc ? PhoenixCodecs.invert(b, 0, new byte[b.length], 0, b.length) : b;
    }

    static byte[] fixed(int width, java.util.function.BiConsumer<byte[], Integer> enc) {
      byte[] b = new byte[width];
      enc.accept(b, 0);
      return b;
    }
  }

  static String text(Object v) {
    if (v == null) return "null";
    if (v instanceof String) return x((String) v);
    if (v instanceof Double)
      return "x" + String.format("%016x", Double.doubleToRawLongBits((Double) v));
    if (v instanceof long[]) return ((long[]) v)[0] + ":" + ((long[]) v)[1];
    return v.toString();
  }

  /** Keys of a table whose primary key is `cols` ("TYPE" or "TYPE DESC"), through newKey. */
  static void phoenixKey(String name, Integer buckets, String[] cols, Object[][] rows) {
    List<Col> columns = new ArrayList<>();
    List<PColumn> pk = new ArrayList<>();
    // A salted table's first primary-key column is the salt byte (SaltingUtil.SALTING_COLUMN),
    // whose value newKey writes itself.
    int salt = buckets == null ? 0 : 1;
    if (buckets != null) pk.add(new PColumn(new PDataType<Object>(true), SortOrder.ASC, 1));
    for (String c : cols) {
      Col col = new Col(c.replace(" DESC", ""), c.endsWith(" DESC"));
      columns.add(col);
      pk.add(col.column);
    }
    PhoenixTable table = new PhoenixTable(pk, buckets);
    for (Object[] r : rows) {
      List<String> text = new ArrayList<>();
      byte[][] values = new byte[salt + r.length][];
      for (int i = 0; i < r.length; i++) {
        text.add(text(r[i]));
        values[salt + i] = columns.get(i).bytes(r[i]);
      }
      row("phoenixkey", name, "-", String.join(",", text), () -> {
        ImmutableBytesWritable key = new ImmutableBytesWritable();
        table.newKey(key, values);
        return key.copyBytes();
      });
    }
  }

  static void phoenixKeys() {
    phoenixKey("integer_varchar", null, new String[] { "INTEGER", "VARCHAR" },
      new Object[][] { { 1, "ab" }, { 1, "" }, { -1, "x" }, { Integer.MIN_VALUE, "日本語" },
        { Integer.MAX_VALUE, "a b" } });
    phoenixKey("varchar_desc_bigint", null, new String[] { "VARCHAR DESC", "BIGINT" },
      new Object[][] { { "ab", 1L }, { "", 5L }, { "日本語", Long.MIN_VALUE }, { "z", -1L } });
    phoenixKey("char3_integer_desc", null, new String[] { "CHAR(3)", "INTEGER DESC" },
      new Object[][] { { "ab", 1 }, { "abc", -5 }, { "a", 0 } });
    phoenixKey("bigint_char4_desc", null, new String[] { "BIGINT", "CHAR(4) DESC" },
      new Object[][] { { 5L, "ab" }, { -5L, "abcd" } });
    phoenixKey("date_timestamp_desc", null, new String[] { "DATE", "TIMESTAMP DESC" },
      new Object[][] { { 0L, new long[] { 0, 0 } },
        { 1700000000123L, new long[] { 1700000000123L, 456789 } },
        { -1L, new long[] { -1, 1 } } });
    phoenixKey("varchar3", null, new String[] { "VARCHAR", "VARCHAR", "VARCHAR" },
      new Object[][] { { "a", "b", "c" }, { "a", "", "" }, { "", "", "c" }, { "a", "b", "" },
        { "", "b", "" }, { "", "", "" } });
    phoenixKey("varchar_desc2", null, new String[] { "VARCHAR DESC", "VARCHAR DESC" },
      new Object[][] { { "a", "b" }, { "a", "" }, { "", "b" }, { "ab", "" }, { "", "" } });
    phoenixKey("varchar_integer_varchar_desc", null,
      new String[] { "VARCHAR", "INTEGER", "VARCHAR DESC" },
      new Object[][] { { "a", 1, "b" }, { "", 2, "" }, { "x", 3, "" }, { "", -4, "yz" } });
    phoenixKey("mixed", null,
      new String[] { "TINYINT", "SMALLINT DESC", "DOUBLE", "BOOLEAN DESC", "BOOLEAN", "VARCHAR" },
      new Object[][] { { (byte) 1, (short) -2, 1.5, true, true, "x" },
        { Byte.MIN_VALUE, Short.MAX_VALUE, -0.0, false, false, "" },
        { Byte.MAX_VALUE, (short) 0, Double.NaN, true, false, "é" } });
    phoenixKey("salted16_integer_varchar", 16, new String[] { "INTEGER", "VARCHAR" },
      new Object[][] { { 1, "ab" }, { 2, "" }, { -7, "hello" }, { 0, "日本語" } });
    phoenixKey("salted37_varchar_desc_bigint", 37, new String[] { "VARCHAR DESC", "BIGINT" },
      new Object[][] { { "ab", 1L }, { "", 5L }, { "web", Long.MAX_VALUE } });
  }

  public static void main(String[] args) {
    hbaseBytes();
    orderedBytes(Order.ASCENDING);
    orderedBytes(Order.DESCENDING);
    structs();
    phoenix(false);
    phoenix(true);
    phoenixKeys();
    System.out.print(OUT);
  }
}
