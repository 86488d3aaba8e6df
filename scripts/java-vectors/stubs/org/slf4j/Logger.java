// Stand-in for SLF4J's Logger.
package org.slf4j;

public interface Logger {
  void error(String msg, Throwable t);
}
