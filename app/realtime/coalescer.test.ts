import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Change } from "./changes";
import { ChangeCoalescer, type Delivery } from "./coalescer";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const sub = (n: number, type: Change["type"] = "INSERT"): Change => ({ table: "contact_submissions", type, id: id(n) });

function setup(options = {}) {
  const out: { at: number; delivery: Delivery }[] = [];
  const coalescer = new ChangeCoalescer((delivery) => out.push({ at: Date.now(), delivery }), options);
  /** Every change delivered, in order, batches unrolled. */
  const changes = () => out.flatMap(({ delivery }) => (delivery.event === "change" ? [delivery.data] : delivery.data));
  return { out, coalescer, changes };
}

/** The largest number of deliveries inside any window of `ms`. */
function busiestWindow(times: number[], ms: number): number {
  let most = 0;
  for (const start of times) most = Math.max(most, times.filter((t) => t >= start && t < start + ms).length);
  return most;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("change coalescer (SPEC §9: at most 10 events per second per client)", () => {
  it("delivers changes at once while under the limit", () => {
    const { out, coalescer } = setup();
    for (let i = 0; i < 10; i++) coalescer.push(sub(i));
    expect(out).toHaveLength(10);
    expect(out.every((o) => o.delivery.event === "change" && o.at === 1_000_000)).toBe(true);
    expect(coalescer.pendingCount).toBe(0);
  });

  it("holds back the 11th and later changes and delivers them as one batch when the window has room", () => {
    const { out, coalescer, changes } = setup();
    for (let i = 0; i < 30; i++) coalescer.push(sub(i));
    expect(out).toHaveLength(10);
    expect(coalescer.pendingCount).toBe(20);
    vi.advanceTimersByTime(999);
    expect(out).toHaveLength(10);
    vi.advanceTimersByTime(1);
    expect(out).toHaveLength(11);
    const last = out[10]!.delivery;
    expect(last.event).toBe("changes");
    expect(last.data).toEqual(Array.from({ length: 20 }, (_, i) => sub(i + 10)));
    expect(changes().map((c) => c.id)).toEqual(Array.from({ length: 30 }, (_, i) => id(i)));
  });

  it("never exceeds 10 deliveries in any second under a steady flood, and loses nothing", () => {
    const { out, coalescer, changes } = setup();
    // 2000 changes, one every 3 ms for 6 s, some rows changed several times.
    for (let i = 0; i < 2000; i++) {
      coalescer.push(sub(i % 1500, i < 1500 ? "INSERT" : "UPDATE"));
      vi.advanceTimersByTime(3);
    }
    vi.advanceTimersByTime(5000);
    expect(
      busiestWindow(
        out.map((o) => o.at),
        1000,
      ),
    ).toBeLessThanOrEqual(10);
    expect(new Set(changes().map((c) => c.id)).size).toBe(1500);
    expect(coalescer.pendingCount).toBe(0);
  });

  it("keeps the order: a change arriving when the window has room again does not overtake held-back ones", () => {
    const { out, coalescer, changes } = setup();
    for (let i = 0; i < 12; i++) coalescer.push(sub(i));
    vi.advanceTimersByTime(1000); // batch [10, 11] goes out
    coalescer.push(sub(12));
    expect(changes().map((c) => c.id)).toEqual(Array.from({ length: 13 }, (_, i) => id(i)));
    expect(out.map((o) => o.delivery.event)).toEqual([...Array<string>(10).fill("change"), "changes", "change"]);
  });

  it("merges the held-back changes of one row so the client ends in the right state", () => {
    const { out, coalescer } = setup();
    for (let i = 0; i < 10; i++) coalescer.push(sub(100 + i));
    coalescer.push(sub(1, "DELETE"));
    coalescer.push(sub(1, "INSERT")); // deleted, then recreated: the last type wins
    coalescer.push(sub(2, "INSERT"));
    coalescer.push(sub(2, "DELETE")); // inserted, then deleted: gone
    coalescer.push(sub(3, "INSERT"));
    coalescer.push(sub(3, "UPDATE")); // inserted, then updated: still new to the client
    coalescer.push(sub(4, "UPDATE"));
    coalescer.push(sub(4, "UPDATE"));
    coalescer.push({ table: "real_estates", type: "UPDATE", id: id(4) }); // same id, other table: kept apart
    vi.advanceTimersByTime(1000);
    expect(out[10]!.delivery).toEqual({
      event: "changes",
      data: [sub(1, "INSERT"), sub(2, "DELETE"), sub(3, "INSERT"), sub(4, "UPDATE"), { table: "real_estates", type: "UPDATE", id: id(4) }],
    });
  });

  it("lets a table reload (TRUNCATE, RESYNC) replace that table's held-back rows", () => {
    const { out, coalescer } = setup();
    for (let i = 0; i < 10; i++) coalescer.push(sub(i));
    coalescer.push(sub(20));
    coalescer.push({ table: "locations", type: "INSERT", id: id(7) });
    coalescer.push({ table: "contact_submissions", type: "TRUNCATE", id: null });
    coalescer.push(sub(21)); // covered by the reload that follows the batch
    vi.advanceTimersByTime(1000);
    expect(out[10]!.delivery).toEqual({
      event: "changes",
      data: [
        { table: "locations", type: "INSERT", id: id(7) },
        { table: "contact_submissions", type: "TRUNCATE", id: null },
      ],
    });
  });

  it("collapses a huge backlog into one RESYNC per table (bounded memory)", () => {
    const { out, coalescer } = setup({ maxPending: 50 });
    for (let i = 0; i < 10; i++) coalescer.push(sub(i));
    for (let i = 0; i < 100; i++) coalescer.push({ table: "real_estates", type: "INSERT", id: id(i) });
    coalescer.push(sub(500));
    vi.advanceTimersByTime(1000);
    expect(out[10]!.delivery).toEqual({
      event: "changes",
      data: [
        { table: "real_estates", type: "RESYNC", id: null },
        { table: "contact_submissions", type: "INSERT", id: id(500) },
      ],
    });
  });

  it("delivers nothing after close", () => {
    const { out, coalescer } = setup();
    for (let i = 0; i < 15; i++) coalescer.push(sub(i));
    coalescer.close();
    coalescer.push(sub(99));
    vi.advanceTimersByTime(5000);
    expect(out).toHaveLength(10);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("uses a sliding window: 10 at the end of one second and 10 at the start of the next are not allowed", () => {
    const { out, coalescer } = setup();
    vi.advanceTimersByTime(900);
    for (let i = 0; i < 10; i++) coalescer.push(sub(i));
    vi.advanceTimersByTime(200); // 1 100 ms: the 10 above were 200 ms ago
    for (let i = 10; i < 20; i++) coalescer.push(sub(i));
    expect(out).toHaveLength(10);
    vi.advanceTimersByTime(800); // 1 000 ms after the first 10
    expect(out).toHaveLength(11);
    expect(out[10]!.at - out[0]!.at).toBe(1000);
  });
});
