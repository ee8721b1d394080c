/* global document */
// The pages' one script, and an optional one: a portfolio preview hosted elsewhere that fails to load is
// replaced by the directory's own generated preview (the img's data-fallback). Loaded from this origin, so
// the pages' Content-Security-Policy allows it without inline script.
(function () {
  function swap(img) {
    var fallback = img.getAttribute('data-fallback');
    if (fallback && img.getAttribute('src') !== fallback) img.setAttribute('src', fallback);
  }
  document.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'IMG') swap(target);
    },
    true,
  );
  // Images that failed before this script ran.
  var images = document.querySelectorAll('img[data-fallback]');
  for (var i = 0; i < images.length; i++) {
    if (images[i].complete && images[i].naturalWidth === 0) swap(images[i]);
  }
})();
