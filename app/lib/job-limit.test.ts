import { describe, expect, it } from "vitest";
import { JobLimit, JobsBusyError } from "./job-limit";

/** A job that runs until `finish()` is called, recording when it started. */
function pending(started: number[], id: number) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { job: async () => (started.push(id), await done, id), finish: () => finish() };
}

describe("JobLimit", () => {
  it("runs at most `concurrency` jobs at once and the waiting ones in order", async () => {
    const limit = new JobLimit(2, 10);
    const started: number[] = [];
    const jobs = [1, 2, 3, 4].map((id) => pending(started, id));
    const results = jobs.map((j) => limit.run(j.job));
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(limit.state).toEqual({ running: 2, waiting: 2 });
    jobs[1]!.finish();
    await expect(results[1]).resolves.toBe(2);
    await Promise.resolve();
    expect(started).toEqual([1, 2, 3]);
    for (const j of jobs) j.finish();
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3, 4]);
    expect(limit.state).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once beyond its queue, and frees the place of a job that failed", async () => {
    const limit = new JobLimit(1, 1);
    const started: number[] = [];
    const first = pending(started, 1);
    const running = limit.run(first.job);
    const waiting = limit.run(async () => 2);
    await expect(limit.run(async () => 3)).rejects.toBeInstanceOf(JobsBusyError);
    first.finish();
    await expect(Promise.all([running, waiting])).resolves.toEqual([1, 2]);
    await expect(limit.run(async () => Promise.reject(new Error("broken image")))).rejects.toThrow("broken image");
    expect(limit.state).toEqual({ running: 0, waiting: 0 });
    await expect(limit.run(async () => 4)).resolves.toBe(4);
  });
});
