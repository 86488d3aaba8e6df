// Stand-in for Apache Yetus' annotation: only lets the HBase sources compile.
package org.apache.yetus.audience;

public final class InterfaceAudience {
  public @interface Public {}
  public @interface Private {}
  public @interface LimitedPrivate { String[] value(); }
}
