// Stand-in for SLF4J's LoggerFactory: logs to standard error.
package org.slf4j;

public final class LoggerFactory {
  public static Logger getLogger(Class<?> c) {
    return (msg, t) -> System.err.println(c.getName() + ": " + msg + ": " + t);
  }
}
