// Stand-in for the FindBugs annotation: only lets the HBase sources compile.
package edu.umd.cs.findbugs.annotations;

public @interface SuppressWarnings {
  String[] value() default {};
  String justification() default "";
}
