import { createLogger, type Logger } from "../../app/server/log.server";

/** A logger like the shop's, at debug, writing its lines into `lines` (parsed) for a test to read. */
export function capturedLog(processName = "shop-test-1"): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    { level: "debug", processName, pretty: false },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}
