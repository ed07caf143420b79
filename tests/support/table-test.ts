import { expect, it } from "vitest";

/**
 * A table-driven test of a pure function: one test per row, each asserting
 * that `fn(input)` equals the row's expected value (toEqual: a row may expect
 * a string, a number, null, an array or an object).
 */
export function itMaps<I, O>(fn: (input: I) => O, rows: readonly (readonly [input: I, expected: O])[], title = "%j → %j"): void {
  it.each(rows.map(([input, expected]): [I, O] => [input, expected]))(title, (input, expected) => {
    expect(fn(input)).toEqual(expected);
  });
}

/** Rows for itMaps where every one of `inputs` gives the same `expected`. */
export function allGive<I, O>(inputs: readonly I[], expected: O): [I, O][] {
  return inputs.map((input) => [input, expected]);
}

/**
 * itMaps's check inside the current test, for files where each test costs
 * (a database reset before each): `fn(input)` equals the expected value of
 * every row, a failure naming its input.
 */
export function expectMaps<I, O>(fn: (input: I) => O, rows: readonly (readonly [input: I, expected: O])[]): void {
  for (const [input, expected] of rows) expect(fn(input), JSON.stringify(input) ?? String(input)).toEqual(expected);
}
