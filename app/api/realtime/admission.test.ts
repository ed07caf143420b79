import type http from "node:http";
import { describe, expect, it } from "vitest";
import { Admission, ADMIN_RESERVE, MAX_CONNECTIONS, MAX_PENDING, MAX_PER_ADDRESS, PROBATION_SEATS, upgradeCredential } from "./admission.server";

describe("realtime admission (issue 17: per-address caps, room kept for administrators)", () => {
  it("refuses the anonymous socket beyond the per-address cap (429), not the administrator's nor another address's", () => {
    const admission = new Admission();
    for (let i = 0; i < MAX_PER_ADDRESS; i++) {
      expect(admission.admit("anon", "203.0.113.1")).toBe("anon");
      admission.add("anon", "203.0.113.1");
    }
    expect(admission.admit("anon", "203.0.113.1")).toMatchObject({ status: 429 });
    expect(admission.admit("admin", "203.0.113.1")).toBe("admin");
    expect(admission.admit("anon", "203.0.113.2")).toBe("anon");
    admission.remove("anon", "203.0.113.1");
    expect(admission.admit("anon", "203.0.113.1")).toBe("anon");
  });

  /** Fills the anonymous share from many addresses; returns how many fitted. */
  function fillAnonymous(admission: Admission) {
    let n = 0;
    while (admission.admit("anon", `10.0.${n >> 8}.${n & 255}`) === "anon") admission.add("anon", `10.0.${n >> 8}.${n++ & 255}`);
    return n;
  }

  it("anonymous sockets from many addresses fill only their share; then half the reserve on probation (503 beyond); the rest still admits administrators", () => {
    const admission = new Admission();
    expect(fillAnonymous(admission)).toBe(MAX_CONNECTIONS - ADMIN_RESERVE);
    for (let i = 0; i < PROBATION_SEATS; i++) {
      const address = `198.18.${i >> 8}.${i & 255}`;
      expect(admission.admit("anon", address), `probation ${i}`).toBe("probation");
      admission.add("probation", address);
    }
    expect(admission.admit("anon", "192.0.2.1")).toMatchObject({ status: 503 });
    for (let i = 0; i < ADMIN_RESERVE - PROBATION_SEATS; i++) {
      const address = `192.0.2.${Math.floor(i / MAX_PER_ADDRESS)}`;
      expect(admission.admit("admin", address), `administrator ${i}`).toBe("admin");
      admission.add("admin", address);
    }
    expect(admission.admit("admin", "198.51.100.1")).toMatchObject({ status: 503 });
  });

  it("a probation seat given back (closed, or its socket proved an administrator) is free again", () => {
    const admission = new Admission();
    fillAnonymous(admission);
    for (let i = 0; i < PROBATION_SEATS; i++) admission.add("probation", `198.18.0.${i}`);
    expect(admission.admit("anon", "192.0.2.1")).toMatchObject({ status: 503 });
    admission.remove("probation", "198.18.0.0");
    admission.add("admin", "198.18.0.0");
    expect(admission.admit("anon", "192.0.2.1")).toBe("probation");
  });

  it("token lookups at the upgrade are bounded per address (429) and in all (503), and give their room back", () => {
    const admission = new Admission();
    for (let i = 0; i < MAX_PER_ADDRESS; i++) expect(admission.beginLookup("203.0.113.1")).toBeNull();
    expect(admission.beginLookup("203.0.113.1")).toMatchObject({ status: 429 });
    admission.endLookup("203.0.113.1");
    expect(admission.beginLookup("203.0.113.1")).toBeNull();
    let n = MAX_PER_ADDRESS;
    while (admission.beginLookup(`10.1.${n >> 8}.${n & 255}`) === null) n++;
    expect(n).toBe(MAX_PENDING);
    expect(admission.beginLookup("198.51.100.9")).toMatchObject({ status: 503 });
  });

  const request = (headers: http.IncomingHttpHeaders) => ({ headers, socket: { remoteAddress: "127.0.0.1" } }) as unknown as http.IncomingMessage;

  it("the upgrade's credential: a bearer token, else the apikey", () => {
    expect(upgradeCredential(request({ authorization: "Bearer abc" }), "key")).toBe("abc");
    expect(upgradeCredential(request({}), "key")).toBe("key");
    expect(upgradeCredential(request({ authorization: "Basic abc" }), "key")).toBe("key");
  });
});
