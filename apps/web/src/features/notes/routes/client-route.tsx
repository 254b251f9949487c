/** Placeholder (issue 17): being built. */
export function ClientRoute() {
  return <h1>ClientRoute</h1>;
}
