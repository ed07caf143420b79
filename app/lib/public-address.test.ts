import { describe, expect, it } from "vitest";
import { allGive, itMaps } from "../../tests/support/table-test";
import { isPublicAddress, parseIpv6 } from "./public-address";

/** Addresses that are not public unicast, written every way the import may meet them. */
const NOT_PUBLIC = [
  "127.0.0.1",
  "127.255.255.254",
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "10.255.255.255",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.255",
  "192.0.0.8",
  "192.0.2.1",
  "198.18.0.1",
  "198.51.100.7",
  "203.0.113.9",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "::",
  "::1",
  "0:0:0:0:0:0:0:1",
  "fe80::1",
  "fe80::1%eth0",
  "febf::1",
  "fc00::1",
  "fd12:3456:789a::1",
  "ff02::1",
  "ff0e::1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::FFFF:10.0.0.1",
  "::ffff:192.168.0.1",
  "::ffff:169.254.169.254",
  "0:0:0:0:0:ffff:ac10:1",
  "::127.0.0.1",
  "::ffff:0:127.0.0.1",
  "64:ff9b::10.0.0.1",
  "64:ff9b::7f00:1",
  "2002:7f00:1::1",
  "2002:c0a8:101::",
  "2001:db8::1",
  "2001::1",
  "100::1",
  "3fff::1",
  "[::1]",
  "localhost",
  "",
  "1.2.3",
  "1.2.3.4.5",
  "01.2.3.4",
  "256.1.1.1",
  "0x7f.0.0.1",
  "2130706433",
  "1:2:3:4:5:6:7:8:9",
  "1::2::3",
  "gggg::1",
];

/** Public unicast addresses, some of them just outside a private or reserved range. */
const PUBLIC = [
  "93.184.216.34",
  "8.8.8.8",
  "1.1.1.1",
  "100.63.255.255",
  "100.128.0.0",
  "172.15.255.255",
  "172.32.0.0",
  "192.167.255.255",
  "169.253.0.1",
  "11.0.0.1",
  "223.255.255.255",
  "2a00:1450:4001:80b::200e",
  "2606:4700::6810:85e5",
  "[2606:4700::1]",
  "::ffff:93.184.216.34",
  "64:ff9b::808:808",
  "2002:5db8:d822::1",
];

/** The import's photo addresses (issue 23 item 7, decision 0028): public unicast only, however it is written. */
describe("isPublicAddress", () => {
  itMaps(isPublicAddress, [...allGive(NOT_PUBLIC, false), ...allGive(PUBLIC, true)], "%s is public: %s");

  it("reads the IPv6 forms", () => {
    expect(parseIpv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6("1:2:3:4:5:6:7")).toBeNull();
  });
});
