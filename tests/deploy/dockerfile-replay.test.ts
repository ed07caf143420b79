import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, projectRoot } from "../support/built-server";
import { copyCleanContext, execForm, parseDockerfile, parseEnvInstruction, splitFlags, type Stage } from "./dockerfile";

/**
 * deploy/Dockerfile, replayed without Docker (which cannot run on our
 * machines): each stage gets its own folder standing in for the image's
 * file system, and its steps run in order, read from the real Dockerfile.
 *
 * Replayed for real: the build context (the files git knows, less
 * .dockerignore), every COPY (from the context and from the build stage),
 * ENV, WORKDIR, the production build (`npm run build` in the clean copy),
 * the production-only install (`npm install --omit=dev`, from the npm cache
 * when it can), mkdir/chown, USER (the server runs with that uid/gid),
 * the data VOLUME (a fresh folder), CMD (exec form, the server is the
 * process that gets SIGTERM) and the HEALTHCHECK command.
 * Not replayed: the base image (this machine's Node stands in for
 * node:24-slim's), the build stage's full `npm install` (the checkout's
 * node_modules, installed from the same package.json and lockfile, is
 * linked in instead: a full install would take minutes), `npm cache clean`
 * (it would empty this machine's cache; in the image it only saves space).
 *
 * Slow (a build and a production install, about a minute): one file, one
 * server start, in its own Vitest project ("deploy").
 */

const DOCKERFILE = path.join(projectRoot, "deploy/Dockerfile");
const PORTS: [number, number] = [9420, 9429];

let work: string;
let runtime: ReplayedStage;
let server: ChildProcess | undefined;
let output = "";
let baseUrl = "";
let containerEnv: Record<string, string> = {};
let user = { uid: -1, gid: -1 };

interface ReplayedStage {
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  volumes: string[];
  cmd?: string[] | null;
  healthcheck?: string[] | null;
}

/** Environment of a fresh container: no npm_* or test variables from this process. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", ...extra };
}

function inStage(stage: ReplayedStage, containerPath: string): string {
  return path.join(stage.root, path.posix.resolve(stage.workdir, containerPath));
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>) {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}${result.stderr}`);
}

function chownTree(target: string, uid: number, gid: number, recursive: boolean) {
  fs.chownSync(target, uid, gid);
  if (!recursive || !fs.statSync(target).isDirectory()) return;
  for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), uid, gid, true);
}

/** One shell command of a RUN step (split at &&): only what the Dockerfile uses. */
function runCommand(stage: ReplayedStage, words: string[]) {
  const [program, sub] = words;
  const cwd = inStage(stage, ".");
  const env = cleanEnv(stage.env);
  if (program === "npm" && sub === "install" && words.includes("--omit=dev")) {
    // The production install, for real (from the npm cache when it holds the packages).
    run("npm", [...words.slice(1), "--prefer-offline", "--loglevel=error"], cwd, env);
  } else if (program === "npm" && sub === "install") {
    // The build stage's full install: the checkout's node_modules (see the header).
    fs.symlinkSync(path.join(projectRoot, "node_modules"), path.join(cwd, "node_modules"), "dir");
  } else if (program === "npm" && sub === "run") {
    run("npm", words.slice(1), cwd, env);
  } else if (program === "npm" && sub === "cache" && words[2] === "clean") {
    // Not replayed (see the header).
  } else if (program === "mkdir" && words[1] === "-p") {
    for (const dir of words.slice(2)) fs.mkdirSync(inStage(stage, dir), { recursive: true });
  } else if (program === "chown") {
    const recursive = words[1] === "-R";
    const [owner, ...targets] = words.slice(recursive ? 2 : 1);
    const [uid, gid] = owner!.split(":").map(Number);
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`chown ${owner}: the replay knows numeric uid:gid only`);
    for (const target of targets) chownTree(inStage(stage, target), uid!, gid!, recursive);
  } else {
    throw new Error(`RUN ${words.join(" ")}: the replay does not know this command (teach tests/deploy/dockerfile-replay.test.ts)`);
  }
}

