import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENV_NAMES, parseEnv } from "~/platform/env.server";
import { projectRoot } from "../support/built-server";
import { parseDockerfile, parseEnvInstruction } from "./dockerfile";

/**
 * deploy/compose.yaml against the configuration schema (app/platform/env.server.ts),
 * without Docker: the file is read as Compose reads it (YAML, then ${…}
 * substituted from deploy/.env, here from deploy/env.example with what a user
 * must fill in), and the site's environment must be names the server knows
 * and values it starts with, for each profile. .env.example is checked
 * against the schema too.
 */

const composeText = fs.readFileSync(path.join(projectRoot, "deploy/compose.yaml"), "utf8");
const envExampleText = fs.readFileSync(path.join(projectRoot, "deploy/env.example"), "utf8");

type Vars = Record<string, string>;

/** Compose's variable substitution: $$, $NAME, ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}, nested. */
function interpolate(text: string, vars: Vars): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "$") {
      out += text[i];
      continue;
    }
    if (text[i + 1] === "$") {
      out += "$";
      i++;
    } else if (text[i + 1] === "{") {
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === "{") depth++;
        else if (text[j] === "}") depth--;
      }
      if (depth > 0) throw new Error(`unclosed \${ in ${text}`);
      const inner = text.slice(i + 2, j - 1);
      const match = /^(\w+)(?:(:?)([-?])([\s\S]*))?$/.exec(inner);
      if (!match) throw new Error(`invalid substitution \${${inner}}`);
      const [, name, colon, op, rest = ""] = match;
      const value = vars[name!];
      const missing = value === undefined || (colon === ":" && value === "");
      if (op === "-") out += missing ? interpolate(rest, vars) : value;
      else if (op === "?") {
        if (missing) throw new Error(`required variable ${name} is missing a value: ${rest}`);
        out += value;
      } else out += value ?? "";
      i = j - 1;
    } else {
      const name = /^\w+/.exec(text.slice(i + 1))?.[0];
      if (!name) throw new Error(`invalid $ in ${text}`);
      out += vars[name] ?? "";
      i += name.length;
    }
  }
  return out;
}

function interpolateTree(node: unknown, vars: Vars): unknown {
  if (typeof node === "string") return interpolate(node, vars);
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, vars));
  if (node && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, vars)]));
  return node;
}

/** A dotenv-style file: the values set, and every name it mentions (set or commented out). */
function readEnvFile(text: string): { values: Vars; names: Set<string> } {
  const values: Vars = {};
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    names.add(match[2]!);
    if (!match[1]) values[match[2]!] = match[3]!.replace(/^"(.*)"$/, "$1");
  }
  return { values, names };
}

interface Service {
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: string[];
  volumes?: string[];
  profiles?: string[];
  image?: string;
}

/** The YAML as Compose reads it: anchors and merge keys (<<) resolved. */
const parseCompose = () => parse(composeText, { merge: true }) as { services: Record<string, Service> };

function resolvedCompose(vars: Vars): { services: Record<string, Service> } {
  return interpolateTree(parseCompose(), vars) as { services: Record<string, Service> };
}

/** A service's environment as Compose passes it (list or map form). */
function environmentOf(service: Service): Vars {
  const env = service.environment ?? {};
  if (Array.isArray(env)) return Object.fromEntries(env.map((e) => [e.split("=")[0]!, e.slice(e.indexOf("=") + 1)]));
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? "" : String(v)]));
}

/** What a user has in deploy/.env after copying env.example and filling in what it asks for. */
const filledIn: Vars = { ...readEnvFile(envExampleText).values, POSTGRES_PASSWORD: "db-password-123" };

