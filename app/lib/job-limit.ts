/**
 * At most `concurrency` jobs at once, up to `queued` more waiting their turn
 * in order; beyond that `run` refuses at once with JobsBusyError (issue 32:
 * work that holds memory — an image decoded by sharp — never piles up without
 * bound). A waiting job holds nothing: it is a function not yet called.
 */
export class JobsBusyError extends Error {
  constructor() {
    super("Too many jobs waiting");
    this.name = "JobsBusyError";
  }
}

export class JobLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queued: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queued) throw new JobsBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // The place passes straight to the next job waiting, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting (tests, diagnostics). */
  get state() {
    return { running: this.running, waiting: this.waiting.length };
  }
}
