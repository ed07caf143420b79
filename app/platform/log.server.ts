import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import pino from "pino";

/**
 * The one logger of the server and its scripts (decision 0019): pino, one
 * JSON object per line on stdout (journald, docker logs, any collector),
 * or a short human-readable line with NODE_ENV=development or
 * LOG_FORMAT=pretty. Lines written while a request is handled carry its
 * request id (`reqId`, server/request-log.ts).
 *
 * Callers pass a message and, like console, optional extra values: an Error
 * among them becomes pino's `err` (message and stack), the rest is appended
 * to the message.
 */
export type LogLevel = "silent" | "error" | "warn" | "info" | "debug";

/** The request being handled (AsyncLocalStorage), so every line it causes names it. */
export const requestContext = new AsyncLocalStorage<{ reqId: string }>();

function pretty(): boolean {
  return process.env.LOG_FORMAT === "pretty" || (process.env.LOG_FORMAT !== "json" && process.env.NODE_ENV === "development");
}

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** One JSON line → `12:00:01.234 INFO  message key=value` (+ the stack of an error). */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, msg, err, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = new Date(typeof time === "number" ? time : Date.now()).toISOString().slice(11, 23);
  const fields = Object.entries(rest).map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`);
  const stack = err && typeof err === "object" && "stack" in err ? `\n${String((err as { stack: unknown }).stack)}` : "";
  return `${clock} ${(LEVEL_NAMES[Number(level)] ?? String(level)).padEnd(5)} ${String(msg ?? "")}${fields.length ? `  ${fields.join(" ")}` : ""}${stack}\n`;
}

function createLogger(level: LogLevel) {
  const options: pino.LoggerOptions = {
    level,
    base: undefined, // no pid/hostname on every line: one process per container or unit
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { reqId: context.reqId } : {};
    },
  };
  buffered = undefined;
  if (pretty()) {
    // A formatter in this thread instead of pino-pretty's worker transport: a few lines, no dependency.
    const out = pino.destination({ dest: 1, sync: true });
    return pino({ ...options, timestamp: pino.stdTimeFunctions.epochTime }, { write: (line: string) => out.write(prettyLine(line)) });
  }
  return pino(options, accessLogDestination());
}

/**
 * Issue 32: lines are buffered and written asynchronously, so a request does
 * not wait for a write(2) of its access line (synchronous writes had cached
 * pages at 7–11 % of nginx). A write holds whole lines and at most PIPE_BUF
 * bytes, so the lines of several server processes sharing stdout never mix;
 * the buffer is written once it holds BUFFER_BYTES, every FLUSH_MS, and
 * synchronously when the process exits (process.exit after a signal's
 * shutdown, a fatal error), so nothing is lost.
 */
const BUFFER_BYTES = 2048;
const PIPE_BUF = 4096;
const FLUSH_MS = 1000;
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

function accessLogDestination() {
  // pino writes what is left synchronously when the process exits (its on-exit hook for asynchronous destinations).
  const out = pino.destination({
    dest: 1,
    sync: false,
    minLength: BUFFER_BYTES,
    maxWrite: PIPE_BUF,
    periodicFlush: FLUSH_MS,
    maxLength: MAX_BUFFERED_BYTES,
  });
  // Nothing reads the output (a stalled collector, a full pipe): lines beyond MAX_BUFFERED_BYTES are dropped rather
  // than held in memory without bound, and one warning says how many once it is read again.
  let dropped = 0;
  out.on("drop", () => void dropped++);
  out.on("drain", () => {
    if (dropped === 0) return;
    const count = dropped;
    dropped = 0;
    logger.warn(`${count} log lines were dropped: nothing read the server's output for a while`);
  });
  buffered = out;
  return out;
}

/**
 * The buffered destination of JSON lines (not pretty, not a test's): written out at once after lines someone waits
 * for (start-up, warnings, errors); the access line is written to it directly (`log.access`).
 */
let buffered: { write(line: string): boolean; flush(): void } | undefined;
const writeOutSoon = () => buffered?.flush();

let logger = createLogger((process.env.LOG_LEVEL as LogLevel | undefined) ?? "info");

export function setLogLevel(next: LogLevel) {
  logger.level = next;
}

