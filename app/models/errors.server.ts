import type { z } from "zod";
import { fieldErrors } from "~/schemas/fields";

export type ModelErrorKind = "validation" | "conflict" | "not_found" | "database";

/**
 * A refusal or failure of a data rule, carrying SPEC §8's user-facing message.
 * Pages show `message` (and `fields` next to inputs); the HTTP API maps `kind`
 * and `pgCode` to its status and error code.
 */
export class ModelError extends Error {
  constructor(
    message: string,
    readonly kind: ModelErrorKind,
    readonly fields: Record<string, string> = {},
    readonly pgCode?: string,
  ) {
    super(message);
    this.name = "ModelError";
  }

  static fromZod(error: z.ZodError): ModelError {
    const fields = fieldErrors(error);
    const first = Object.values(fields)[0] ?? "Неверные данные";
    return new ModelError(first, "validation", fields, "22P02");
  }
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The PostgreSQL error (with its SQLSTATE code) inside a driver or drizzle error. */
export function findPgError(error: unknown): { code: string; message: string; detail?: string; constraint?: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const e = current as PgLikeError;
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        message: typeof e.message === "string" ? e.message : "database error",
        detail: typeof e.detail === "string" ? e.detail : undefined,
        constraint: typeof e.constraint === "string" ? e.constraint : undefined,
      };
    }
    current = e.cause;
  }
  return null;
}

/** A short, safe description of a database failure for SPEC's "{message}" slots (no SQL). */
export function describeDbError(error: unknown): string {
  const pgError = findPgError(error);
  if (pgError) return pgError.message;
  // Drizzle's own message quotes the SQL; the innermost cause says what went wrong.
  let inner: unknown = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  if (!(inner instanceof Error) || inner.message.startsWith("Failed query")) return "database error";
  return inner.message.split("\n")[0]!.slice(0, 200);
}