function replayStage(stage: Stage, context: string, done: Map<string, ReplayedStage>): ReplayedStage {
  const state: ReplayedStage = { root: path.join(work, "stages", stage.name), workdir: "/", env: {}, volumes: [] };
  fs.mkdirSync(state.root, { recursive: true });
  for (const step of stage.steps) {
    switch (step.keyword) {
      case "ENV":
        Object.assign(state.env, parseEnvInstruction(step.args));
        break;
      case "WORKDIR":
        state.workdir = path.posix.resolve(state.workdir, step.args);
        fs.mkdirSync(inStage(state, "."), { recursive: true });
        break;
      case "COPY": {
        const { flags, words } = splitFlags(step.args);
        const unknown = Object.keys(flags).filter((f) => f !== "from");
        if (unknown.length > 0) throw new Error(`COPY --${unknown[0]}: not known to the replay`);
        const destination = words.pop()!;
        const from = flags.from === undefined ? undefined : done.get(flags.from);
        if (flags.from !== undefined && !from) throw new Error(`COPY --from=${flags.from}: no such earlier stage`);
        const target = inStage(state, destination);
        for (const source of words) {
          if (/[*?[]/.test(source)) throw new Error(`COPY ${source}: wildcards are not known to the replay`);
          const origin = from ? inStage(from, source) : path.join(context, source);
          if (!fs.existsSync(origin)) throw new Error(`COPY ${source}: not in the ${from ? `stage ${flags.from}` : "build context"} (Docker would fail here)`);
          if (fs.statSync(origin).isDirectory()) fs.cpSync(origin, target, { recursive: true });
          else {
            const into = destination.endsWith("/") || words.length > 1;
            fs.mkdirSync(into ? target : path.dirname(target), { recursive: true });
            fs.copyFileSync(origin, into ? path.join(target, path.basename(source)) : target);
          }
        }
        break;
      }
      case "RUN":
        if (execForm(step.args)) throw new Error("RUN in exec form: not known to the replay");
        if (/[|;<>`$"']|\|\|/.test(step.args)) throw new Error(`RUN ${step.args}: only commands joined by && are known to the replay`);
        for (const command of step.args.split("&&")) runCommand(state, command.trim().split(/\s+/));
        break;
      case "USER":
        state.user = step.args;
        break;
      case "VOLUME":
        state.volumes.push(...(execForm(step.args) ?? step.args.split(/\s+/)));
        break;
      case "HEALTHCHECK": {
        const { words } = splitFlags(step.args);
        if (words[0] !== "CMD") throw new Error(`HEALTHCHECK ${step.args}: not known to the replay`);
        state.healthcheck = execForm(words.slice(1).join(" "));
        break;
      }
      case "CMD":
        state.cmd = execForm(step.args);
        break;
      case "EXPOSE":
      case "LABEL":
        break;
      default:
        throw new Error(`Dockerfile line ${step.line}: ${step.keyword} is not known to the replay`);
    }
  }
  return state;
}

/** USER's uid:gid (numeric, as the image needs for runAsNonRoot; a name is looked up on this machine). */
function resolveUser(spec: string | undefined): { uid: number; gid: number } {
  if (!spec) return { uid: 0, gid: 0 };
  const [name, group] = spec.split(":");
  const lookup = (flag: string, value: string) =>
    /^\d+$/.test(value) ? Number(value) : Number(spawnSync("id", [flag, value], { encoding: "utf8" }).stdout.trim() || NaN);
  return { uid: lookup("-u", name!), gid: group === undefined ? lookup("-g", name!) : /^\d+$/.test(group) ? Number(group) : NaN };
}

/** Runs a command of the image (exec form) as its user: "node" is this machine's Node. */
function imageCommand(argv: string[]) {
  return { command: argv[0] === "node" ? process.execPath : argv[0]!, args: argv.slice(1) };
}

function healthcheck() {
  const { command, args } = imageCommand(runtime.healthcheck!);
  return spawnSync(command, args, { cwd: inStage(runtime, "."), env: containerEnv, ...user, timeout: 10_000 });
}

describe("deploy/Dockerfile, replayed", () => {
  beforeAll(async () => {
    const stages = parseDockerfile(fs.readFileSync(DOCKERFILE, "utf8"));
    work = fs.mkdtempSync(path.join(os.tmpdir(), "seaside-docker-"));
    // The image's user must reach the application files, as in the image.
    fs.chmodSync(work, 0o755);
    const context = path.join(work, "context");
    copyCleanContext(projectRoot, context);
    const done = new Map<string, ReplayedStage>();
    for (const stage of stages) done.set(stage.name, replayStage(stage, context, done));
    runtime = done.get(stages.at(-1)!.name)!;

    user = resolveUser(runtime.user);
    const port = await freePort(...PORTS);
    const home = path.join(runtime.root, "home");
    fs.mkdirSync(home);
    fs.chownSync(home, user.uid, user.gid);
    // The container's environment, with the addresses of this machine: DATA_DIR is the
    // volume's folder here, and the server listens on 127.0.0.1 (the image: 0.0.0.0).
    containerEnv = cleanEnv({
      ...runtime.env,
      HOME: home,
      DATA_DIR: inStage(runtime, runtime.env.DATA_DIR ?? "/nonexistent"),
      HOST: "127.0.0.1",
      PORT: String(port),
    });
    if (!runtime.cmd) throw new Error("CMD must be in exec form: with the shell form, sh is PID 1 and swallows docker stop's SIGTERM");
    const { command, args } = imageCommand(runtime.cmd);
    server = spawn(command, args, { cwd: inStage(runtime, "."), env: containerEnv, ...user });
    server.stdout!.on("data", (d) => (output += d));
    server.stderr!.on("data", (d) => (output += d));
    baseUrl = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      if (Date.now() > until) throw new Error(`the server did not answer /healthz within 60 s:\n${output}`);
      const ok = await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 300_000);

  afterAll(() => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it("builds on Node 24's slim image, runs as a non-root user, keeps its data in the /data volume", () => {
    const stages = parseDockerfile(fs.readFileSync(DOCKERFILE, "utf8"));
    for (const stage of stages) expect(stage.image).toMatch(/^node:24(\.\d+){0,2}-(\w+-)?slim$/);
    expect(user.uid).toBeGreaterThan(0);
    expect(user.gid).toBeGreaterThan(0);
    expect(runtime.volumes).toEqual(["/data"]);
    expect(runtime.env.DATA_DIR).toBe("/data");
    expect([runtime.env.MALLOC_ARENA_MAX, runtime.env.MALLOC_MMAP_THRESHOLD_, runtime.env.MALLOC_TRIM_THRESHOLD_]).toEqual(["2", "131072", "131072"]);
  });

  it("starts with its CMD in exec form (the server itself gets SIGTERM) and answers /healthz with 200", async () => {
    expect(runtime.cmd, "CMD must be in exec form: with the shell form, sh is PID 1 and swallows SIGTERM").toEqual(["node", "server/main.js"]);
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: "pglite" });
  });

  it("serves the public pages in both languages", async () => {
    for (const [page, lang] of [
      ["/", "ru"],
      ["/bg", "bg"],
    ] as const) {
      const response = await fetch(baseUrl + page);
      expect(response.status, page).toBe(200);
      expect(await response.text()).toContain(`<html lang="${lang}"`);
    }
  });

  it("writes its database into the volume as the image's user", () => {
    const stat = fs.statSync(path.join(containerEnv.DATA_DIR!, "pglite"));
    expect(stat.uid).toBe(user.uid);
  });

  it("HEALTHCHECK's command (no curl in the slim image) passes while the server runs", () => {
    expect(runtime.healthcheck, "HEALTHCHECK CMD in exec form").toBeTruthy();
    const result = healthcheck();
    expect(result.status, String(result.stderr)).toBe(0);
  });

  it("stops cleanly on SIGTERM, and the health check then fails", async () => {
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => server!.once("exit", (code, signal) => resolve([code, signal])));
    server!.kill("SIGTERM");
    expect(await exited).toEqual([0, null]);
    expect(output).toContain("Stopped.");
    expect(healthcheck().status).not.toBe(0);
  });
});
