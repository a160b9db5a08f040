// The page's scripts start loading once the first screen has been painted (docs/decisions/033).
// On a slow phone the ~130 KB of scripts otherwise share the connection with the hero picture and
// delay it; the page is server-rendered and readable without them. The server turns React Router's
// module preloads and its module script into inert tags (app-scripts-after-paint.server.ts); the
// boot script below, drawn by root.tsx, turns them back on:
// - when the pictures the page marks `fetchpriority="high"` (hero banner, product photo, first
//   results) have been painted, or two frames after the page was parsed if it marks none;
// - at the latest 3 s after the page starts, so a slow picture never holds the page back;
// - at once when the shopper touches, clicks or types.

/** What the server writes instead of `rel="modulepreload"`: a link the browser does not fetch. */
export const PRELOAD_LATER_REL = 'modulepreload-after-paint';
/** What the server writes instead of `type="module"` on React Router's inline module script. */
export const MODULE_LATER_TYPE = 'text/x-module-after-paint';

const LONGEST_WAIT_MS = 3000;

// Plain ES5 so that no build step touches it; it runs while the HTML is parsed.
export const appScriptsBoot = `(function () {
  var nonce = document.currentScript && document.currentScript.nonce, started = false;
  function start() {
    if (started) return;
    started = true;
    [].forEach.call(document.querySelectorAll('link[rel="${PRELOAD_LATER_REL}"]'), function (link) {
      link.rel = 'modulepreload';
    });
    var inert = document.querySelector('script[type="${MODULE_LATER_TYPE}"]');
    if (!inert) return;
    var script = document.createElement('script');
    script.type = 'module';
    if (nonce) script.nonce = nonce;
    script.textContent = inert.textContent;
    document.body.appendChild(script);
  }
  function afterTwoFrames() {
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  }
  function whenPicturesShown() {
    var wanted = [].slice.call(document.querySelectorAll('img[fetchpriority="high"]'));
    if (!wanted.length) return afterTwoFrames();
    // Chrome says when a picture has been painted as the largest one: the surest sign.
    if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('largest-contentful-paint') !== -1) {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (entry) { if (wanted.indexOf(entry.element) !== -1) start(); });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }
    // Elsewhere, or when another element is the largest: the pictures are loaded and decoded.
    var left = wanted.length;
    wanted.forEach(function (img) {
      function done() { if (--left === 0) afterTwoFrames(); }
      if (img.decode) img.decode().then(done, done);
      else if (img.complete) done();
      else { img.addEventListener('load', done); img.addEventListener('error', done); }
    });
  }
  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  setTimeout(start, ${LONGEST_WAIT_MS});
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenPicturesShown);
  else whenPicturesShown();
})();`;
