import { isUtf8 } from "node:buffer";
import type { Response } from "express";
import { findPgError, ModelError } from "~/models/errors.server";

/**
 * Errors of the HTTP API in PostgREST's shape (DESIGN §8): a JSON body
 * `{ code, details, hint, message }` where `code` is a PostgreSQL SQLSTATE
 * (23505 …) or a PostgREST code (PGRST116 …), with the HTTP status PostgREST
 * gives that code. Never SQL, never a stack trace.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PostgREST's HTTP status for a SQLSTATE (its error table, the codes this API produces). */
export function statusForPgCode(code: string, authenticated: boolean): number {
  switch (code) {
    case "23505": // unique_violation
    case "23503": // foreign_key_violation
      return 409;
    case "23502": // not_null_violation
    case "23514": // check_violation
    case "22P02": // invalid_text_representation
    case "22007": // invalid_datetime_format
    case "22008": // datetime_field_overflow
    case "22003": // numeric_value_out_of_range
    case "22001": // string_data_right_truncation
    case "22021": // character_not_in_repertoire (a NUL in a text value)
    case "22P05": // untranslatable_character
    case "42703": // undefined_column
      return 400;
    case "42501": // insufficient_privilege
      return authenticated ? 403 : 401;
    case "PGRST116":
      return 406;
    case "PGRST205":
    case "PGRST202":
      return 404;
    default:
      if (/^PGRST/.test(code)) return 400;
      // Any other data exception (22xxx) or integrity violation (23xxx) is the input's fault, never the server's.
      if (/^2[23]/.test(code)) return 400;
      return 500;
  }
}

export const notSingle = (rows: number) =>
  new ApiError(406, "PGRST116", "Cannot coerce the result to a single JSON object", `The result contains ${rows} rows`);

export const permissionDenied = (table: string, authenticated: boolean, what = "table") =>
  new ApiError(
    authenticated ? 403 : 401,
    "42501",
    what === "table" ? `permission denied for table ${table}` : `new row violates row-level security policy for table "${table}"`,
    null,
    authenticated ? null : "Sign in as an administrator (Authorization: Bearer <access_token>).",
  );

export const parseError = (message: string, details: string | null = null) => new ApiError(400, "PGRST100", message, details);

/** A ModelError (the data rules' refusal) as an API error; `prefix` wraps the message (RPC's SPEC wording). */
export function fromModelError(error: ModelError, authenticated: boolean, prefix?: (message: string) => string): ApiError {
  const code = error.pgCode ?? (error.kind === "conflict" ? "23505" : error.kind === "database" ? "XX000" : error.kind === "not_found" ? "PGRST116" : "22P02");
  let status = statusForPgCode(code, authenticated);
  if (error.kind === "validation" && status >= 500) status = 400;
  const fields = Object.entries(error.fields);
  const details = fields.length > 0 ? fields.map(([field, message]) => `${field}: ${message}`).join("; ") : null;
  return new ApiError(status, code, prefix ? prefix(error.message) : error.message, details);
}

/** Any thrown value as an API error; unexpected ones become a plain 500 (logged by the caller). */
export function toApiError(error: unknown, authenticated: boolean, prefix?: (message: string) => string): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ModelError) return fromModelError(error, authenticated, prefix);
  const pg = findPgError(error);
  if (pg && pg.code !== "XX000" && statusForPgCode(pg.code, authenticated) < 500) {
    // A refusal by the database itself (a check, a bad value): its message names no SQL.
    const message = prefix ? prefix(pg.message) : pg.message;
    return new ApiError(statusForPgCode(pg.code, authenticated), pg.code, message, pg.detail ?? null);
  }
  return null;
}

export function sendApiError(res: Response, error: ApiError) {
  res.status(error.status).set("Cache-Control", "no-store").type("application/json; charset=utf-8").send(JSON.stringify(error.toJSON()));
}

export const internalError = (prefix?: (message: string) => string) =>
  new ApiError(500, "XX000", prefix ? prefix("internal server error") : "Internal server error");

/**
 * express.json's `verify`: a body that is not valid UTF-8 is refused as
 * invalid JSON (400) instead of being read with U+FFFD in place of its bad
 * bytes and stored so.
 */
/**
 * A body parser's error that comes after the answer went out: a chunked body
 * refused while it streamed (server/body-limits.ts) is reported by the parser
 * only once the client stops sending. Nothing is left to answer; the
 * client's errors (4xx) are not the server's, anything else is passed on.
 */
export function answeredAlready(error: unknown, res: Response): boolean {
  if (!res.headersSent) return false;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

export function requireUtf8(_req: unknown, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw Object.assign(new Error("The body is not valid UTF-8"), { status: 400, type: "entity.parse.failed" });
}
