import { expect } from "vitest";
import { ModelError } from "~/models/errors.server";

/** Awaits a promise that must fail with a ModelError carrying exactly `message`. */
export async function expectModelError(promise: Promise<unknown>, message: string): Promise<ModelError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected a ModelError "${message}"`).toBeInstanceOf(ModelError);
  expect((error as ModelError).message).toBe(message);
  return error as ModelError;
}
