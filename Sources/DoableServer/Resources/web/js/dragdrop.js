// Drag and drop: task rows among their siblings (before/after) or onto a sidebar list, calendar tasks onto
// another day, and sidebar lists among themselves. The server answers as for in-place forms.
import { $$ } from './core.js';
import { post } from './inplace.js';

let drag = null, mark = null;
const node = e => e.target.nodeType == 1 ? e.target : e.target.parentElement;
const listId = li => (li.matches('[data-list-id]') ? li : li.querySelector('[data-list-id]'))?.dataset.listId;

function clear() {
  mark?.classList.remove('drop-before', 'drop-after', 'drop-into');
  mark = null;
}
function show(e, cls) {
  if (mark != e) clear();
  mark = e;
  e.classList.remove('drop-before', 'drop-after');
  e.classList.add(cls);
}

// Where the pointer would drop: [element, class, fields to post] or null.
function spot(e) {
  const t = node(e);
  if (!drag || !t) return null;
  const { kind, el } = drag;
  const side = (r, box = r) => {
    const b = box.getBoundingClientRect();
    const id = kind == 'list' ? listId(r) : r.dataset.taskId;
    return e.clientY < b.top + b.height / 2 ? ['drop-before', { before: id }] : ['drop-after', { after: id }];
  };
  if (kind == 'cal') {
    const td = t.closest('td[data-date]');
    return td && td != el.closest('td') ? [td, 'drop-into', { date: td.dataset.date }] : null;
  }
  const list = t.closest('#nav-lists [data-list-id]');
  const li = list?.closest('li') || list;
  if (kind == 'list') return li && li != el && li.parentElement == el.parentElement ? [li, ...side(li)] : null;
  if (list) return list.dataset.listId != el.dataset.listId ? [list, 'drop-into', { list: list.dataset.listId }] : null;
  const row = t.closest('li.task');
  return row && row != el && row.parentElement == el.parentElement
    ? [row, ...side(row, row.querySelector(':scope > .task-row') || row)] : null;
}

document.addEventListener('dragstart', e => {
  const t = node(e);
  const cal = t?.closest('a.cal-task[data-task-id]');
  const row = t?.closest('li.task');
  const li = t?.closest('#nav-lists [data-list-id]')?.closest('li');
  drag = cal ? { kind: 'cal', el: cal, id: cal.dataset.taskId }
    : row ? row.draggable && { kind: 'task', el: row, id: row.dataset.taskId }
    : li ? { kind: 'list', el: li, id: listId(li) } : null;
  if (!drag) return;
  e.dataTransfer.effectAllowed = 'move';
  e.dataTransfer.setData('text/plain', drag.id);
  drag.el.classList.add('dragging');
});

document.addEventListener('dragover', e => {
  const s = spot(e);
  if (!s) return clear();
  e.preventDefault();
  e.dataTransfer.dropEffect = 'move';
  show(s[0], s[1]);
});

document.addEventListener('drop', e => {
  const s = spot(e), d = drag;
  if (!s) return;
  e.preventDefault();
  const { kind, id } = d;
  const url = kind == 'list' ? `/lists/${id}/move` : `/tasks/${id}/${kind == 'cal' ? 'reschedule' : 'move'}`;
  const want = kind == 'cal' ? [`a.cal-task[data-task-id="${id}"]`] : kind == 'task' ? [`#${CSS.escape(d.el.id)}`] : [];
  post(url, s[2], want);
});

document.addEventListener('dragend', () => {
  clear();
  $$('.dragging').forEach(x => x.classList.remove('dragging'));
  drag = null;
});
