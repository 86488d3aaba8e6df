// Stand-in for Apache Yetus' annotation: only lets the HBase sources compile.
package org.apache.yetus.audience;

public final class InterfaceStability {
  public @interface Stable {}
  public @interface Evolving {}
  public @interface Unstable {}
}
