import type http from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addressKey, clientAddress } from "~/web/client-address.server";
import { resetEnvForTests } from "~/platform/env.server";

describe("the client address every per-address limit counts (issue 17)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  const request = (headers: http.IncomingHttpHeaders, remoteAddress = "127.0.0.1") =>
    ({ headers, socket: { remoteAddress } }) as unknown as http.IncomingMessage;

  it("as Express computes req.ip: X-Forwarded-For's last entry (the one the proxy added) only with TRUST_PROXY", () => {
    vi.stubEnv("TRUST_PROXY", "false");
    resetEnvForTests();
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.5" }))).toBe("127.0.0.1");
    vi.stubEnv("TRUST_PROXY", "true");
    resetEnvForTests();
    expect(clientAddress(request({ "x-forwarded-for": " 198.18.0.9 , 203.0.113.5 " }))).toBe("203.0.113.5");
    expect(clientAddress(request({}))).toBe("127.0.0.1");
    expect(clientAddress(request({ "x-forwarded-for": "x".repeat(10_000) })).length).toBeLessThanOrEqual(64);
  });

  it("every address of one IPv6 /64 is one visitor; other /64s are others", () => {
    const key = addressKey("2001:db8:1234:5678::1");
    expect(key).toBe("2001:db8:1234:5678::/64");
    for (const sibling of [
      "2001:db8:1234:5678:ffff:ffff:ffff:fffe",
      "2001:0DB8:1234:5678:0:0:0:abcd",
      "2001:db8:1234:5678:1:2:3:4",
      "2001:db8:1234:5678::9%eth0",
    ]) {
      expect(addressKey(sibling), sibling).toBe(key);
    }
    expect(addressKey("2001:db8:1234:5679::1")).not.toBe(key);
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8::5:1.2.3.4")).toBe("2001:db8:0:0::/64");
  });

  it("an IPv4 client is the same visitor whether its address arrives plain or mapped into IPv6", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("203.0.113.8")).not.toBe("203.0.113.7");
  });

  it("the same through a proxy's X-Forwarded-For and on the socket", () => {
    vi.stubEnv("TRUST_PROXY", "true");
    resetEnvForTests();
    expect(clientAddress(request({ "x-forwarded-for": "2001:db8:aa:bb:1::1" }))).toBe("2001:db8:aa:bb::/64");
    expect(clientAddress(request({ "x-forwarded-for": "10.0.0.1, ::ffff:198.51.100.4" }))).toBe("198.51.100.4");
    vi.stubEnv("TRUST_PROXY", "false");
    resetEnvForTests();
    expect(clientAddress(request({}, "::ffff:192.0.2.44"))).toBe("192.0.2.44");
    expect(clientAddress(request({}, "2a00:1450:4017:80b::200e"))).toBe("2a00:1450:4017:80b::/64");
  });
});
