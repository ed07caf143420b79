import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";
import { log } from "~/platform/log.server";
import { acquireLock } from "./lock.server";

/** Rows of a raw SQL query, on either driver (both answer with `{ rows }`). */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** One handle type for both drivers, so models never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The PGlite instance (embedded mode only), for backups. */
  pglite?: PGlite;
  /** The pg pool (PostgreSQL mode only). */
  pool?: pg.Pool;
  /** True when the PGlite folder did not exist before this open (first start). */
  created: boolean;
  close(): Promise<void>;
}

export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  /** `sharedBuffersMb`: PostgreSQL's buffer cache inside the embedded database (its default: 128), decision 0034. */
  | { kind: "pglite"; dataDir: string; sharedBuffersMb?: number }
  /** `from`: a data folder dumped by PGlite's dumpDataDir to start from (the tests' migrated template). */
  | { kind: "pglite-memory"; from?: Blob };

// PostgreSQL returns numeric as text and bigint (count(*)) as text; the domain
// wants numbers. Values beyond 2^53 do not occur here (prices, areas, counts).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/** Closing twice (a shutdown racing an error path) is harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", (error) => log.error(`PostgreSQL pool error: ${error.message}`));
    await pool.query("select 1");
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return { db, kind: "postgres", pool, created: false, close: once(() => pool.end()) };
  }

  if (options.kind === "pglite-memory") {
    const pglite = await PGlite.create(options.from ? { loadDataDir: options.from } : {});
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
    return { db, kind: "pglite", pglite, created: true, close: once(() => pglite.close()) };
  }

  const folder = path.join(options.dataDir, "pglite");
  fs.mkdirSync(options.dataDir, { recursive: true });
  const release = acquireLock(path.join(options.dataDir, "pglite.lock"));
  try {
    const created = !fs.existsSync(path.join(folder, "PG_VERSION"));
    const pglite = await PGlite.create({
      dataDir: folder,
      ...(options.sharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${Math.round(options.sharedBuffersMb)}MB`] } : {}),
    });
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
    return {
      db,
      kind: "pglite",
      pglite,
      created,
      close: once(async () => {
        try {
          await pglite.close();
        } finally {
          release();
        }
      }),
    };
  } catch (error) {
    release();
    throw error;
  }
}

// The handle of this process. Kept on globalThis so a module re-evaluated by
// the dev server reuses the open database instead of opening it twice.
const holder = globalThis as typeof globalThis & { __seasideDb?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__seasideDb = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = holder.__seasideDb;
  if (!handle) throw new Error("The database is not open (startServices() has not run)");
  return handle;
}

/** The database of this process. */
export function db(): Database {
  return getDatabaseHandle().db;
}
