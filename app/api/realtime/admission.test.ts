import type http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "~/utils/env.server";
import { Admission, ADMIN_RESERVE, clientAddress, MAX_CONNECTIONS, MAX_PENDING, MAX_PER_ADDRESS, upgradeCredential } from "./admission.server";

describe("realtime admission (issue 17: per-address caps, room kept for administrators)", () => {
  it("refuses the anonymous socket beyond the per-address cap (429), not the administrator's nor another address's", () => {
    const admission = new Admission();
    for (let i = 0; i < MAX_PER_ADDRESS; i++) {
      expect(admission.refusal("anon", "203.0.113.1")).toBeNull();
      admission.add("anon", "203.0.113.1");
    }
    expect(admission.refusal("anon", "203.0.113.1")).toMatchObject({ status: 429 });
    expect(admission.refusal("admin", "203.0.113.1")).toBeNull();
    expect(admission.refusal("anon", "203.0.113.2")).toBeNull();
    admission.remove("anon", "203.0.113.1");
    expect(admission.refusal("anon", "203.0.113.1")).toBeNull();
  });

  it("anonymous sockets from many addresses fill only their share (503); the reserve still admits administrators", () => {
    const admission = new Admission();
    let n = 0;
    while (admission.refusal("anon", `10.0.${n >> 8}.${n & 255}`) === null) admission.add("anon", `10.0.${n >> 8}.${n++ & 255}`);
    expect(n).toBe(MAX_CONNECTIONS - ADMIN_RESERVE);
    expect(admission.refusal("anon", "192.0.2.1")).toMatchObject({ status: 503 });
    for (let i = 0; i < ADMIN_RESERVE; i++) {
      const address = `192.0.2.${Math.floor(i / MAX_PER_ADDRESS)}`;
      expect(admission.refusal("admin", address), `administrator ${i}`).toBeNull();
      admission.add("admin", address);
    }
    expect(admission.refusal("admin", "198.51.100.1")).toMatchObject({ status: 503 });
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

  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  const request = (headers: http.IncomingHttpHeaders, remoteAddress = "127.0.0.1") => ({ headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;

  it("the client address as Express computes req.ip: X-Forwarded-For's last entry (the one the proxy added) only with TRUST_PROXY", () => {
    vi.stubEnv("TRUST_PROXY", "false");
    resetEnvForTests();
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.5" }))).toBe("127.0.0.1");
    vi.stubEnv("TRUST_PROXY", "true");
    resetEnvForTests();
    expect(clientAddress(request({ "x-forwarded-for": " 198.18.0.9 , 203.0.113.5 " }))).toBe("203.0.113.5");
    expect(clientAddress(request({}))).toBe("127.0.0.1");
    expect(clientAddress(request({ "x-forwarded-for": "x".repeat(10_000) })).length).toBeLessThanOrEqual(64);
  });

  it("the upgrade's credential: a bearer token, else the apikey", () => {
    expect(upgradeCredential(request({ authorization: "Bearer abc" }), "key")).toBe("abc");
    expect(upgradeCredential(request({}), "key")).toBe("key");
    expect(upgradeCredential(request({ authorization: "Basic abc" }), "key")).toBe("key");
  });
});
