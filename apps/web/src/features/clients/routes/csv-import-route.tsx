/** Placeholder (issue 17): being built. */
export function CsvImportRoute() {
  return <h1>CsvImportRoute</h1>;
}
