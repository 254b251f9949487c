/* global document, requestAnimationFrame */
/**
 * Server-rendered pages (docs/decisions/0012) paint first and load the app after: this script, named in the page
 * with the entry and its preloads, adds them once the first frame is on screen, so the page's text and pictures do
 * not share the network with the app's code on a slow connection. A hidden tab (no frames) starts after half a second.
 */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    for (var i = 0; i < preload.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 500);
})();
