import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

/**
 * Finding (and, on Debian as root, installing) the system programs the test
 * layers and benchmarks need: PostgreSQL's server binaries and Chromium.
 * Never skips: when a program cannot be had it says exactly what is missing.
 */
export const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;
const hasAptGet = () => fs.existsSync("/usr/bin/apt-get");

let aptUpdated = false;
/** @param {string[]} packages */
export function aptInstall(packages) {
  if (!isRoot() || !hasAptGet()) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    aptUpdated = true;
  }
  const result = spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
  return result.status === 0;
}

/** @returns {string | null} */
export function findPostgresBinDir() {
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(`${root}/${v}/bin/initdb`))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return `${root}/${versions[0]}/bin`;
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim();
    if (fs.existsSync(`${dir}/initdb`) && fs.existsSync(`${dir}/pg_ctl`)) return dir;
  } catch {
    // no pg_config
  }
  return null;
}

/** @returns {string} */
export function requirePostgresBinDir() {
  let dir = findPostgresBinDir();
  if (!dir && aptInstall(["postgresql"])) dir = findPostgresBinDir();
  if (!dir) {
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found and could not be installed.\n" +
        "Install them (Debian/Ubuntu: apt-get install postgresql) and run the tests again.",
    );
  }
  return dir;
}

/** Chromium as tests and benchmarks run it: no sandbox (root in a container), no GPU, no background traffic of its own. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** @returns {string} */
export function requireChromium() {
  if (!fs.existsSync(CHROMIUM_PATH)) aptInstall(["chromium"]);
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH} and could not be installed.\n` + "Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
    );
  }
  return CHROMIUM_PATH;
}
