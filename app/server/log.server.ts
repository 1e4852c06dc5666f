import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import { loggableFields, maskPersonalText } from "~/domain/log-privacy";
import { config, type LogConfig } from "./config.server";

export type { Logger } from "pino";

/** The request a piece of work runs for, so every line it logs carries the request's id. */
const requestContext = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `work` as part of the request `reqId`: every line logged from it, however deep, carries `reqId`. */
export function inRequest<T>(reqId: string, work: () => T): T {
  return requestContext.run({ reqId }, work);
}

/**
 * A logger writing one JSON object a line (to stdout unless `destination` is given), each with the process's name
 * and, within a request, its `reqId`; phone numbers and emails masked, bodies and secrets never written
 * (app/domain/log-privacy.ts, decision 061).
 */
export function createLogger(settings: LogConfig, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: { process: settings.processName },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const request = requestContext.getStore();
      return request ? { reqId: request.reqId } : {};
    },
    formatters: { log: (fields) => loggableFields(fields) },
    // Errors are already written out (and masked) by loggableFields: pino's own error serializer would redo it.
    serializers: { err: (value: unknown) => value },
    hooks: {
      logMethod(args, method) {
        // An error given first becomes the `err` field, its message the line's message, so both are masked.
        const [first, ...rest] = args as unknown[];
        const normalised = first instanceof Error ? [{ err: first }, ...(rest.length > 0 ? rest : [first.message])] : args;
        const masked = normalised.map((arg) => (typeof arg === "string" ? maskPersonalText(arg) : arg));
        method.apply(this, masked as Parameters<typeof method>);
      },
    },
  };
  if (destination) return pino(options, destination);
  // Development only: pino-pretty is a development dependency, never loaded in production.
  if (settings.pretty) return pino({ ...options, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } } });
  return pino(options);
}

let shopLog: Logger | undefined;

/** The process's logger, made on first use from the configuration (LOG_LEVEL, DUKA_PROCESS_NAME). */
export function log(): Logger {
  shopLog ??= createLogger(config().log);
  return shopLog;
}
