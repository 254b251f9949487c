/**
 * Loads another page of the site in the browser (a full page load, not a step inside the app's router). An object,
 * so a test can stand in for the browser with `vi.spyOn(pageLocation, 'load')` (this module is loaded before any
 * test file's own `vi.mock` could apply: the test setup already imports it through the session code).
 */
export const pageLocation = {
  load(url: string): void {
    window.location.assign(url);
  },
};
