/* global document, window, fetch, AbortController, setTimeout, clearTimeout */
// Type-ahead for the search form, as progressive enhancement: without this script the form works as it is.
// Each input named in the form's data-suggest-fields gets an HTML datalist filled from GET /api/v1/suggest
// with completions of its last word (the kinds each field takes); the browser shows and chooses them.
(function () {
  'use strict';
  var form = document.querySelector('form[data-suggest]');
  if (!form || !window.fetch || !window.AbortController) return;
  var endpoint = form.getAttribute('data-suggest');
  // Which completions each field offers: q takes every kind, location places, company companies.
  var KINDS = { q: null, location: ['place'], company: ['company'] };
  var MAX_Q = 100;

  Object.keys(KINDS).forEach(function (name) {
    var input = form.querySelector('input[name="' + name + '"]');
    if (!input) return;
    var list = document.createElement('datalist');
    list.id = 'suggest-' + name;
    form.appendChild(list);
    input.setAttribute('list', list.id);
    input.setAttribute('autocomplete', 'off');
    var timer = null;
    var pending = null;

    function fill(value, items) {
      var head = value.replace(/\S*$/, '');
      while (list.firstChild) list.removeChild(list.firstChild);
      items.forEach(function (item) {
        if (KINDS[name] && KINDS[name].indexOf(item.kind) < 0) return;
        var option = document.createElement('option');
        option.value = head + item.text;
        option.label = item.kind + ' · ' + item.count;
        list.appendChild(option);
      });
    }

    function ask() {
      var value = input.value;
      if (pending) pending.abort();
      if (!/[\p{L}\p{N}]$/u.test(value) || value.trim().length > MAX_Q) return fill(value, []);
      pending = new AbortController();
      fetch(endpoint + '?q=' + encodeURIComponent(value.trim()), { signal: pending.signal, headers: { accept: 'application/json' } })
        .then(function (response) { return response.ok ? response.json() : { data: [] }; })
        .then(function (body) { if (input.value === value) fill(value, body.data || []); })
        .catch(function () { /* an aborted or failed completion leaves the field as typed */ });
    }

    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 120);
    });
  });
})();
