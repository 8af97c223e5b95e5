// Keyboard shortcuts. None fires while typing in a field, with Ctrl or Meta held, or while a dialog is open.
import { $, $$, focusOn, mark, rowOf, typing } from './core.js';
import { post } from './inplace.js';
import { undo } from './toast.js';

const GO = { t: '/today', u: '/upcoming', c: '/calendar' };
const STEP = { Left: -1, Right: 1, Up: -7, Down: 7 };
let g = 0;

const day = (iso, n) => {
  const d = new Date(iso + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

// Alt+arrows: a calendar task moves by a day or a week; a row moves up or down among its siblings.
function move(e) {
  const a = document.activeElement, cal = a?.closest('a.cal-task[data-task-id]'), k = e.key.slice(5), r = rowOf(a);
  const td = cal?.closest('td[data-date]'), date = td?.dataset.date, id = cal?.dataset.taskId;
  const hour = td?.dataset.hour, t = cal?.dataset.time;
  // In the week's hour grid up and down move a timed task an hour (within its day), left and right a day.
  if (hour && t && (k == 'Up' || k == 'Down')) {
    const h = +hour + (k == 'Up' ? -1 : 1);
    if (h < 0 || h > 23) return;
    post(`/tasks/${id}/reschedule`, { date, time: String(h).padStart(2, '0') + t.slice(2) }, [`a.cal-task[data-task-id="${id}"]`]);
  } else if (date && STEP[k]) post(`/tasks/${id}/reschedule`, { date: day(date, STEP[k]) }, [`a.cal-task[data-task-id="${id}"]`]);
  else if (r?.draggable && !cal && (k == 'Up' || k == 'Down')) post(`/tasks/${r.dataset.taskId}/move`, { direction: k.toLowerCase() }, ['#' + CSS.escape(r.id)]);
  else return;
  e.preventDefault();
}

document.addEventListener('focusin', e => { const r = rowOf(e.target); if (r) mark(r); });

document.addEventListener('keydown', e => {
  if (e.ctrlKey || e.metaKey || e.defaultPrevented || $('dialog[open]') || typing(e.target)) return;
  const k = e.key;
  if (e.altKey) return k.startsWith('Arrow') && move(e);
  if (Date.now() - g < 1500 && GO[k]) { e.preventDefault(); g = 0; return location.assign(GO[k]); }
  g = 0;
  const r = rowOf(document.activeElement) || $('li.task.is-focused'), list = $$('li.task').filter(x => x.offsetParent), i = list.indexOf(r);
  const act = {
    q: () => { $('#quick-add')?.classList.add('is-open'); $('#quick-add-text')?.focus(); },
    // The top bar's box; on a phone, where the top bar has only the Search button, the search page's.
    '/': () => { const box = [...document.querySelectorAll('form[role=search] input[type=search]')].find(i => i.offsetParent); box ? box.focus() : location.assign('/search'); },
    j: () => focusOn(list[Math.min(i + 1, list.length - 1)]),
    k: () => focusOn(list[Math.max(i - 1, 0)]),
    x: () => r && import('./select.js').then(m => m.toggle(r)),
    e: () => r && $(':scope > .task-row .check', r)?.click(),
    z: undo,
    g: () => { g = Date.now(); },
    '?': () => import('./help.js').then(m => m.help()),
  }[k];
  if (act) { e.preventDefault(); act(); }
});
