import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ENV_NAMES } from "~/platform/env.server";
import { projectRoot } from "../support/built-server";
import { aptInstall } from "../../scripts/harness/system.mjs";

/**
 * deploy/seaside.service, the systemd unit for a bare server. Two checks:
 * - `systemd-analyze verify` (systemd's own parser: unknown keys, bad values,
 *   a missing executable), where systemd is installed or installable with apt
 *   (Debian, as root); anywhere else that test is reported as skipped;
 * - a structural check that always runs: the sections, ExecStart on
 *   server/main.js under WorkingDirectory, the data folder writable and the
 *   hardening directives present, the environment names known to the
 *   configuration schema. docs/deploy.md says which runs where.
 */

const UNIT = path.join(projectRoot, "deploy/seaside.service");
const text = fs.readFileSync(UNIT, "utf8");

/** Section → key → values (a key may repeat, e.g. Environment=). */
function parseUnit(source: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(\w+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1]!, current);
      continue;
    }
    const pair = /^(\w+)=(.*)$/.exec(line);
    if (!pair || !current) throw new Error(`cannot read unit line: ${line}`);
    current.set(pair[1]!, [...(current.get(pair[1]!) ?? []), pair[2]!]);
  }
  return sections;
}

function findSystemdAnalyze(): string | null {
  const where = () => spawnSync("sh", ["-c", "command -v systemd-analyze"], { encoding: "utf8" }).stdout.trim() || null;
  return where() ?? (aptInstall(["systemd"]) ? where() : null);
}

const unit = parseUnit(text);
const service = unit.get("Service") ?? new Map<string, string[]>();
const one = (key: string) => service.get(key)?.at(-1);
const environment = Object.fromEntries(
  (service.get("Environment") ?? []).flatMap((e) => e.split(/\s+/)).map((pair) => [pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1)]),
);
const analyze = findSystemdAnalyze();
let scratch: string | undefined;

afterAll(() => {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe("deploy/seaside.service", () => {
  it.skipIf(!analyze)("passes systemd-analyze verify without a warning", () => {
    // The unit as shipped names /usr/bin/node; where Node lives elsewhere the
    // copy verified names this machine's Node instead (nothing else changes).
    let file = UNIT;
    if (!fs.existsSync(one("ExecStart")!.split(/\s+/)[0]!)) {
      scratch = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-unit-"));
      file = path.join(scratch, "seaside.service");
      fs.writeFileSync(file, text.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
    }
    const result = spawnSync(analyze!, ["verify", file], { encoding: "utf8" });
    // verify exits 0 on unknown keys and bad values, but says so: nothing may be said.
    expect(`${result.stdout}${result.stderr}`.trim()).toBe("");
    expect(result.status).toBe(0);
  });

  it("starts node on server/main.js of its working directory, as a non-root user, stopped by SIGTERM", () => {
    expect([...unit.keys()]).toEqual(["Unit", "Service", "Install"]);
    const [node, script, ...rest] = one("ExecStart")!.split(/\s+/);
    expect(node).toMatch(/^\/\S*\/node$/);
    expect(rest).toEqual([]);
    expect(script).toBe(path.posix.join(one("WorkingDirectory")!, "server/main.js"));
    expect(one("User")).toBeTruthy();
    expect(one("User")).not.toBe("root");
    expect(one("KillSignal") ?? "SIGTERM").toBe("SIGTERM");
    // The server cuts requests off 10 s after SIGTERM: systemd must wait longer before SIGKILL.
    expect(Number(one("TimeoutStopSec"))).toBeGreaterThan(10);
    expect(unit.get("Install")?.get("WantedBy")).toEqual(["multi-user.target"]);
  });

  it("gives the server its data folder and nothing else to write, with the usual hardening", () => {
    const dataDir = environment.DATA_DIR!;
    expect(dataDir).toMatch(/^\//);
    expect(service.get("ReadWritePaths")?.flatMap((v) => v.split(/\s+/))).toContain(dataDir);
    expect(dataDir).toBe(`/var/lib/${one("StateDirectory")}`);
    const required: Record<string, string> = {
      NoNewPrivileges: "true",
      ProtectSystem: "strict",
      ProtectHome: "true",
      PrivateTmp: "true",
      PrivateDevices: "true",
      ProtectKernelTunables: "true",
      ProtectKernelModules: "true",
      ProtectControlGroups: "true",
      RestrictSUIDSGID: "true",
      RestrictNamespaces: "true",
      LockPersonality: "true",
      CapabilityBoundingSet: "",
      RestrictAddressFamilies: "AF_INET AF_INET6 AF_UNIX",
      SystemCallArchitectures: "native",
    };
    for (const [key, value] of Object.entries(required)) expect(one(key), key).toBe(value);
    // V8's JIT needs writable executable memory: this would stop Node at start.
    expect(one("MemoryDenyWriteExecute") ?? "false").not.toBe("true");
  });

  it("sets only variables the configuration schema knows, behind one proxy on this machine", () => {
    // MALLOC_* are read by the C library, not the app (decision 0022).
    expect(Object.keys(environment).filter((n) => !ENV_NAMES.includes(n) && !n.startsWith("MALLOC_"))).toEqual([]);
    expect([environment.MALLOC_ARENA_MAX, environment.MALLOC_MMAP_THRESHOLD_, environment.MALLOC_TRIM_THRESHOLD_]).toEqual(["2", "131072", "131072"]);
    expect(environment.HOST).toBe("127.0.0.1");
    expect(environment.TRUST_PROXY).toBe("true");
  });
});
