import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Reading deploy/Dockerfile and .dockerignore the way Docker does, for the
 * replay test (Docker cannot run on our machines). Only the instructions and
 * forms the Dockerfile uses are understood; anything else throws, so a change
 * to the Dockerfile that the replay cannot follow fails the test instead of
 * being skipped.
 */

export interface Instruction {
  keyword: string;
  /** The arguments as written (continuation lines joined). */
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  image: string;
  steps: Instruction[];
}

/** Stages in order, with ARG defaults substituted into FROM. */
export function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const first = i + 1;
    let current = lines[i]!.trim();
    if (current === "" || current.startsWith("#")) continue;
    while (current.endsWith("\\")) {
      current = current.slice(0, -1);
      // Comment lines inside a continued instruction are dropped (Docker does the same).
      while (++i < lines.length && lines[i]!.trim().startsWith("#"));
      current += " " + (lines[i] ?? "").trim();
    }
    const match = /^(\w+)\s+(.*)$/s.exec(current);
    if (!match) throw new Error(`Dockerfile line ${first}: cannot read "${current}"`);
    instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: first });
  }

  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const step of instructions) {
    if (step.keyword === "ARG" && stages.length === 0) {
      const [name, value = ""] = step.args.split("=", 2);
      args.set(name!, value);
    } else if (step.keyword === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(step.args);
      if (!match) throw new Error(`Dockerfile line ${step.line}: cannot read FROM ${step.args}`);
      const image = match[1]!.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => args.get((a ?? b)!) ?? "");
      stages.push({ name: match[2] ?? String(stages.length), image, steps: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`Dockerfile line ${step.line}: ${step.keyword} before FROM`);
      stage.steps.push(step);
    }
  }
  return stages;
}

/** JSON (exec) form of CMD/ENTRYPOINT/HEALTHCHECK CMD; null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith("[")) return null;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === "string")) return null;
  return parsed;
}

/** ENV key=value pairs (values may be double-quoted). */
export function parseEnvInstruction(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  const pair = /(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g;
  let rest = args;
  for (const match of args.matchAll(pair)) {
    const value = match[2]!;
    env[match[1]!] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    rest = rest.replace(match[0], "");
  }
  if (rest.trim() !== "") throw new Error(`ENV ${args}: only the key=value form is understood`);
  return env;
}

/** Splits instruction arguments into leading --flags and the rest. */
export function splitFlags(args: string): { flags: Record<string, string>; words: string[] } {
  const flags: Record<string, string> = {};
  const words = args.split(/\s+/).filter(Boolean);
  while (words[0]?.startsWith("--")) {
    const [name, value = ""] = words.shift()!.slice(2).split("=", 2);
    flags[name!] = value;
  }
  return { flags, words };
}

/**
 * .dockerignore rules: patterns relative to the context root (not matched at
 * any depth, unlike .gitignore), `*` within one path segment, `**` across
 * segments, `!` re-includes; the last matching rule wins, and a rule that
 * matches a folder excludes what is inside it.
 */
export function dockerignoreFilter(text: string): (relativePath: string) => boolean {
  const rules = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const include = l.startsWith("!");
      const pattern = path.posix.normalize((include ? l.slice(1) : l).replace(/^\/+/, "")).replace(/\/+$/, "");
      let source = "";
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i]!;
        if (c === "*" && pattern[i + 1] === "*") {
          // "**/" matches zero or more folders; a trailing "**" anything.
          source += pattern[i + 2] === "/" ? "(?:.*/)?" : ".*";
          i += pattern[i + 2] === "/" ? 2 : 1;
        } else if (c === "*") source += "[^/]*";
        else if (c === "?") source += "[^/]";
        else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
      }
      return { include, regex: new RegExp(`^${source}(?:/.*)?$`) };
    });
  return (relativePath) => {
    let excluded = false;
    for (const rule of rules) if (rule.regex.test(relativePath)) excluded = !rule.include;
    return !excluded;
  };
}

/**
 * The build context as Docker would receive it from a clean checkout: the
 * files git knows (tracked, and new ones not ignored; read from the working
 * tree) that .dockerignore lets through, copied into `destination`.
 */
export function copyCleanContext(repoRoot: string, destination: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: repoRoot, encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  const keep = dockerignoreFilter(fs.readFileSync(path.join(repoRoot, ".dockerignore"), "utf8"));
  const copied: string[] = [];
  for (const file of new Set(listed)) {
    const from = path.join(repoRoot, file);
    if (!keep(file) || !fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(destination, file)), { recursive: true });
    fs.copyFileSync(from, path.join(destination, file));
    copied.push(file);
  }
  return copied;
}
