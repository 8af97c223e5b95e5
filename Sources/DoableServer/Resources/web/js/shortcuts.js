// Keyboard shortcuts; none fires while typing in a field or with Ctrl/Meta held. `?` lists them.
import { $, $$, el, focusOn, mark, rowOf, typing } from './core.js';
import { post } from './inplace.js';
import { undo } from './toast.js';
import { toggle } from './select.js';
import { dialog } from './confirm.js';

const KEYS = [['q', 'Quick add'], ['/', 'Search'], ['j / k', 'Next / previous task'], ['Enter', 'Open the task'],
  ['x', 'Select the task'], ['e', 'Complete the task'], ['z', 'Undo'], ['Alt + ↑ / ↓', 'Move the task up / down'],
  ['Alt + ← / →', 'Calendar: move a day earlier / later'], ['g then t / u / c', 'Go to Today / Upcoming / Calendar'],
  ['?', 'This list']];
const GO = { t: '/today', u: '/upcoming', c: '/calendar' };
let g = 0;

const rows = () => $$('li.task').filter(r => r.offsetParent);
const current = () => rowOf(document.activeElement) || $('li.task.is-focused');

function help() {
  if ($('dialog.shortcuts')) return;
  const dl = el('dl');
  for (const [k, v] of KEYS) dl.append(el('dt', {}, el('kbd', { textContent: k })), el('dd', { textContent: v }));
  const d = dialog('Keyboard shortcuts', dl, 'shortcuts');
  const b = el('button', { type: 'button', className: 'button', textContent: 'Close', onclick: () => d.close() });
  d.append(el('div', { className: 'actions' }, b));
  b.focus();
}

const day = (iso, n) => {
  const d = new Date(iso + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

function move(e) {
  const a = document.activeElement, cal = a?.closest?.('a.cal-task[data-task-id]'), k = e.key.slice(5);
  if (cal) {
    const date = cal.closest('td[data-date]')?.dataset.date;
    if (!date) return;
    const id = cal.dataset.taskId;
    post(`/tasks/${id}/reschedule`, { date: day(date, { Left: -1, Right: 1, Up: -7, Down: 7 }[k]) }, [`a.cal-task[data-task-id="${id}"]`]);
  } else {
    const r = rowOf(a);
    if (!r || !(k == 'Up' || k == 'Down')) return;
    post(`/tasks/${r.dataset.taskId}/move`, { direction: k.toLowerCase() }, ['#' + CSS.escape(r.id)]);
  }
  e.preventDefault();
}

document.addEventListener('focusin', e => { const r = rowOf(e.target); if (r) mark(r); });

document.addEventListener('keydown', e => {
  if (e.ctrlKey || e.metaKey || e.defaultPrevented || $('dialog[open]') || typing(e.target)) return;
  if (e.altKey) return /^Arrow/.test(e.key) && move(e);
  const k = e.key;
  if (g && Date.now() - g < 1500 && GO[k]) { e.preventDefault(); g = 0; return location.assign(GO[k]); }
  g = 0;
  const r = current(), list = rows();
  const act = {
    q: () => $('#quick-add-text')?.focus(),
    '/': () => { const s = $('form[role=search] input, input[type=search]'); s?.focus(); s?.select(); },
    j: () => focusOn(list[list.indexOf(r) + 1] || list[r ? list.length - 1 : 0]),
    k: () => focusOn(list[Math.max(list.indexOf(r) - 1, 0)]),
    x: () => r && toggle(r),
    e: () => r && $(':scope > .task-row .check', r)?.click(),
    z: undo,
    g: () => { g = Date.now(); },
    '?': help,
  }[k];
  if (!act || e.altKey) return;
  e.preventDefault();
  act();
});
