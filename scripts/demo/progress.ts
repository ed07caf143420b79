/**
 * A one-line progress bar for a terminal: bar, count/total, percent, rows/s,
 * time left — redrawn in place with \r, at most ~10 times a second. When the
 * stream is not a terminal (a log file, CI), it prints a plain line every 10%
 * instead, so logs stay readable.
 */

export interface ProgressBar {
  update(done: number, total: number): void;
  /** Draws the final state and ends the line. */
  finish(): void;
}

/** 1234567 → "1 234 567". */
export function formatCount(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, "0")}:${String(s).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export function createProgressBar(stream: Stream, label: string, now: () => number = () => performance.now()): ProgressBar {
  // The clock starts at the first update, so set-up before it does not lower the rate.
  let started: number | undefined;
  let lastDraw = -Infinity;
  let lastStep = -1;
  let state = { done: 0, total: 0 };
  let drawn = false;

  const line = () => {
    const { done, total } = state;
    const elapsed = now() - (started ?? now());
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    const rate = elapsed > 0 ? (done * 1000) / elapsed : 0;
    const eta = rate > 0 && done < total ? `, ${formatDuration(((total - done) / rate) * 1000)} left` : "";
    const counts = `${formatCount(done)}/${formatCount(total)}`;
    const tail = ` ${counts} ${(fraction * 100).toFixed(0).padStart(3)}%  ${formatCount(rate)} rows/s${eta}`;
    const columns = stream.columns && stream.columns > 40 ? stream.columns : 100;
    const width = Math.max(10, Math.min(40, columns - label.length - tail.length - 4));
    const full = Math.round(fraction * width);
    return `${label} [${"#".repeat(full)}${"-".repeat(width - full)}]${tail}`;
  };

  return {
    update(done, total) {
      started ??= now();
      state = { done, total };
      if (stream.isTTY) {
        const t = now();
        if (t - lastDraw < 100 && done < total) return;
        lastDraw = t;
        // \x1b[K clears what a longer previous line left behind.
        stream.write(`\r${line()}\x1b[K`);
        drawn = true;
      } else {
        const step = total > 0 ? Math.floor((done / total) * 10) : 10;
        if (step === lastStep) return;
        lastStep = step;
        stream.write(`${line()}\n`);
      }
    },
    finish() {
      if (stream.isTTY) {
        stream.write(`\r${line()}\x1b[K\n`);
      } else if (!drawn && lastStep < 10) {
        stream.write(`${line()}\n`);
      }
    },
  };
}
