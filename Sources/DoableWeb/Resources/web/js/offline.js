// REACH-2: the offline page. With the network gone the service worker answers Today, Upcoming, the lists, a list, a
// task and search with this page, which draws them from the replica (replica.js) with the changes made offline on
// top, and queues new changes as sync mutations; "Offline — N changes waiting" says how many. When the network comes
// back the worker sends them; anything the server refused is shown with its reason. A page that is none of those
// lists the pages this device kept.
import { $, el } from './core.js';

const R = self.Replica, main = $('#offline-view'), banner = $('#offline-banner');
const path = location.pathname, query = new URLSearchParams(location.search);
let state, zone, today;

const day = (d, z = zone) => new Intl.DateTimeFormat('en-CA', { timeZone: z }).format(d);
const dueDay = t => !t.due ? null : t.due.length == 10 ? t.due : day(new Date(t.due));
const addDays = (iso, n) => { const d = new Date(iso + 'T12:00:00Z'); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };
const words = iso => iso == today ? 'Today' : iso == addDays(today, 1) ? 'Tomorrow' : iso == addDays(today, -1) ? 'Yesterday'
  : new Date(iso + 'T12:00:00Z').toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const open = t => t.status != 'completed';
const byRank = (a, b) => (a.rank || '~') < (b.rank || '~') ? -1 : (a.rank || '~') > (b.rank || '~') ? 1 : a.id < b.id ? -1 : 1;
const listOf = id => state.lists.find(l => l.id == id);
const inbox = () => state.lists.find(l => l.isInbox) || state.lists[0];

// One change: queued, drawn at once, and undoable until it is sent. `label` names it if the server refuses it.
async function act(name, args, message, label) {
  const m = await R.enqueue(name, args, label);
  await draw();
  say(message, m.id);
  if (navigator.onLine) navigator.serviceWorker.controller?.postMessage('sync');
}

function say(message, undo) {
  const box = $('#toast');
  box.replaceChildren(el('p', { textContent: message }));
  if (undo) box.append(el('button', {
    type: 'button', className: 'button undo', textContent: 'Undo',
    onclick: async () => { box.replaceChildren(el('p', { textContent: (await R.unqueue(undo)) ? 'Undone.' : 'That change was sent already.' })); draw(); },
  }));
  box.classList.add('is-visible');
}

function row(t, nested = true) {
  const done = t.status == 'completed', due = dueDay(t), list = listOf(t.listId);
  const check = el('button', {
    type: 'button', className: 'check', ariaLabel: `Mark '${t.title}' as ${done ? 'not done' : 'done'}`,
    onclick: () => act(done ? 'task.reopen' : 'task.complete', { id: t.id }, `${done ? 'Reopened' : 'Completed'} “${t.title}”.`, `${done ? 'Reopen' : 'Complete'} “${t.title}”`),
  });
  check.setAttribute('role', 'checkbox');
  check.setAttribute('aria-checked', done);
  const meta = el('span', { className: 'task-meta' });
  if (due) meta.append(el('span', { className: 'due' + (due < today && !done ? ' overdue' : ''), textContent: words(due) }));
  if (t.priority && t.priority != 'none') meta.append(el('span', { className: 'priority p-' + t.priority, textContent: t.priority[0].toUpperCase() + t.priority.slice(1) + ' priority' }));
  if (path != '/lists/' + t.listId && list) meta.append(el('span', { className: 'task-list-name', textContent: list.name }));
  if (t.pending) meta.append(el('span', { className: 'pending', textContent: 'Not synced yet' }));
  const li = el('li', { className: 'task' + (done ? ' is-completed' : '') },
    el('div', { className: 'task-row' }, check, el('div', { className: 'task-main' },
      el('a', { className: 'task-title', href: '/tasks/' + t.id, textContent: t.title }), meta)));
  const kids = nested ? state.tasks.filter(c => c.parentId == t.id && open(c)).sort(byRank) : [];
  if (kids.length) li.append(el('ul', { className: 'task-list subtask-list' }, ...kids.map(k => row(k))));
  return li;
}

const rows = (tasks, label) => tasks.length ? el('ul', { className: 'task-list', ariaLabel: label }, ...tasks.map(t => row(t, false)))
  : el('p', { className: 'empty-state', textContent: 'Nothing here.' });

