/** Minimal leveled logger: one line per event, to stdout/stderr (journald, docker logs). */
type Level = "silent" | "error" | "info";
let level: Level = (process.env.LOG_LEVEL as Level | undefined) ?? "info";

export function setLogLevel(next: Level) {
  level = next;
}

export const log = {
  info(message: string, ...rest: unknown[]) {
    if (level === "info") console.log(message, ...rest);
  },
  error(message: string, ...rest: unknown[]) {
    if (level !== "silent") console.error(message, ...rest);
  },
};
