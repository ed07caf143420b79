import { count } from "drizzle-orm";
import { TRANSLATED_LANGS, textColumn } from "~/i18n/lang";
import type { PgColumn } from "drizzle-orm/pg-core";
import express, { type NextFunction, type Request, type Response } from "express";
import { db } from "~/db/client.server";
import { PROPERTY_MESSAGES } from "~/schemas/property";
import { createProperty } from "~/models/real-estates.server";
import { ModelError } from "~/models/errors.server";
import { clientAddress } from "~/web/client-address.server";
import { contactRequestKey, contactRequestLimiter } from "~/web/contact-limit.server";
import { log } from "~/platform/log.server";
import { RateLimiter } from "~/web/rate-limit.server";
import { resolvePrincipal, type Principal } from "../auth/principal.server";
import { answeredAlready, ApiError, internalError, notSingle, permissionDenied, requireUtf8, sendApiError, toApiError } from "../errors";
import { asJson, parseFilters, parseOrder, parsePaging, parsePrefer, parseSelect, project, wantsObject, whereOf } from "./query.server";
import { apiTable, type ApiTable } from "./tables.server";
import { checkBodyColumns, deleteRow, insertRow, updateRow } from "./writes.server";

/**
 * /rest/v1/{table} and /rest/v1/rpc/direct_insert_real_estate, in PostgREST's
 * conventions (DESIGN §8), so @supabase/supabase-js works unchanged for SPEC
 * §7's calls. Permissions like row-level rules: anonymous may read locations
 * real_estates and complexes (issue 33) and insert contact_submissions (name, email, phone,
 * message only); an administrator may do everything.
 */
export interface RestLimits {
  /**
   * Anonymous inserts (contact requests) per address: by default the contact
   * form's own allowance (5 per 10 minutes, shared: form and API together);
   * limits given here make one of this router's own (tests).
   */
  anonymousWrites?: { limit: number; windowMs: number };
  /** Administrator writes per address: default 600 per minute. */
  adminWrites?: { limit: number; windowMs: number };
}

type Row = Record<string, unknown>;

const ANON_READABLE = new Set(["locations", "real_estates", "complexes"]);
const ANON_INSERT_FIELDS = new Set(["name", "email", "phone", "message"]);

function queryOf(req: Request): URLSearchParams {
  const q = req.originalUrl.indexOf("?");
  return new URLSearchParams(q === -1 ? "" : req.originalUrl.slice(q + 1));
}

function tableOf(req: Request, role: Principal["role"] = "admin"): ApiTable {
  const name = String(req.params.table ?? "");
  const table = apiTable(name, role);
  if (!table) {
    throw new ApiError(404, "PGRST205", `Could not find the table 'public.${name.slice(0, 64)}' in the schema cache`);
  }
  return table;
}

function sendJson(res: Response, status: number, body: unknown, object = false) {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type(object ? "application/vnd.pgrst.object+json; charset=utf-8" : "application/json; charset=utf-8")
    .send(JSON.stringify(body));
}

/** Writes answer with the rows (return=representation), as one object when asked, else nothing. */
function sendWritten(req: Request, res: Response, table: ApiTable, rows: Row[], status: number) {
  const prefer = parsePrefer(req);
  if (!prefer.returnRepresentation) {
    res
      .status(status === 201 ? 201 : 204)
      .set("Cache-Control", "no-store")
      .end();
    return;
  }
  const items = parseSelect(table, queryOf(req).get("select") ?? undefined);
  const projected = project(rows, items);
  if (wantsObject(req)) sendJson(res, status, projected[0], true);
  else sendJson(res, status, projected);
}

