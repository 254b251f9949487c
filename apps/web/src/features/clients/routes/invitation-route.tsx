/** Placeholder (issue 17): being built. */
export function InvitationRoute() {
  return <h1>InvitationRoute</h1>;
}
