import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "~/db/client.server";

/**
 * Positions (the `order` column) of a list: locations as a whole, or the
 * properties of one location. Every change runs in a transaction holding a
 * lock on that list, so two administrators clicking at once cannot leave
 * duplicate or missing positions (DESIGN §4).
 */
export interface OrderedList {
  /** Table name, quoted identifier. */
  table: "locations" | "real_estates";
  /** Extra condition that selects the list (e.g. one location's properties). */
  where?: SQL;
  /** Lock key: one per list. */
  lockKey: string;
}

/**
 * Takes the lists' locks for the rest of the transaction. Always lock a list
 * before touching its rows, and several lists in one call (sorted here), so
 * two transactions can never wait on each other in a cycle. Re-locking a list
 * the transaction already holds is harmless (advisory locks are re-entrant).
 */
export async function lockList(tx: Executor, ...lists: OrderedList[]) {
  const keys = [...new Set(lists.map((l) => l.lockKey))].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

async function idsInOrder(tx: Executor, list: OrderedList): Promise<{ id: string; order: number }[]> {
  const where = list.where ? sql`where ${list.where}` : sql``;
  return queryRows<{ id: string; order: number }>(tx, sql`select id, "order" from ${sql.identifier(list.table)} ${where} order by "order", created_at, id`);
}

async function writePositions(tx: Executor, list: OrderedList, rows: { id: string; order: number }[], ids: string[]) {
  // Only rows whose position changes are written (a swap writes two).
  const current = new Map(rows.map((r) => [r.id, r.order]));
  for (const [position, id] of ids.entries()) {
    if (current.get(id) !== position) {
      await tx.execute(sql`update ${sql.identifier(list.table)} set "order" = ${position} where id = ${id}`);
    }
  }
}

/** Renumbers the list 0..n-1 keeping its current order. Call inside a transaction. */
export async function renumber(tx: Executor, list: OrderedList) {
  await lockList(tx, list);
  const table = sql.identifier(list.table);
  const where = list.where ? sql`where ${list.where}` : sql``;
  // One statement, touching only rows whose position changes.
  await tx.execute(sql`
    update ${table} set "order" = ranked.position
    from (select id, (row_number() over (order by "order", created_at, id) - 1)::int as position
          from ${table} ${where}) as ranked
    where ${table}.id = ranked.id and ${table}."order" <> ranked.position`);
}

/**
 * Swaps an item with its neighbour (SPEC §4). Returns false when refused:
 * the item is not in the list, or is already first (up) / last (down).
 * Call inside a transaction.
 */
export async function moveInList(tx: Executor, list: OrderedList, id: string, direction: "up" | "down") {
  await lockList(tx, list);
  const rows = await idsInOrder(tx, list);
  const index = rows.findIndex((r) => r.id === id);
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= rows.length) return false;
  const ids = rows.map((r) => r.id);
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  await writePositions(tx, list, rows, ids);
  return true;
}

/**
 * Moves an item to a given position (drag-and-drop), shifting the others.
 * Returns false when the item is not in the list. Call inside a transaction.
 */
export async function moveToPosition(tx: Executor, list: OrderedList, id: string, position: number) {
  await lockList(tx, list);
  const rows = await idsInOrder(tx, list);
  const index = rows.findIndex((r) => r.id === id);
  if (index < 0) return false;
  const ids = rows.map((r) => r.id);
  ids.splice(index, 1);
  ids.splice(Math.max(0, Math.min(position, ids.length)), 0, id);
  await writePositions(tx, list, rows, ids);
  return true;
}

/** Number of items in the list: the position a new item gets (SPEC §4). */
export async function countList(tx: Executor, list: OrderedList): Promise<number> {
  const where = list.where ? sql`where ${list.where}` : sql``;
  const rows = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(list.table)} ${where}`);
  return Number(rows[0]?.n ?? 0);
}
