import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRenderGate, type RenderGateOptions } from "./render-gate.server";

/**
 * Issue 32: renders a few at a time, client addresses taking turns, every
 * wait bounded. Requests are fakes: an address, and a response that finishes
 * or closes when the test says.
 */
interface Fake {
  address: string;
  res: ServerResponse;
  started: boolean;
  refused: boolean;
  finish(): void;
  leave(): void;
}

const OPTIONS: RenderGateOptions = { concurrency: 4, perAddress: 2, queuedPerAddress: 3, queued: 6, maxWaitMs: 5000 };

function setup(options = OPTIONS) {
  const order: string[] = [];
  const gate = createRenderGate(
    (req) => (req as unknown as { address: string }).address,
    (req) => {
      (req as unknown as { fake: Fake }).fake.refused = true;
    },
    options,
  );
  let n = 0;
  const send = (address: string): Fake => {
    const res = new EventEmitter() as unknown as ServerResponse;
    const fake: Fake = {
      address,
      res,
      started: false,
      refused: false,
      finish: () => res.emit("prefinish"),
      leave: () => res.emit("close"),
    };
    const id = `${address}#${++n}`;
    gate({ address, fake } as unknown as IncomingMessage, res, () => {
      fake.started = true;
      order.push(id);
    });
    return fake;
  };
  return { gate, send, order };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the render gate", () => {
  it("runs at most `concurrency` renders at once; a finished one lets the next in", () => {
    const { gate, send } = setup();
    const a = ["1", "2", "3", "4", "5"].map((x) => send(`10.0.0.${x}`));
    expect(a.map((f) => f.started)).toEqual([true, true, true, true, false]);
    expect(gate.state).toEqual({ running: 4, waiting: 1 });
    a[0]!.finish();
    expect(a[4]!.started).toBe(true);
    expect(gate.state).toEqual({ running: 4, waiting: 0 });
  });

  it("one address never takes more than `perAddress` places: another visitor gets a free one at once", () => {
    const { send } = setup();
    const flood = [1, 2, 3].map(() => send("203.0.113.9"));
    expect(flood.map((f) => f.started)).toEqual([true, true, false]);
    const visitor = send("198.51.100.7");
    expect(visitor.started).toBe(true);
  });

  it("waiting addresses take turns: a visitor who came after a flood is next, not behind it", () => {
    const { send, order } = setup({ ...OPTIONS, concurrency: 2, perAddress: 2 });
    const flood = [1, 2, 3, 4, 5].map(() => send("203.0.113.9"));
    const visitor = send("198.51.100.7");
    expect(visitor.started).toBe(false);
    flood[0]!.finish();
    expect(visitor.started).toBe(true);
    flood[1]!.finish();
    expect(order).toEqual(["203.0.113.9#1", "203.0.113.9#2", "198.51.100.7#6", "203.0.113.9#3"]);
  });

  it("queues are bounded: beyond `queuedPerAddress` for one address, or `queued` in all, the answer is «busy» at once", () => {
    const { gate, send } = setup();
    const flood = Array.from({ length: 7 }, () => send("203.0.113.9"));
    // 2 running, 3 waiting, 2 refused.
    expect(flood.filter((f) => f.started)).toHaveLength(2);
    expect(flood.filter((f) => f.refused)).toHaveLength(2);
    const others = Array.from({ length: 3 }, (_, i) => [send(`10.1.0.${i}`), send(`10.1.0.${i}`), send(`10.1.0.${i}`)]).flat();
    // Two more places ran two of them; the total queue (6) then filled up and the rest were refused.
    expect(others.filter((f) => f.started)).toHaveLength(2);
    expect(gate.state.waiting).toBe(6);
    expect(others.filter((f) => f.refused)).toHaveLength(4);
  });

  it("a request that waited `maxWaitMs` is answered «busy» and leaves the queue", () => {
    vi.useFakeTimers();
    const { gate, send } = setup();
    const flood = [1, 2, 3].map(() => send("203.0.113.9"));
    expect(flood[2]!.started).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(flood[2]!.refused).toBe(false);
    vi.advanceTimersByTime(1);
    expect(flood[2]!.refused).toBe(true);
    expect(gate.state.waiting).toBe(0);
    flood[0]!.finish();
    expect(flood[2]!.started).toBe(false);
  });

  it("a client that went away while waiting leaves the queue and is never rendered", () => {
    const { gate, send } = setup();
    const flood = [1, 2, 3].map(() => send("203.0.113.9"));
    flood[2]!.leave();
    expect(gate.state.waiting).toBe(0);
    flood[0]!.finish();
    expect(flood[2]!.started).toBe(false);
    expect(gate.state.running).toBe(1);
  });

  it("a render that ends by a closed connection (not finished) frees its place too, once", () => {
    const { gate, send } = setup();
    const one = send("203.0.113.9");
    one.leave();
    one.finish();
    expect(gate.state.running).toBe(0);
  });
});
