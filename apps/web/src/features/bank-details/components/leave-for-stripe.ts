/** Leaves the app for Stripe's hosted onboarding; a module of its own so tests can stand in for the browser. */
export function leaveForStripe(url: string): void {
  window.location.assign(url);
}
