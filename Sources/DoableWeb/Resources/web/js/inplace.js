// Forms with data-inplace (and the bulk bar) post with fetch, then the page refreshes in place; data-confirm,
// and completing a task with open subtasks, ask first. A submitter's formaction, name, value and data-* count.
import { $, $$, csrf, el, emit, refresh, rowOf, sel } from './core.js';
import { show, hide, carry } from './toast.js';
// The dialogs load when first asked (Q-2: every page's scripts stay under 30 KB).
const ask = (...a) => import('./confirm.js').then(m => m.ask(...a));

const HEAD = { 'X-Doable-Fetch': '1' };
// Attributes, not properties: the bulk bar's buttons are named "action" and shadow form.action.
const attr = (f, a) => (f.getAttribute(a) || '').toLowerCase();
const target = (f, s) => new URL(s?.getAttribute('formaction') || f.getAttribute('action') || '', location.href).href;
const next = (r, dir) => { while ((r = r?.[dir + 'ElementSibling']) && !r.matches('li.task')); return r; };

// A successful answer: the toast, then another page or a refresh in place.
export function done(j, want = []) {
  if (j.toast) show(j.toast);
  const u = j.redirect && new URL(j.redirect, location.href).href;
  if (u && u.split('#')[0] != location.href.split('#')[0]) return carry(j.toast), location.assign(u);
  refresh([j.focus && sel(j.focus), ...want].filter(Boolean));
}

// Posts fields as a form would (drag and drop, shortcuts).
export async function post(url, fields, want) {
  let j = {};
  try {
    const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ _csrf: csrf(), ...fields }), headers: HEAD });
    j = await res.json().catch(() => j);
    if (res.ok && !j.error) return done(j, want);
  } catch {}
  show({ message: j.error?.message || 'That did not work; the page shows what is saved.' });
  refresh();
}

// The bulk bar sends the checked rows: their boxes sit in the rows' own forms (an attribute `form` on 2,000 boxes
// makes Chromium crawl), so they are added here.
const picked = f => f.id == 'bulk' ? $$('.select-box:checked').filter(b => b.form != f).map(b => b.value) : [];

function plain(f, extra, url) {
  for (const value of picked(f)) f.append(el('input', { type: 'hidden', name: 'ids', value }));
  for (const name in extra) f.append(el('input', { type: 'hidden', name, value: extra[name] }));
  f.setAttribute('action', url);
  HTMLFormElement.prototype.submit.call(f);
}

// A refusal shows by its field (or atop the form); for a row's buttons the toast says it.
function fail(f, s, { message = 'Something went wrong. Please try again.', field } = {}) {
  if ((s || f).closest('li.task, #toast, #row-actions')) return show({ message }), refresh();
  $$('[aria-invalid=true]', f).forEach(i => i.removeAttribute('aria-invalid'));
  // By name: an id can name a fieldset too (the Repeat group), and then elements[field] is a list of both.
  const named = field && f.elements[field], input = named?.focus ? named : named && [...named].find(e => e.name == field);
  const wrap = input?.closest('.field');
  input?.closest('details:not([open])')?.setAttribute('open', ''); // a chip's picker or a folded section
  let box = f.id == 'quick-add' ? $('#quick-add-error') : wrap?.querySelector('.field-error') || !input && $('[role=alert]', f);
  if (!box) {
    box = el('p', { className: 'field-error' });
    wrap ? wrap.append(box) : input ? (input.closest('label, .inline-add-row, span.inline-add') || input).after(box) : f.prepend(box);
  }
  box.setAttribute('role', 'alert');
  box.id ||= `error-${f.id || 'form'}-${field}`;
  box.textContent = message;
  if (!input) return;
  const d = (input.getAttribute('aria-describedby') || '').split(' ').filter(x => x && x != box.id);
  input.setAttribute('aria-describedby', [...d, box.id].join(' '));
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

async function send(f, s, extra, url) {
  const row = rowOf(s) || rowOf(f), quick = f.id == 'quick-add', fd = new FormData(f), busy = s || f;
  // A completed or deleted row may be gone after the refresh: then the next row (or the one before) gets focus.
  const want = quick ? ['#quick-add-text'] : [row, next(row, 'next'), next(row, 'previous')].filter(Boolean).map(r => sel(r.id));
  for (const k in extra) fd.set(k, extra[k]);
  for (const value of picked(f)) fd.append('ids', value);
  busy.setAttribute('aria-busy', 'true');
  let res, j;
  try {
    res = await fetch(url, { method: 'POST', headers: HEAD, body: /multipart/.test(attr(f, 'enctype')) ? fd : new URLSearchParams(fd) });
    j = await res.json().catch(() => null);
  } catch {
    return plain(f, extra, url); // offline, or the server went away: let the browser try
  } finally {
    busy.removeAttribute('aria-busy');
  }
  if (!j) return res.ok ? location.assign(res.url) : fail(f, s, { message: `The server answered ${res.status}. Please try again.` });
  if (!res.ok || j.error) return fail(f, s, j.error);
  if (f.closest('#toast') && !j.toast) hide();
  HTMLFormElement.prototype.reset.call(f); // sent: a refresh must not bring its values back
  emit('doable:saved', j, f);
  done(quick ? { ...j, focus: null } : j, want);
}

document.addEventListener('submit', async e => {
  const f = e.target, s = e.submitter, url = target(f, s), data = k => s?.dataset[k] || f.dataset[k];
  const inplace = attr(f, 'method') == 'post' && f.matches('[data-inplace], #bulk');
  const open = +data('openSubtasks') || 0, completing = open > 0 && /\/complete$/.test(url), confirm = data('confirm');
  if (!inplace && !confirm && !completing) return;
  e.preventDefault();
  if ((s || f).getAttribute('aria-busy')) return;
  const menu = (s || f).closest('details.task-menu[open]');
  if (menu) { menu.open = false; $('summary', menu).focus(); }
  const extra = s?.name ? { [s.name]: s.value } : {}, label = s?.textContent.trim() || '';
  if (confirm) {
    const danger = /delet|remov|revok|sign ?out|purge/i.test(label + url) ? 'danger' : 'primary';
    if (!await ask(confirm, [[label && label.length < 24 ? label : 'Confirm', 1, danger]])) return;
    extra.confirmed = 1;
  } else if (completing && !(extra.subtasks = await ask(`Also complete its ${open} open subtask${open > 1 ? 's' : ''}?`,
    [['Complete all', 'all', 'primary'], ['Only this task', 'none']]))) return;
  inplace ? send(f, s, extra, url) : plain(f, extra, url);
});
