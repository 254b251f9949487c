/* global document, requestAnimationFrame */
/* Starts the app after the first frame: why and how in apps/api/src/platform/http/web-app.ts (bootScript). */
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function add(from) {
    for (var i = from; i < Math.min(from + 6, preload.length); i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preload[i];
      document.head.appendChild(link);
    }
    if (i < preload.length) return setTimeout(add, 0, i);
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  function start() {
    if (started || !entry) return;
    started = true;
    add(0);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 500);
})();
