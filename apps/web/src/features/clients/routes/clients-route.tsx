/** Placeholder (issue 17): being built. */
export function ClientsRoute() {
  return <h1>ClientsRoute</h1>;
}
