import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads, validated once at start-up. A bad value stops
 * the process with a message that names the variable (see formatEnvError).
 * .env.example documents each one.
 */
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: wholeNumber(1, 65535).default(9000),
  HOST: z.string().trim().min(1).default("127.0.0.1"),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://example.com" }).optional()),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: "must start with postgres:// or postgresql://" })
      .optional(),
  ),
  DATABASE_POOL_SIZE: wholeNumber(1, 100).default(10),
  // Web server processes sharing the port (PostgreSQL only): a number, or
  // "auto" for one per CPU (one with the embedded database).
  SERVER_PROCESSES: z
    .string()
    .trim()
    .default("1")
    .transform((v, ctx): number | "auto" => {
      if (v === "") return 1;
      if (v.toLowerCase() === "auto") return "auto";
      const n = wholeNumber(1, 64).safeParse(v);
      if (n.success) return n.data;
      ctx.addIssue({ code: "custom", message: 'must be a whole number from 1 to 64, or "auto" (one per CPU)' });
      return z.NEVER;
    }),
  // Memory one server process may use, in MB: 512 fits a 1 GB server (decision 0034; server/memory-settings.js
  // turns it into V8's flags, the embedded database's buffers are an eighth of it).
  SERVER_MEMORY_MB: wholeNumber(256, 65536).default(512),
  ADMIN_EMAIL: optionalText.pipe(z.email({ error: "must be an e-mail address" }).optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(10, { error: "must be at least 10 characters long" }).optional()),
  SESSION_TTL_DAYS: wholeNumber(1, 365).default(14),
  BACKUP_INTERVAL_HOURS: wholeNumber(0, 24 * 30).default(24),
  BACKUP_KEEP: wholeNumber(1, 100).default(7),
  /** Days a removed upload stays in the store's trash, restorable (decision 0031). */
  TRASH_RETENTION_DAYS: wholeNumber(1, 3650).default(30),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  LOG_LEVEL: z.enum(["silent", "error", "warn", "info", "debug"], { error: "must be silent, error, warn, info or debug" }).default("info"),
  // JSON lines (default), or short human-readable lines (the default with NODE_ENV=development): decision 0019.
  LOG_FORMAT: z.enum(["json", "pretty", ""], { error: "must be json or pretty" }).default(""),
  // The public anonymous key of the HTTP API (SPEC §1): not a secret, it grants only what anonymous visitors may do.
  API_ANON_KEY: z.string().trim().min(1).max(500).default("seaside-anon-key"),
  // What the public site shows in its contact block and About text.
  SITE_PHONE: z.string().trim().min(1).max(40).default("+359 88 000 0000"),
  SITE_EMAIL: z.email({ error: "must be an e-mail address" }).default("info@example.com"),
  SITE_CONTACT_NAME: z.string().trim().min(1).max(100).default("Мария Иванова"),
  HOURS_WEEKDAYS: z.string().trim().max(60).default("9:00 – 18:00"),
  HOURS_SATURDAY: z.string().trim().max(60).default("10:00 – 15:00"),
  HOURS_SUNDAY: z.string().trim().max(60).default(""),
  // The agent's messengers (issue 22), shown with the phone and e-mail; empty: not shown.
  SITE_WHATSAPP: z
    .string()
    .trim()
    .regex(/^(\+?[\d\s()-]{5,30})?$/, { error: "must be a phone number such as +359 88 000 0000" })
    .default(""),
  SITE_VIBER: z
    .string()
    .trim()
    .regex(/^(\+?[\d\s()-]{5,30})?$/, { error: "must be a phone number such as +359 88 000 0000" })
    .default(""),
  SITE_TELEGRAM: z
    .string()
    .trim()
    .regex(/^(@?[A-Za-z0-9_]{5,32})?$/, { error: "must be a Telegram username (5–32 letters, digits or _)" })
    .default(""),
  // The data controller the privacy page names (issue 22): who, where, registration number; contact = SITE_EMAIL / SITE_PHONE.
  PRIVACY_CONTROLLER: z.string().trim().min(1).max(200).default("Море и Дом"),
  PRIVACY_CONTROLLER_ADDRESS: z.string().trim().max(300).default(""),
  PRIVACY_CONTROLLER_ID: z.string().trim().max(60).default(""),
  // Map tiles (issue 21): an http(s) URL template with {z}, {x} and {y} ({s} for subdomains a–c), and the
  // provider's attribution as plain text (URLs in it become links). The CSP allows exactly the tile host.
  MAP_TILE_URL: z
    .string()
    .trim()
    .max(500)
    .refine((value) => tileOrigin(value) !== null, {
      error: "must be an http(s) URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    })
    .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_ATTRIBUTION: z.string().trim().min(1).max(300).default("© OpenStreetMap contributors https://www.openstreetmap.org/copyright"),
  // The portals' feeds and the CSV export (issue 23): off without it; with it they answer only ?token=<this> (decision 0026).
  // URL-safe so it pastes into a feed address as it is; long enough not to be guessed.
  FEEDS_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{24,200}$/, { error: "must be 24 to 200 letters, digits, - or _ (e.g. the output of: openssl rand -hex 24)" })
      .optional(),
  ),
  // Kyero's required `province` of every property, in Latin letters as the portal spells it.
  FEEDS_PROVINCE: z.string().trim().min(1).max(60).default("Burgas"),
  // E-mail notification of new contact requests (off without SMTP_URL).
  SMTP_URL: optionalText.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        hostname: z.regexes.hostname,
        error: "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
      })
      .optional(),
  ),
  // Saved-search alerts (issue 22, decision 0029), on with SMTP_URL: how often the job runs, a daily digest's
  // interval and the first retry after a failed send (doubling). Shorter values are for tests.
  ALERTS_TICK_MS: wholeNumber(100, 60 * 60 * 1000).default(60_000),
  ALERTS_DIGEST_MS: wholeNumber(1000, 7 * 24 * 60 * 60 * 1000).default(24 * 60 * 60 * 1000),
  ALERTS_RETRY_MS: wholeNumber(100, 24 * 60 * 60 * 1000).default(60_000),
  // Issue 30: confirmation mails the whole site queues in an hour (a form anyone may post must not send mail in bulk).
  ALERTS_CONFIRM_HOURLY_MAX: wholeNumber(1, 100_000).default(100),
  NOTIFY_EMAIL: optionalText.pipe(z.email({ error: "must be an e-mail address" }).optional()),
  MAIL_FROM: optionalText.pipe(z.string().refine(isMailbox, { error: 'must be an e-mail address or "Name <address>"' }).optional()),
  // Where uploaded files live (DESIGN §5): the local folder DATA_DIR/upload, or an S3-compatible bucket.
  STORAGE_DRIVER: z.enum(["local", "s3"], { error: "must be local or s3" }).default("local"),
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://<account>.r2.cloudflarestorage.com" }).optional(),
  ),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://cdn.example.com" }).optional()),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
    .default("false")
    .transform((v) => v === "true" || v === "1"),
});

