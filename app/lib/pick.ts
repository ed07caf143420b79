/** The named fields of `record`, and only those (a record's shape given by a field list from the schemas). */
export function pick<T extends object, K extends keyof T>(record: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = record[name];
  return picked;
}
