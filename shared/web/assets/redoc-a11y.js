/* global document, MutationObserver, requestAnimationFrame -- runs in the browser, on /docs only */
// Appended to Redoc's bundle as /docs serves it (shared/web/site-assets.ts). Redoc's markup fails two axe
// rules that no option of it turns off: headings skip levels (an operation's h2 is followed by h5
// "query Parameters"), and each menu item's aria-label leaves out the method badge it shows ("get").
// Redoc re-renders as the reader moves, so the fixes are applied again on every change of the reference.
(function () {
  'use strict';
  function fix(root) {
    var previous = 1;
    var headings = document.querySelectorAll('h1, h2, h3, h4, h5, h6');
    for (var i = 0; i < headings.length; i += 1) {
      var heading = headings[i];
      var own = Number(heading.tagName.slice(1));
      if (root.contains(heading) && own > previous + 1) {
        if (heading.getAttribute('aria-level') !== String(previous + 1)) heading.setAttribute('aria-level', String(previous + 1));
        previous += 1;
      } else {
        previous = Number(heading.getAttribute('aria-level') || own);
      }
    }
    var items = root.querySelectorAll('li[role="menuitem"][aria-label]');
    for (var j = 0; j < items.length; j += 1) items[j].removeAttribute('aria-label');
  }
  function watch() {
    var root = document.querySelector('.api-reference');
    if (!root) return;
    var pending = false;
    new MutationObserver(function () {
      if (pending) return;
      pending = true;
      requestAnimationFrame(function () {
        pending = false;
        fix(root);
      });
    }).observe(root, { childList: true, subtree: true });
    fix(root);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
})();