describe("deploy/compose.yaml", () => {
  const raw = parseCompose();

  it("gives the site and its tools only variables the configuration schema knows", () => {
    for (const name of ["site", "tools"]) {
      const names = Object.keys(environmentOf(raw.services[name]!));
      expect(names.length, name).toBeGreaterThan(0);
      expect(
        names.filter((n) => !ENV_NAMES.includes(n)),
        name,
      ).toEqual([]);
    }
  });

  it("profile tools: one-off commands run on the site's settings and its data volume", () => {
    const { services } = resolvedCompose(filledIn);
    const tools = environmentOf(services.tools!);
    const { DATA_DIR, ...shared } = tools;
    expect(shared).toEqual(environmentOf(services.site!));
    expect(services.tools!.volumes).toEqual(services.site!.volumes);
    expect(services.tools!.volumes).toContain(`site-data:${DATA_DIR}`);
    expect(parseEnv(tools).DATABASE_URL).toBe(parseEnv(environmentOf(services.site!)).DATABASE_URL);
  });

  it("starts the site on PostgreSQL 17 with a configuration the server accepts", () => {
    const { services } = resolvedCompose(filledIn);
    const siteEnv = environmentOf(services.site!);
    const env = parseEnv(siteEnv);
    const db = environmentOf(services.db!);
    expect(services.db!.image).toMatch(/^postgres:17(\b|$)/);
    const url = new URL(env.DATABASE_URL!);
    expect([url.hostname, url.port, url.username, decodeURIComponent(url.password), url.pathname.slice(1)]).toEqual([
      "db",
      "5432",
      db.POSTGRES_USER,
      db.POSTGRES_PASSWORD,
      db.POSTGRES_DB,
    ]);
    expect(env.STORAGE_DRIVER).toBe("local");
    // The data volume is mounted where the image's DATA_DIR points.
    const image = parseDockerfile(fs.readFileSync(path.join(projectRoot, "deploy/Dockerfile"), "utf8")).at(-1)!;
    const imageEnv = Object.assign({}, ...image.steps.filter((s) => s.keyword === "ENV").map((s) => parseEnvInstruction(s.args))) as Vars;
    expect(services.site!.volumes).toContain(`site-data:${imageEnv.DATA_DIR}`);
  });

  it("refuses to start without the database password", () => {
    expect(() => resolvedCompose({ ...filledIn, POSTGRES_PASSWORD: "" })).toThrow(/POSTGRES_PASSWORD/);
  });

  it("publishes the site on 127.0.0.1 only and trusts the one proxy in front", () => {
    const { services } = resolvedCompose(filledIn);
    expect(services.site!.ports!.every((p) => p.startsWith("127.0.0.1:"))).toBe(true);
    expect(parseEnv(environmentOf(services.site!)).TRUST_PROXY).toBe(true);
  });

  it("profile s3: the site stores images in MinIO's bucket with MinIO's credentials", () => {
    const vars = { ...filledIn, STORAGE_DRIVER: "s3", MINIO_ROOT_PASSWORD: "minio-password-123" };
    const { services } = resolvedCompose(vars);
    const env = parseEnv(environmentOf(services.site!));
    const minio = environmentOf(services.minio!);
    const bucketJob = environmentOf(services["minio-bucket"]!);
    expect(services.minio!.profiles).toEqual(["s3"]);
    expect(new URL(env.S3_ENDPOINT!).hostname).toBe("minio");
    expect([env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_BUCKET, env.S3_FORCE_PATH_STYLE]).toEqual([
      minio.MINIO_ROOT_USER,
      minio.MINIO_ROOT_PASSWORD,
      bucketJob.S3_BUCKET,
      true,
    ]);
  });

  it("profile https: Caddy serves PUBLIC_URL and proxies to the site's port", () => {
    const vars = { ...filledIn, PUBLIC_URL: "https://www.example.com" };
    const { services } = resolvedCompose(vars);
    const caddy = environmentOf(services.caddy!);
    const site = parseEnv(environmentOf(services.site!));
    expect(services.caddy!.profiles).toEqual(["https"]);
    expect(caddy.SITE_ADDRESS).toBe(site.publicUrl);
    expect(caddy.UPSTREAM).toBe(`site:${site.PORT}`);
    expect(site.TRUST_PROXY).toBe(true);
    const caddyfile = fs.readFileSync(path.join(projectRoot, "deploy/Caddyfile"), "utf8");
    expect(caddyfile).toContain("{$SITE_ADDRESS");
    expect(caddyfile).toContain("reverse_proxy {$UPSTREAM");
  });

  it("documents in deploy/env.example every variable it substitutes", () => {
    const used = new Set([...composeText.matchAll(/(?<!\$)\$\{(\w+)/g)].map((m) => m[1]!));
    const documented = readEnvFile(envExampleText).names;
    expect([...used].filter((n) => !documented.has(n))).toEqual([]);
  });
});

describe(".env.example", () => {
  const { names } = readEnvFile(fs.readFileSync(path.join(projectRoot, ".env.example"), "utf8"));

  it("names only variables the configuration schema knows", () => {
    expect([...names].filter((n) => !ENV_NAMES.includes(n))).toEqual([]);
  });

  it("documents every variable of the schema (NODE_ENV aside: server/main.js and the image set it)", () => {
    expect(ENV_NAMES.filter((n) => n !== "NODE_ENV" && !names.has(n))).toEqual([]);
  });
});
