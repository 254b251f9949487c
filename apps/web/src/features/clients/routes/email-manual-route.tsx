/** Placeholder (issue 17): being built. */
export function EmailManualRoute() {
  return <h1>EmailManualRoute</h1>;
}
