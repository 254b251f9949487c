/** One statement on the test's database. */
type Run = (text: string) => Promise<unknown>;

/**
 * Makes the next `times` inserts into `table` fail, as a database hiccup at that point would (a trigger that raises),
 * and counts every insert tried (a sequence: `nextval` is not rolled back with the failed statement). `restore` drops
 * the trigger; `tried` is how many inserts were tried since.
 */
export async function failInserts(
  run: Run,
  table: string,
  times: number,
): Promise<{ tried: () => Promise<number>; restore: () => Promise<void> }> {
  const name = `fail_${table}`;
  const counter = `${table}_attempts`;
  await run(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
  await run(`DROP SEQUENCE IF EXISTS ${counter}`);
  await run(`CREATE SEQUENCE ${counter}`);
  await run(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('${counter}') <= ${times} THEN RAISE EXCEPTION '${table} unavailable (test)'; END IF;
      RETURN NEW;
    END $$`);
  await run(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return {
    tried: async () =>
      Number(
        (
          (await run(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM ${counter}`)) as Array<{
            n: string;
          }>
        )[0]!.n,
      ),
    restore: async () => void (await run(`DROP TRIGGER IF EXISTS ${name} ON ${table}`)),
  };
}