// Quick add: the title as typed, into `listId` (due today on Today).
function adder(listId, fields = {}, label = 'New task') {
  const input = el('input', { name: 'title', ariaLabel: label, placeholder: 'Add a task', maxLength: 1000, autocomplete: 'off', required: true });
  return el('form', {
    className: 'offline-add', onsubmit: e => {
      e.preventDefault();
      const title = input.value.trim();
      if (!title) return;
      input.value = '';
      act('task.create', { id: R.uuid7(), listId, title, ...fields }, `Added “${title}”.`, `Add “${title}”`).then(() => $('input[name=title]')?.focus());
    },
  }, input, el('button', { type: 'submit', className: 'button primary', textContent: 'Add' }));
}

const heading = text => (document.title = text + ' · Doable', el('h1', { textContent: text }));

const views = {
  today() {
    const due = state.tasks.filter(t => open(t) && dueDay(t) && dueDay(t) <= today).sort((a, b) => dueDay(a) < dueDay(b) ? -1 : 1);
    return [heading('Today'), adder(inbox()?.id, { due: today }, 'New task for today'), rows(due, 'Due today and overdue')];
  },
  upcoming() {
    const out = [heading('Upcoming')];
    for (let i = 0; i < 7; i++) {
      const d = addDays(today, i), tasks = state.tasks.filter(t => open(t) && dueDay(t) == d);
      out.push(el('h2', { textContent: words(d) }), rows(tasks, words(d)));
    }
    return out;
  },
  lists() {
    return [heading('Lists'), el('ul', { className: 'offline-lists' }, ...state.lists.map(l =>
      el('li', {}, el('a', { href: '/lists/' + l.id, textContent: `${l.name} (${state.tasks.filter(t => t.listId == l.id && open(t) && !t.parentId).length})` }))))];
  },
  list(id) {
    const list = listOf(id);
    if (!list) return [heading('Not on this device'), el('p', { textContent: 'This list is not in the copy kept on this device.' })];
    const top = state.tasks.filter(t => t.listId == id && !t.parentId && open(t)).sort(byRank);
    return [heading(list.name), adder(id, {}, 'New task in ' + list.name),
      top.length ? el('ul', { className: 'task-list' }, ...top.map(t => row(t))) : el('p', { className: 'empty-state', textContent: 'No open tasks.' })];
  },
  task(id) {
    const t = state.tasks.find(x => x.id == id);
    if (!t) return [heading('Not on this device'), el('p', { textContent: 'This task is not in the copy kept on this device.' })];
    const field = (label, control) => el('label', { className: 'field' }, el('span', { className: 'label', textContent: label }), control);
    const title = el('input', { name: 'title', value: t.title, required: true, maxLength: 500 });
    const notes = el('textarea', { name: 'notes', value: t.notes || '', rows: 4 });
    const due = el('input', { type: 'date', name: 'due', value: dueDay(t) || '' });
    const priority = el('select', { name: 'priority' }, ...['none', 'low', 'medium', 'high'].map(p => el('option', { value: p, textContent: p[0].toUpperCase() + p.slice(1), selected: t.priority == p })));
    const list = el('select', { name: 'list' }, ...state.lists.map(l => el('option', { value: l.id, textContent: l.name, selected: l.id == t.listId })));
    const form = el('form', {
      className: 'settings-form offline-task', onsubmit: e => {
        e.preventDefault();
        const fields = {};
        if (title.value.trim() && title.value.trim() != t.title) fields.title = title.value.trim();
        if (notes.value != (t.notes || '')) fields.notes = notes.value;
        if (due.value != (dueDay(t) || '')) fields.due = due.value || null;
        if (priority.value != (t.priority || 'none')) fields.priority = priority.value;
        const moves = list.value != t.listId;
        if (!Object.keys(fields).length && !moves) return say('Nothing changed.');
        (Object.keys(fields).length ? act('task.update', { id, fields }, `Saved “${fields.title || t.title}”.`, `Edit “${t.title}”`) : Promise.resolve())
          .then(() => moves && act('task.move', { id, listId: list.value, parentId: null }, `Moved “${t.title}” to ${listOf(list.value)?.name}.`, `Move “${t.title}”`));
      },
    }, field('Title', title), field('Notes', notes), field('Due date', due), field('Priority', priority), field('List', list),
      el('button', { type: 'submit', className: 'button primary', textContent: 'Save' }));
    const kids = state.tasks.filter(c => c.parentId == id).sort(byRank);
    const done = t.status == 'completed';
    return [heading(t.title), form,
      el('p', { className: 'offline-actions' },
        el('button', { type: 'button', className: 'button', textContent: done ? 'Reopen' : 'Complete', onclick: () => act(done ? 'task.reopen' : 'task.complete', { id }, `${done ? 'Reopened' : 'Completed'} “${t.title}”.`, `${done ? 'Reopen' : 'Complete'} “${t.title}”`) }),
        el('button', { type: 'button', className: 'button quiet-danger', textContent: 'Delete', onclick: () => act('task.delete', { id }, `Deleted “${t.title}”.`, `Delete “${t.title}”`).then(() => history.replaceState(null, '', '/lists/' + t.listId)).then(draw) })),
      el('h2', { textContent: 'Subtasks' }), kids.length ? el('ul', { className: 'task-list' }, ...kids.map(k => row(k))) : el('p', { textContent: 'No subtasks.' }),
      adder(t.listId, { parentId: id }, 'New subtask')];
  },
  search() {
    const q = (query.get('q') || '').trim().toLowerCase();
    const box = el('input', { type: 'search', name: 'q', value: query.get('q') || '', ariaLabel: 'Search tasks' });
    const found = q ? state.tasks.filter(t => (t.title + ' ' + (t.notes || '')).toLowerCase().includes(q)) : [];
    return [heading('Search'), el('form', { role: 'search', method: 'get', action: '/search', className: 'offline-add' }, box, el('button', { type: 'submit', className: 'button', textContent: 'Search' })),
      q ? rows(found, 'Results') : el('p', { textContent: 'Type a word from a task’s title or notes.' })];
  },
};

