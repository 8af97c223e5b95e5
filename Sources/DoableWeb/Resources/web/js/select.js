// Selecting several tasks: "Select" toggles body.selecting without a reload, shift-click selects a range, and
// the bulk bar says "N selected" and hides while nothing is selected.
import { $, $$, rowOf } from './core.js';

const body = document.body, SEL = '[data-action=select], a[href*="select=1"]';
let anchor;

function count() {
  const boxes = $$('.select-box'), n = boxes.filter(b => b.checked).length, bar = $('#bulk');
  boxes.forEach(b => rowOf(b)?.classList.toggle('is-selected', b.checked));
  if (bar) bar.hidden = !n;
  const c = $('#bulk .bulk-count');
  if (c) c.textContent = `${n} selected`;
}

function selecting(on) {
  body.classList.toggle('selecting', on);
  $$(SEL).forEach(b => b.textContent = on ? 'Done' : 'Select');
  if (!on) $$('.select-box:checked').forEach(b => b.checked = false);
  count();
}

// The `x` shortcut: toggles a row's box.
export function toggle(row) {
  const b = $(':scope > .task-row .select-box', row);
  if (!b) return;
  if (!body.classList.contains('selecting')) selecting(true);
  b.checked = !b.checked;
  anchor = b;
  count();
}

document.addEventListener('click', e => {
  const t = e.target, s = t.closest?.(SEL);
  if (s) {
    if (!$('#bulk') && s.href) return; // no bar here: the server renders the page in selection mode
    e.preventDefault();
    selecting(!body.classList.contains('selecting'));
  } else if (t.matches?.('.select-box')) {
    const boxes = $$('.select-box').filter(b => b.offsetParent), i = boxes.indexOf(anchor), j = boxes.indexOf(t);
    if (e.shiftKey && i >= 0 && j >= 0) boxes.slice(Math.min(i, j), Math.max(i, j) + 1).forEach(b => b.checked = t.checked);
    anchor = t;
    count();
  }
});
document.addEventListener('change', e => e.target.matches?.('.select-box') && count());
document.addEventListener('doable:refreshed', count);
/[?&]select=1/.test(location.search) ? selecting(true) : count();
