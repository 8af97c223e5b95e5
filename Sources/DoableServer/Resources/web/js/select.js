// Selecting several tasks: "Select" toggles body.selecting without a reload, shift-click selects a range,
// and the bulk bar shows "N selected" and hides while nothing is selected.
import { $, $$, rowOf } from './core.js';

let anchor = null;
const body = document.body;

export function count() {
  const boxes = $$('.select-box'), n = boxes.filter(b => b.checked).length, bar = $('#bulk');
  boxes.forEach(b => rowOf(b)?.classList.toggle('is-selected', b.checked));
  if (bar) {
    bar.hidden = n == 0;
    const c = $('.bulk-count', bar);
    if (c) c.textContent = `${n} selected`;
  }
}

export function selecting(on) {
  body.classList.toggle('selecting', on);
  $$('[data-action=select], a[href*="select=1"]').forEach(b => b.setAttribute('aria-pressed', on));
  if (!on) { $$('.select-box:checked').forEach(b => b.checked = false); anchor = null; }
  count();
}

// Toggles the box of a row (the `x` shortcut).
export function toggle(row) {
  const b = $(':scope > .task-row .select-box', row);
  if (!b) return;
  if (!body.classList.contains('selecting')) selecting(true);
  b.checked = !b.checked;
  anchor = b;
  count();
}

document.addEventListener('click', e => {
  const t = e.target;
  const s = t.closest?.('[data-action=select], a[href*="select=1"]');
  if (s) {
    if (!$('#bulk') && s.href) return; // no bar on this page: let the server render the selecting page
    e.preventDefault();
    selecting(!body.classList.contains('selecting'));
  } else if (t.matches?.('.select-box')) {
    if (e.shiftKey && anchor?.isConnected && anchor != t) {
      const boxes = $$('.select-box').filter(b => b.offsetParent), i = boxes.indexOf(anchor), j = boxes.indexOf(t);
      if (i >= 0 && j >= 0) boxes.slice(Math.min(i, j), Math.max(i, j) + 1).forEach(b => b.checked = t.checked);
    }
    anchor = t;
    count();
  }
});
document.addEventListener('change', e => e.target.matches?.('.select-box') && count());
document.addEventListener('doable:refreshed', count);
if (/[?&]select=1/.test(location.search)) body.classList.add('selecting');
count();
