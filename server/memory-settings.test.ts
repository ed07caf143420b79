import { describe, expect, it } from "vitest";
import { memoryBudgetMb, nodeFlagsFor } from "./memory-settings.js";

describe("SERVER_MEMORY_MB → V8's flags (decision 0034)", () => {
  it("fits a 1 GB server by default: a bounded heap and the embedded database on the baseline compiler", () => {
    expect(nodeFlagsFor({}, [])).toEqual(["--max-old-space-size=128", "--max-semi-space-size=8", "--liftoff-only"]);
    expect(nodeFlagsFor({ SERVER_MEMORY_MB: " " }, [])).toEqual(["--max-old-space-size=128", "--max-semi-space-size=8", "--liftoff-only"]);
  });

  it("from 1024 MB lets the optimizing compiler in and grows the heap with the budget", () => {
    expect(nodeFlagsFor({ SERVER_MEMORY_MB: "1024" }, [])).toEqual(["--max-old-space-size=256", "--max-semi-space-size=16"]);
    expect(nodeFlagsFor({ SERVER_MEMORY_MB: "4096" }, [])).toEqual(["--max-old-space-size=1024", "--max-semi-space-size=32"]);
    expect(nodeFlagsFor({ SERVER_MEMORY_MB: "256" }, [])).toEqual(["--max-old-space-size=64", "--max-semi-space-size=4", "--liftoff-only"]);
  });

  it("has no WebAssembly flag on PostgreSQL (no embedded database to compile)", () => {
    expect(nodeFlagsFor({ DATABASE_URL: "postgres://u@127.0.0.1/db" }, [])).toEqual(["--max-old-space-size=128", "--max-semi-space-size=8"]);
  });

  it("leaves the operator's own flags alone, from the command line or NODE_OPTIONS", () => {
    expect(nodeFlagsFor({}, ["--max-old-space-size=700", "--cpu-prof"])).toEqual(["--max-semi-space-size=8", "--liftoff-only"]);
    expect(nodeFlagsFor({ NODE_OPTIONS: "--max_semi_space_size=2 --trace-gc" }, ["--liftoff-only"])).toEqual(["--max-old-space-size=128"]);
    expect(nodeFlagsFor({}, ["--max-old-space-size=700", "--max-semi-space-size=8", "--liftoff-only"])).toEqual([]);
  });

  it("adds nothing for a value the configuration check refuses (it names the setting at start-up)", () => {
    for (const bad of ["abc", "100", "255", "65537", "512.5", "-512", "1e3"]) {
      expect(memoryBudgetMb(bad)).toBeUndefined();
      expect(nodeFlagsFor({ SERVER_MEMORY_MB: bad }, [])).toEqual([]);
    }
    expect(memoryBudgetMb("65536")).toBe(65536);
  });
});
