// The archive page's only script: swaps the step layer from the embedded JSON, follows the slider,
// the ←/→/Home/End keys and clicks in the history. It loads nothing: no fetch, no URL.
export const ARCHIVE_SCRIPT = `
(function () {
  'use strict';
  var steps = JSON.parse(document.getElementById('steps-data').textContent);
  var layer = document.getElementById('step-layer');
  var slider = document.getElementById('slider');
  var label = document.getElementById('step-label');
  var list = document.getElementById('history');
  var current = -1;
  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i | 0));
    if (i === current) return;
    current = i;
    layer.innerHTML = steps[i].layer;
    slider.value = String(i);
    label.textContent = steps[i].label;
    document.body.setAttribute('data-step', String(i));
    var items = list.querySelectorAll('li[data-step]');
    for (var k = 0; k < items.length; k++) {
      var on = Number(items[k].getAttribute('data-step')) === i;
      items[k].classList.toggle('current', on);
      if (on && items[k].scrollIntoView) items[k].scrollIntoView({ block: 'nearest' });
    }
    try { history.replaceState(null, '', '#step-' + i); } catch (e) { /* some file: pages refuse */ }
  }
  slider.addEventListener('input', function () { show(Number(slider.value)); });
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  list.addEventListener('click', function (e) {
    var li = e.target.closest ? e.target.closest('li[data-step]') : null;
    if (li) show(Number(li.getAttribute('data-step')));
  });
  document.getElementById('fit').addEventListener('change', function (e) {
    document.body.classList.toggle('actual-size', !e.target.checked);
  });
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var d = { ArrowRight: 1, ArrowDown: 1, PageDown: 1, ArrowLeft: -1, ArrowUp: -1, PageUp: -1 }[e.key];
    if (e.target === slider && d) { e.preventDefault(); }
    if (d) show(current + d);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(steps.length - 1);
    else return;
    e.preventDefault();
  });
  var m = /^#step-(\\d+)$/.exec(location.hash);
  show(m ? Number(m[1]) : 0);
})();
`;