/** Tests: a logger writing to `write` (null: back to stdout). */
export function setLogDestinationForTests(write: ((line: string) => void) | null) {
  const level = logger.level as LogLevel;
  if (write) {
    logger = pino({ level, base: undefined }, { write });
    buffered = undefined;
  } else logger = createLogger(level);
}

/** Longer paths are cut in the log (a path can be as long as Node's header limit). */
const MAX_LOGGED_PATH = 200;

/**
 * Paths whose segment is a secret (issue 30): the alert mails' confirmation
 * and unsubscribe links (in any language prefix, .data variants too) are
 * logged as their route's pattern. Query strings (the feeds' ?token=) are
 * never logged at all.
 */
const SECRET_PATHS: [RegExp, string][] = [[/^((?:\/[a-z]{2})?\/alerts\/(?:confirm|unsubscribe)\/)[^/]+/i, "$1:token"]];

/** The path as logged: no query or fragment, secret segments and e-mail-like ones masked, bounded length. */
export function loggedPath(target: string | undefined): string {
  let path = (target ?? "").split(/[?#]/, 1)[0] ?? "";
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  const masked = path
    .split("/")
    .map((segment) => (/@|%40/i.test(segment) ? "[email]" : segment))
    .join("/");
  return masked.length > MAX_LOGGED_PATH ? `${masked.slice(0, MAX_LOGGED_PATH)}…` : masked;
}

type Fields = Record<string, unknown>;

/** What the access line says of a request (server/request-log.ts). */
export interface AccessFields {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The connection closed before the answer was complete. */
  aborted: boolean;
}

/** pino's numbers of the access line's two levels. */
const LEVEL_NUMBER = { info: 30, error: 50 } as const;

function emit(method: "error" | "warn" | "info" | "debug", message: string, rest: unknown[]) {
  const error = rest.find((value) => value instanceof Error);
  const others = rest.filter((value) => value !== error);
  const text = others.length > 0 ? format(message, ...others) : message;
  if (error) logger[method]({ err: error }, text);
  else logger[method](text);
  if (method === "error" || method === "warn") writeOutSoon();
}

export const log = {
  error: (message: string, ...rest: unknown[]) => emit("error", message, rest),
  warn: (message: string, ...rest: unknown[]) => emit("warn", message, rest),
  info: (message: string, ...rest: unknown[]) => emit("info", message, rest),
  debug: (message: string, ...rest: unknown[]) => emit("debug", message, rest),
  /**
   * Start-up and shutdown ("Listening on …", "Stopped."): written at info
   * level whatever LOG_LEVEL says (except silent), so whoever runs the server
   * always sees that it started, on which Node, and that it stopped.
   */
  lifecycle(message: string) {
    const level = logger.level;
    if (level === "silent" || logger.isLevelEnabled("info")) logger.info(message);
    else {
      logger.level = "info";
      try {
        logger.info(message);
      } finally {
        logger.level = level;
      }
    }
    writeOutSoon();
  },
  /** A line with structured fields. */
  fields(level: "info" | "warn" | "error", fields: Fields, message: string) {
    logger[level](fields, message);
    if (level !== "info") writeOutSoon();
  },
  /**
   * The access line of a request: info, or error for a 5xx. It is written on
   * every request, so in JSON it is put together here, field for field the
   * line pino writes, instead of by pino's generic serialisation, which took
   * 7 µs of a cached page's ~25 (issue 32). Every value but the path is ours
   * (a safe id, Node's method token, numbers); the path is JSON-escaped.
   */
  access(fields: AccessFields) {
    const level = fields.status >= 500 ? "error" : "info";
    if (!logger.isLevelEnabled(level)) return;
    if (!buffered) {
      const { aborted, ...rest } = fields;
      logger[level](aborted ? { ...rest, aborted } : rest, "request");
    } else
      buffered.write(
        `{"level":${LEVEL_NUMBER[level]},"time":"${new Date().toISOString()}","reqId":${JSON.stringify(fields.reqId)},"method":${JSON.stringify(fields.method)},` +
          `"path":${JSON.stringify(fields.path)},"status":${fields.status},"ms":${fields.ms},${fields.aborted ? `"aborted":true,` : ""}"msg":"request"}\n`,
      );
    if (level === "error") writeOutSoon();
  },
};
