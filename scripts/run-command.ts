import { OperationError } from "~/db/backup-now.server";
import { EnvError } from "~/platform/env.server";

/**
 * The ending every command-line script shares: runs `main`, exits with the
 * code it returns, and on a failure prints `describe(error)` and exits with 1.
 */
export function runCommand(main: () => Promise<number>, describe: (error: unknown) => unknown): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(describe(error));
      process.exit(1);
    },
  );
}

/** For backup and restore: a refusal they report (bad configuration, an operation that cannot go on) as one line; anything else with its stack. */
export const operationFailure = (what: string) => (error: unknown) =>
  error instanceof OperationError || error instanceof EnvError ? `${what} failed: ${error.message}` : error;
