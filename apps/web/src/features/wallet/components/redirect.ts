/** Leaves the app for the gateway's checkout page; a module of its own so tests can stand in for the browser. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