function route() {
  const m = /^\/(today|upcoming|lists|search)$/.exec(path) || /^\/(lists|tasks)\/([0-9a-f-]{36})$/.exec(path);
  if (!m) return null;
  return m[2] ? [m[1] == 'lists' ? 'list' : 'task', m[2]] : [m[1]];
}

async function draw() {
  state = await R.view();
  zone = state.account?.preferences?.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  today = day(new Date());
  const [name, id] = route();
  const focused = document.activeElement?.name;
  main.replaceChildren(...views[name](id));
  if (focused) main.querySelector(`[name=${focused}]`)?.focus();
  status();
}

function status(sending) {
  const n = state.outbox.length, refused = state.rejected;
  const text = navigator.onLine
    ? (sending ? `Back online — sending ${n} change${n == 1 ? '' : 's'}…` : 'Back online.')
    : `Offline — ${n ? `${n} change${n == 1 ? '' : 's'} waiting` : 'showing the copy on this device'}.`;
  banner.replaceChildren(el('p', { textContent: text }));
  if (refused.length) {
    banner.append(el('ul', { className: 'refused' }, ...refused.map(r => el('li', { textContent: `Not saved: ${r.label || r.name}: ${r.error?.message || 'refused'}` }))),
      el('button', { type: 'button', className: 'button', textContent: 'Dismiss', onclick: async () => { await R.tx(['rejected'], 'readwrite', s => { s.rejected.clear(); }); draw(); } }));
  }
}

// Online again: the worker sends what waits; then the page comes from the server, unless something was refused (the
// member reads why first).
navigator.serviceWorker?.addEventListener('message', async e => {
  if (e.data?.kind != 'synced') return;
  await draw();
  if (navigator.onLine && !state.outbox.length && !state.rejected.length) location.reload();
});
addEventListener('online', () => { status(true); navigator.serviceWorker.controller?.postMessage('sync'); });
addEventListener('offline', () => status());

// A page the replica does not draw: the pages this device kept, by their titles.
async function kept() {
  const list = $('#offline-pages'), cache = await caches.open('doable-pages');
  const title = html => {
    const t = document.createElement('textarea');
    t.innerHTML = /<title>([^<]*)<\/title>/.exec(html)?.[1] || '';
    return t.value.replace(/ · Doable$/, '');
  };
  for (const request of (await cache.keys()).reverse()) {
    const url = new URL(request.url);
    list.append(el('li', {}, el('a', { href: url.pathname + url.search, textContent: title(await (await cache.match(request)).text()) || url.pathname })));
  }
  if (!list.children.length) list.replaceWith(el('p', { textContent: 'None yet.' }));
}

(async () => {
  const ready = route() && await R.meta('cursor').catch(() => null);
  if (ready) await draw(); else await kept();
})();