export function restRouter(limits: RestLimits = {}) {
  const router = express.Router();
  const anonWrites = limits.anonymousWrites
    ? new RateLimiter("api writes anonymous", limits.anonymousWrites.limit, limits.anonymousWrites.windowMs)
    : contactRequestLimiter;
  const adminWrites = new RateLimiter("api writes admin", limits.adminWrites?.limit ?? 600, limits.adminWrites?.windowMs ?? 60 * 1000);

  const tooMany = () => new ApiError(429, "PGRST429", "Too many requests, please try again later", null, "Wait a few minutes before writing again.");

  async function checkWriteRate(req: Request, res: Response, principal: Principal) {
    const limiter = principal.role === "admin" ? adminWrites : anonWrites;
    if (!(await limiter.attempt(contactRequestKey(clientAddress(req))))) {
      res.set("Retry-After", String(Math.ceil(limiter.windowMs / 1000)));
      throw tooMany();
    }
  }

  const handle =
    (fn: (req: Request, res: Response, principal: Principal) => Promise<void>, prefix?: (m: string) => string) => async (req: Request, res: Response) => {
      let principal: Principal = { role: "anon" };
      try {
        principal = await resolvePrincipal(req);
        await fn(req, res, principal);
      } catch (error) {
        const apiError = toApiError(error, principal.role === "admin", prefix);
        if (apiError) return sendApiError(res, apiError);
        log.error(`${req.method} ${req.originalUrl.split("?")[0]} failed:`, error);
        sendApiError(res, internalError(prefix));
      }
    };

  router.use(["/rest/v1", "/rest/v1/{*rest}"], express.json({ limit: "1mb", type: ["application/json", "application/*+json"], verify: requireUtf8 }));

  // --- RPC -----------------------------------------------------------------
  // SPEC's parameters, with every language's title and description (app/i18n/lang.ts: title_bg, title_en …).
  const RPC_PARAMS = [
    "title",
    ...TRANSLATED_LANGS.map((lang) => textColumn("title", lang)),
    "description",
    ...TRANSLATED_LANGS.map((lang) => textColumn("description", lang)),
    "price",
    "area",
    "location_id",
    "images",
    "property_type",
    "order",
  ];

  function rpcFunction(req: Request) {
    const name = String(req.params.fn ?? "");
    if (name !== "direct_insert_real_estate") {
      throw new ApiError(404, "PGRST202", `Could not find the function public.${name.slice(0, 64)} in the schema cache`);
    }
  }

  router.post(
    "/rest/v1/rpc/:fn",
    handle(async (req, res, principal) => {
      rpcFunction(req);
      if (principal.role !== "admin") throw permissionDenied("real_estates", false, "rls");
      await checkWriteRate(req, res, principal);
      const body: unknown = req.body ?? {};
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        throw new ApiError(400, "PGRST102", "Empty or invalid json", "The parameters must be one JSON object.");
      }
      const params = body as Row;
      const unknown = Object.keys(params).filter((k) => !RPC_PARAMS.some((p) => `p_${p}` === k));
      if (unknown.length > 0) {
        throw new ApiError(
          404,
          "PGRST202",
          `Could not find the function public.direct_insert_real_estate(${Object.keys(params).sort().join(", ").slice(0, 300)}) in the schema cache`,
          null,
          `Parameters: ${RPC_PARAMS.map((p) => `p_${p}`).join(", ")}`,
        );
      }
      const input = Object.fromEntries(RPC_PARAMS.filter((p) => params[`p_${p}`] !== undefined).map((p) => [p, params[`p_${p}`]]));
      const [row] = project([await createProperty(input)], parseSelect(apiTable("real_estates", "admin")!, undefined));
      sendJson(res, 200, row, wantsObject(req));
    }, PROPERTY_MESSAGES.directInsertFailed),
  );

  router.get(
    "/rest/v1/rpc/:fn",
    handle(async (req) => {
      rpcFunction(req);
      throw new ApiError(405, "25006", "cannot execute INSERT in a read-only transaction", null, "Call direct_insert_real_estate with POST.");
    }),
  );

  // --- Tables --------------------------------------------------------------
  router.get(
    "/rest/v1/:table",
    handle(async (req, res, principal) => {
      const table = tableOf(req, principal.role);
      if (principal.role !== "admin" && !ANON_READABLE.has(table.name)) throw permissionDenied(table.name, false);
      const query = queryOf(req);
      const items = parseSelect(table, query.get("select") ?? undefined);
      const where = whereOf(parseFilters(table, query));
      const order = parseOrder(table, query.get("order"));
      const { limit, offset } = parsePaging(req, query);
      const prefer = parsePrefer(req);
      const fields: Record<string, PgColumn> = {};
      for (const item of items) fields[item.key] = item.column.column;
      const rows = asJson(
        (await db()
          .select(fields)
          .from(table.table)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset)) as Row[],
        items,
      );
      let total: number | undefined;
      if (prefer.count) {
        const [row] = await db().select({ n: count() }).from(table.table).where(where);
        total = Number(row?.n ?? 0);
        if (offset > total) {
          // PostgREST's answer for a page that starts past the end (with a count).
          res.set("Content-Range", `*/${total}`);
          throw new ApiError(416, "PGRST103", "Requested range not satisfiable", `An offset of ${offset} was requested, but there are only ${total} rows.`);
        }
      }
      const range = rows.length === 0 ? "*" : `${offset}-${offset + rows.length - 1}`;
      res.set("Content-Range", `${range}/${total ?? "*"}`);
      if (wantsObject(req)) {
        if (rows.length !== 1) throw notSingle(rows.length);
        return sendJson(res, 200, rows[0], true);
      }
      const partial = total !== undefined && rows.length < total && (offset > 0 || rows.length > 0);
      sendJson(res, partial ? 206 : 200, rows);
    }),
  );

  router.post(
    "/rest/v1/:table",
    handle(async (req, res, principal) => {
      const table = tableOf(req);
      const body: unknown = req.body;
      const list = Array.isArray(body) ? body : [body];
      if (body === undefined || list.some((item) => typeof item !== "object" || item === null || Array.isArray(item))) {
        throw new ApiError(400, "PGRST102", "Empty or invalid json", "Send one JSON object or an array of objects.");
      }
      const rowsIn = list as Row[];
      if (principal.role !== "admin") {
        const allowed = table.name === "contact_submissions" && rowsIn.every((row) => Object.keys(row).every((k) => ANON_INSERT_FIELDS.has(k)));
        if (!allowed) throw permissionDenied(table.name, false, "rls");
        // Limits count work, not requests (issue 17): an anonymous insert is one contact request.
        if (rowsIn.length > 1) {
          throw new ApiError(
            400,
            "PGRST102",
            `Anonymous inserts take one row at a time (${rowsIn.length} sent)`,
            "Send one contact request as a JSON object; at most 5 per 10 minutes from one address.",
          );
        }
      }
      if (parsePrefer(req).upsert) {
        throw new ApiError(400, "PGRST100", "Upsert (Prefer: resolution=…) is not supported by this API", "Insert, or update with PATCH and a filter.");
      }
      for (const row of rowsIn) checkBodyColumns(table, row);
      if (wantsObject(req) && rowsIn.length !== 1) throw notSingle(rowsIn.length);
      // Validate the query before writing anything.
      parseSelect(table, queryOf(req).get("select") ?? undefined);
      await checkWriteRate(req, res, principal);
      const created: Row[] = [];
      try {
        for (const row of rowsIn) created.push(await insertRow(table.name, row));
      } catch (error) {
        // Nothing was stored: like the contact form, a request to correct keeps the allowance.
        if (principal.role !== "admin" && error instanceof ModelError && error.kind === "validation")
          await anonWrites.release(contactRequestKey(clientAddress(req)));
        throw error;
      }
      sendWritten(req, res, table, created, 201);
    }),
  );

  /** The rows a PATCH or DELETE applies to; a filter is required (like pg-safeupdate on Supabase). */
  async function targetRows(req: Request, table: ApiTable, verb: "UPDATE" | "DELETE"): Promise<Row[]> {
    const query = queryOf(req);
    const conditions = parseFilters(table, query);
    if (conditions.length === 0) {
      throw new ApiError(400, "21000", `${verb} requires a WHERE clause`, null, "Add a filter, for example ?id=eq.<id>.");
    }
    parseSelect(table, query.get("select") ?? undefined);
    const order = parseOrder(table, query.get("order"));
    const rows = (await db()
      .select()
      .from(table.table)
      .where(whereOf(conditions))
      .orderBy(...order)) as Row[];
    if (wantsObject(req) && rows.length !== 1) throw notSingle(rows.length);
    return rows;
  }

  router.patch(
    "/rest/v1/:table",
    handle(async (req, res, principal) => {
      const table = tableOf(req);
      if (principal.role !== "admin") throw permissionDenied(table.name, false);
      const body: unknown = req.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        throw new ApiError(400, "PGRST102", "Empty or invalid json", "PATCH takes one JSON object of the columns to change.");
      }
      checkBodyColumns(table, body as Row);
      const targets = await targetRows(req, table, "UPDATE");
      await checkWriteRate(req, res, principal);
      const updated: Row[] = [];
      for (const target of targets) {
        const row = await updateRow(table.name, String(target.id), body as Row);
        if (row) updated.push(row);
      }
      sendWritten(req, res, table, updated, 200);
    }),
  );

  router.delete(
    "/rest/v1/:table",
    handle(async (req, res, principal) => {
      const table = tableOf(req);
      if (principal.role !== "admin") throw permissionDenied(table.name, false);
      const targets = await targetRows(req, table, "DELETE");
      await checkWriteRate(req, res, principal);
      const deleted: Row[] = [];
      for (const target of targets) {
        if (await deleteRow(table.name, String(target.id))) deleted.push(target);
      }
      sendWritten(req, res, table, deleted, 200);
    }),
  );

  router.all("/rest/v1/{*rest}", (req, res) => {
    sendApiError(res, new ApiError(405, "PGRST117", `Unsupported HTTP method: ${req.method.slice(0, 10)}`));
  });

  // Bodies that are not JSON (express.json's errors).
  router.use("/rest/v1", (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (answeredAlready(error, res)) return;
    const e = error as { type?: string; status?: number };
    if (e?.type === "entity.too.large") return sendApiError(res, new ApiError(413, "PGRST102", "Payload too large", "At most 1 MB of JSON."));
    if (e?.type === "entity.parse.failed" || e?.status === 400) return sendApiError(res, new ApiError(400, "PGRST102", "Empty or invalid json"));
    next(error);
  });

  return router;
}