/**
 * The CSP source of a tile URL template (`https://tile.openstreetmap.org`,
 * `https://*.tile.example.com` for a {s} subdomain), or null when the template
 * is not an http(s) URL with {z}, {x} and {y} and nothing else in braces but {s} and {r}.
 */
export function tileOrigin(template: string): string | null {
  if (!["{z}", "{x}", "{y}"].every((part) => template.includes(part))) return null;
  if (/\{(?![zxysr]\})[^}]*\}/.test(template)) return null;
  let url: URL;
  try {
    url = new URL(template.replace(/\{s\}/g, "a").replace(/\{[zxyr]\}/g, "0"));
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
  const host = template.match(/^https?:\/\/([^/?#]+)/i)?.[1]?.toLowerCase() ?? "";
  if (/[{}]/.test(host.replace("{s}", ""))) return null;
  if (host.includes("{s}")) return /^\{s\}\.[a-z0-9.-]+(:\d+)?$/.test(host) ? `${url.protocol}//${host.replace("{s}", "*")}` : null;
  return url.origin;
}

/** Every variable name the server reads (the deploy kit's files are checked against it: tests/deploy). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** "a@b.co" or "Name <a@b.co>", on one line (it becomes a mail header). */
function isMailbox(value: string): boolean {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && z.email().safeParse(address).success;
}

export type Env = Omit<z.infer<typeof envSchema>, "SERVER_PROCESSES"> & {
  /** Web server processes: SERVER_PROCESSES with "auto" resolved. */
  SERVER_PROCESSES: number;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Base URL of the site as visitors see it, without a trailing slash. */
  publicUrl: string;
  /** Sender of notification e-mails: MAIL_FROM, or no-reply at PUBLIC_URL's host. */
  mailFrom: string;
};

export class EnvError extends Error {}

export function formatEnvError(error: z.ZodError): string {
  const lines = error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return `Invalid configuration (environment variables):\n${lines.join("\n")}`;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new EnvError(formatEnvError(result.error));
  const env = result.data;
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
    throw new EnvError("Invalid configuration (environment variables):\n  ADMIN_EMAIL: is required when ADMIN_PASSWORD is set");
  }
  if (env.SMTP_URL && !env.NOTIFY_EMAIL) {
    throw new EnvError(
      "Invalid configuration (environment variables):\n  NOTIFY_EMAIL: is required when SMTP_URL is set (the address that receives new contact requests)",
    );
  }
  const processes = env.SERVER_PROCESSES === "auto" ? (env.DATABASE_URL ? availableParallelism() : 1) : env.SERVER_PROCESSES;
  if (processes > 1 && !env.DATABASE_URL) {
    throw new EnvError(
      "Invalid configuration (environment variables):\n  SERVER_PROCESSES: more than 1 needs DATABASE_URL (the embedded database allows one process per data folder)",
    );
  }
  if (env.STORAGE_DRIVER === "s3") {
    const missing = (["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) => !env[name]);
    if (missing.length > 0) {
      throw new EnvError(
        `Invalid configuration (environment variables):\n${missing.map((name) => `  ${name}: is required when STORAGE_DRIVER=s3`).join("\n")}`,
      );
    }
  }
  const shownHost = env.HOST === "0.0.0.0" || env.HOST === "127.0.0.1" || env.HOST === "::" ? "localhost" : env.HOST;
  const publicUrl = (env.PUBLIC_URL ?? `http://${shownHost}:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    SERVER_PROCESSES: processes,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    mailFrom: env.MAIL_FROM ?? `Море и Дом <no-reply@${mailDomainOf(publicUrl)}>`,
  };
}

/** The host of the site's address, usable after "@" (an IP address or an odd name becomes localhost). */
function mailDomainOf(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return !isIP(host) && z.email().safeParse(`no-reply@${host}`).success ? host : "localhost";
}

let cached: Env | undefined;

/** The validated environment of this process (parsed on first use). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests: forget the parsed environment, so the next getEnv() reads process.env again. */
export function resetEnvForTests() {
  cached = undefined;
}
