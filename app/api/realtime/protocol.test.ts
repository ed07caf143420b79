import { describe, expect, it } from "vitest";
import Serializer from "@supabase/realtime-js/dist/main/lib/serializer.js";
import { bindingId, decode, decodeBinaryPush, encode, matchesFilter, MAX_FILTER_LENGTH, MAX_IN_VALUES, parseBindings, parseFilter, parseVsn } from "./protocol";

describe("Phoenix frames (realtime-js's serializers)", () => {
  it("vsn 2.0.0: JSON arrays [join_ref, ref, topic, event, payload]; 1.0.0: objects", () => {
    expect(decode("2.0.0", '["1","2","realtime:x","phx_join",{"config":{}}]')).toEqual({
      join_ref: "1",
      ref: "2",
      topic: "realtime:x",
      event: "phx_join",
      payload: { config: {} },
    });
    expect(decode("2.0.0", '[null,"3","phoenix","heartbeat",{}]')).toEqual({ join_ref: null, ref: "3", topic: "phoenix", event: "heartbeat", payload: {} });
    expect(decode("1.0.0", '{"join_ref":null,"ref":"3","topic":"phoenix","event":"heartbeat","payload":{}}')?.event).toBe("heartbeat");
    const message = { join_ref: "1", ref: null, topic: "realtime:x", event: "postgres_changes", payload: { ids: [1] } };
    expect(encode("2.0.0", message)).toBe('["1",null,"realtime:x","postgres_changes",{"ids":[1]}]');
    expect(JSON.parse(encode("1.0.0", message))).toEqual(message);
  });

  it("binary frames: realtime-js's broadcast pushes are read (refs and topic); anything else is not a frame", () => {
    let frame: string | ArrayBuffer | undefined;
    new Serializer().encode(
      { join_ref: "5", ref: "6", topic: "realtime:room", event: "broadcast", payload: { type: "broadcast", event: "hello", payload: { a: 1 } } },
      (encoded: string | ArrayBuffer) => (frame = encoded),
    );
    expect(frame).toBeInstanceOf(ArrayBuffer);
    expect(decodeBinaryPush(new Uint8Array(frame as ArrayBuffer))).toEqual({
      join_ref: "5",
      ref: "6",
      topic: "realtime:room",
      event: "broadcast",
      payload: {},
    });
    for (const bytes of [[], [3, 1, 1], [4, 0, 0, 0, 0, 0, 0], [3, 9, 9, 9, 9, 9, 1, 65], [255, 0, 1, 2, 3, 4, 5, 6]]) {
      expect(decodeBinaryPush(new Uint8Array(bytes)), JSON.stringify(bytes)).toBeNull();
    }
  });

  it("refuses what is not a frame", () => {
    for (const text of ["", "nope", "null", "[]", '["1","2","t"]', '[1,2,3,"e",{}]', '{"topic":"t"}'])
      expect(decode("2.0.0", text) ?? decode("1.0.0", text), text).toBeNull();
  });

  it("vsn: 1.0.0 when none is given (Phoenix's default), 2.0.0, nothing else", () => {
    expect(parseVsn(null)).toBe("1.0.0");
    expect(parseVsn("2.0.0")).toBe("2.0.0");
    expect(parseVsn("3.0.0")).toBeNull();
  });
});

describe("postgres_changes bindings and filters", () => {
  it("keeps each binding as sent (the client compares the reply with its own) and refuses bad ones", () => {
    expect(
      parseBindings([
        { event: "*", schema: "public" },
        { event: "insert", schema: "public", table: "locations", filter: "id=eq.5" },
      ]),
    ).toEqual({
      bindings: [
        { event: "*", schema: "public" },
        { event: "INSERT", schema: "public", table: "locations", filter: "id=eq.5" },
      ],
    });
    expect(parseBindings(undefined)).toEqual({ bindings: [] });
    expect(parseBindings([{ event: "SELECT", schema: "public" }])).toHaveProperty("error");
    expect(parseBindings([{ event: "*" }])).toHaveProperty("error");
    expect(parseBindings([{ event: "*", schema: "public", filter: "name=like.x" }])).toHaveProperty("error");
    expect(parseBindings("x")).toHaveProperty("error");
  });

  it("evaluates eq, neq, lt, lte, gt, gte and in on the row sent; a missing column never matches", () => {
    const row = { id: "b", order: 3, name: "Варна", published: true };
    const yes = [
      "order=eq.3",
      "order=neq.4",
      "order=lt.4",
      "order=lte.3",
      "order=gt.2",
      "order=gte.3",
      "name=eq.Варна",
      "order=in.(1,3)",
      'name=in.("Варна",Бургас)',
      "published=eq.true",
    ];
    const no = ["order=eq.4", "order=gt.3", "name=neq.Варна", "order=in.(1,2)", "missing=eq.1"];
    for (const f of yes) expect(matchesFilter(parseFilter(f)!, row), f).toBe(true);
    for (const f of no) expect(matchesFilter(parseFilter(f)!, row), f).toBe(false);
    expect(parseFilter("order=in.1,2")).toBeNull();
  });

  it("gives equal bindings equal ids, different ones different ids", () => {
    const a = bindingId({ event: "*", schema: "public" });
    expect(bindingId({ event: "*", schema: "public" })).toBe(a);
    expect(bindingId({ event: "*", schema: "public", table: "locations" })).not.toBe(a);
    expect(Number.isInteger(a)).toBe(true);
  });
});

describe("filter bounds", () => {
  it("refuses a filter over 1 KB and an in-list over 100 values (Supabase Realtime's limit), accepts up to them", () => {
    expect(parseFilter(`id=in.(${Array.from({ length: MAX_IN_VALUES }, (_, i) => i).join(",")})`)).not.toBeNull();
    expect(parseFilter(`id=in.(${Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => i).join(",")})`)).toBeNull();
    expect(parseFilter(`title=eq.${"x".repeat(MAX_FILTER_LENGTH - 9)}`)).not.toBeNull();
    expect(parseFilter(`title=eq.${"x".repeat(MAX_FILTER_LENGTH)}`)).toBeNull();
  });
});
