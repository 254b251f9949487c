/** Loads another page of the site in the browser (a full page load, not a step inside the app's router). */
export function loadPage(url: string): void {
  window.location.assign(url);
}
