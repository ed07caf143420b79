import type { Change, ChangeTable } from "./changes";

/** What the coalescer hands to the stream: one change, or the held-back ones as one batch. */
export type Delivery = { event: "change"; data: Change } | { event: "changes"; data: Change[] };

export interface CoalescerOptions {
  /** Deliveries allowed in any window (SPEC §9: 10 events per second). */
  limit?: number;
  windowMs?: number;
  /** Held-back distinct rows beyond which a table is collapsed to one RESYNC (bounds memory). */
  maxPending?: number;
}

const key = (table: ChangeTable, id: string | null) => `${table} ${id ?? "*"}`;

/**
 * Rate limit for one client of the change stream, without losing anything:
 * at most `limit` deliveries in any `windowMs` (a sliding window). Changes
 * arriving while the limit is reached are held back, deduplicated by
 * table + id, and delivered together as one `changes` batch as soon as the
 * window has room again; nothing overtakes held-back changes, so the order of
 * what a client sees follows the order of the database's commits.
 *
 * Merging several changes of one row keeps what the client needs to end in
 * the right state: the last type wins (deleted then recreated → INSERT;
 * inserted then deleted → DELETE), except that a row inserted and then
 * updated inside the batch is still new to the client (INSERT). A table
 * reload (id null: TRUNCATE, RESYNC) replaces the table's held-back rows,
 * since reloading after the batch covers them all.
 */
export class ChangeCoalescer {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxPending: number;
  /** Times of recent deliveries (oldest first), at most `limit`. */
  private sent: number[] = [];
  private pending = new Map<string, Change>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly deliver: (delivery: Delivery) => void,
    options: CoalescerOptions = {},
  ) {
    this.limit = options.limit ?? 10;
    this.windowMs = options.windowMs ?? 1000;
    this.maxPending = options.maxPending ?? 1000;
  }

  push(change: Change): void {
    if (this.closed) return;
    const now = Date.now();
    if (this.pending.size === 0 && this.hasRoom(now)) {
      this.sent.push(now);
      this.deliver({ event: "change", data: change });
      return;
    }
    this.hold(change);
    this.schedule(now);
  }

  /** How many distinct changes are held back (tests, diagnostics). */
  get pendingCount(): number {
    return this.pending.size;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
  }

  private hasRoom(now: number): boolean {
    while (this.sent.length > 0 && now - this.sent[0]! >= this.windowMs) this.sent.shift();
    return this.sent.length < this.limit;
  }

  private hold(change: Change): void {
    const { table, id } = change;
    if (id === null) {
      for (const [k, held] of this.pending) if (held.table === table) this.pending.delete(k);
      this.pending.set(key(table, null), change);
      return;
    }
    // The table will be reloaded after this batch anyway.
    if (this.pending.has(key(table, null))) return;
    const k = key(table, id);
    const before = this.pending.get(k);
    const type = before?.type === "INSERT" && change.type === "UPDATE" ? "INSERT" : change.type;
    // Re-inserted at the end: the batch lists rows in the order of their last change.
    this.pending.delete(k);
    this.pending.set(k, { table, type, id });
    if (this.pending.size > this.maxPending) this.collapse();
  }

  /** Too many rows held back: each table with rows held becomes one RESYNC. */
  private collapse(): void {
    const tables = new Set([...this.pending.values()].map((c) => c.table));
    this.pending.clear();
    for (const table of tables) this.pending.set(key(table, null), { table, type: "RESYNC", id: null });
  }

  private schedule(now: number): void {
    if (this.timer) return;
    const oldest = this.sent[0] ?? now;
    const wait = Math.max(0, oldest + this.windowMs - now);
    this.timer = setTimeout(() => this.flush(), wait);
    // A held-back batch must not keep a stopping process alive.
    if (typeof this.timer === "object" && "unref" in this.timer) this.timer.unref();
  }

  private flush(): void {
    this.timer = undefined;
    if (this.closed || this.pending.size === 0) return;
    const now = Date.now();
    if (!this.hasRoom(now)) {
      this.schedule(now);
      return;
    }
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.sent.push(now);
    this.deliver({ event: "changes", data: batch });
  }
}
