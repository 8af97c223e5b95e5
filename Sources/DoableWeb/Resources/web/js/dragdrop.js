// Drag and drop: rows among their siblings or onto a sidebar list, calendar tasks onto another day, sidebar
// lists among themselves; each drop posts like a form.
import { $$ } from './core.js';
import { post } from './inplace.js';

let drag, mark;
const node = e => e.target.nodeType == 1 ? e.target : e.target.parentElement;
const listId = li => (li.matches('[data-list-id]') ? li : li.querySelector('[data-list-id]'))?.dataset.listId;
const unmark = () => { mark?.classList.remove('drop-before', 'drop-after', 'drop-into'); mark = null; };

// What a calendar cell sets: its day; in the week's hour grid also the hour (keeping the task's minutes), or the
// whole day for the all-day row.
const slot = (td, task) => {
  const f = { date: td.dataset.date }, min = (task.dataset.time || '00:00').slice(3);
  if (td.dataset.hour) f.time = td.dataset.hour.padStart(2, '0') + ':' + min;
  else if ('allDay' in td.dataset) f.time = 'none';
  return f;
};

// Where the pointer would drop: [element, indicator class, fields to post], or nothing.
function spot(e) {
  const t = node(e), { kind, el } = drag || {};
  if (!kind || !t) return;
  const side = (r, box = r) => {
    const b = box.getBoundingClientRect(), id = kind == 'list' ? listId(r) : r.dataset.taskId;
    return e.clientY < b.top + b.height / 2 ? [r, 'drop-before', { before: id }] : [r, 'drop-after', { after: id }];
  };
  const td = t.closest('td[data-date]'), link = t.closest('#sidebar [data-list-id]'), li = link?.closest('li');
  if (kind == 'cal') return td && td != el.closest('td') && [td, 'drop-into', slot(td, el)];
  if (kind == 'list') return li && li != el && li.parentElement == el.parentElement && side(li);
  if (link) return listId(li || link) != el.dataset.listId && [link, 'drop-into', { list: listId(li || link) }];
  const row = t.closest('li.task');
  return row && row != el && row.parentElement == el.parentElement && side(row, row.querySelector(':scope > .task-row') || row);
}

document.addEventListener('dragstart', e => {
  const t = node(e), cal = t?.closest('a.cal-task[data-task-id]'), row = t?.closest('li.task');
  const li = t?.closest('#sidebar [data-list-id]')?.closest('li');
  drag = cal ? { kind: 'cal', el: cal, id: cal.dataset.taskId }
    : row ? row.draggable && { kind: 'task', el: row, id: row.dataset.taskId }
    : li && { kind: 'list', el: li, id: listId(li) };
  if (!drag) return;
  e.dataTransfer.effectAllowed = 'move';
  e.dataTransfer.setData('text/plain', drag.id);
  drag.el.classList.add('dragging');
});

document.addEventListener('dragover', e => {
  const s = spot(e);
  if (!s) return unmark();
  e.preventDefault();
  e.dataTransfer.dropEffect = 'move';
  if (mark != s[0]) unmark();
  (mark = s[0]).classList.remove('drop-before', 'drop-after');
  mark.classList.add(s[1]);
});

document.addEventListener('drop', e => {
  const s = spot(e), { kind, id, el } = drag || {};
  if (!s) return;
  e.preventDefault();
  post(kind == 'list' ? `/lists/${id}/move` : `/tasks/${id}/${kind == 'cal' ? 'reschedule' : 'move'}`, s[2],
    kind == 'cal' ? [`a.cal-task[data-task-id="${id}"]`] : kind == 'task' ? ['#' + CSS.escape(el.id)] : []);
});

document.addEventListener('dragend', () => {
  unmark();
  $$('.dragging').forEach(x => x.classList.remove('dragging'));
  drag = null;
});
