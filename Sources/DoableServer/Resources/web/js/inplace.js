// Forms with data-inplace (and the bulk bar) post with fetch and refresh the page in place; forms with
// data-confirm, and completing a task with open subtasks, ask first in a dialog.
import { $, $$, csrf, emit, refresh, rowOf, sel } from './core.js';
import { show, hide, carry } from './toast.js';
import { ask } from './confirm.js';

const HEAD = { 'X-Doable-Fetch': '1' };
// Read through attributes: a control named "action" or "method" (the bulk bar's buttons) shadows the properties.
const attr = (f, a) => (f.getAttribute(a) || '').toLowerCase();
const target = f => new URL(f.getAttribute('action') || location.href, location.href).href;
const sibling = (r, dir) => { while ((r = r?.[dir]) && !r.matches('li.task')); return r; };

// Applies a successful answer: toast, then another page or a refresh in place.
export function done(j, want = []) {
  if (j.toast) show(j.toast);
  if (j.redirect) {
    const u = new URL(j.redirect, location.href), here = location.href.split('#')[0];
    if (u.href.split('#')[0] != here) { carry(j.toast); return location.assign(u.href); }
  }
  return refresh([j.focus && sel(j.focus), ...want].filter(Boolean));
}

// Posts fields to a URL the way a form would (used by drag and drop and shortcuts).
export async function post(url, fields, want) {
  const body = new URLSearchParams({ _csrf: csrf(), ...fields });
  let j = {};
  try {
    const res = await fetch(url, { method: 'POST', body, credentials: 'same-origin', headers: HEAD });
    j = await res.json().catch(() => ({}));
    if (res.ok && !j.error) return done(j, want);
  } catch {}
  show({ message: j.error?.message || 'That did not work. The page shows what was saved.' });
  refresh();
}

function plain(f, extra) {
  for (const [name, value] of Object.entries(extra)) f.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
  HTMLFormElement.prototype.submit.call(f);
}

function clearError(f) {
  $$('[aria-invalid=true]', f).forEach(i => i.removeAttribute('aria-invalid'));
  $$('.field-error[role=alert]', f).forEach(p => p.textContent = '');
}

function fail(f, { message = 'Something went wrong. Please try again.', field } = {}) {
  if (f.closest('li.task, #toast, .task-menu')) { show({ message }); return refresh(); }
  clearError(f);
  const input = field && f.elements[field];
  let box = f.id == 'quick-add' ? $('#quick-add-error') : $('[role=alert]', f);
  if (!box) {
    box = Object.assign(document.createElement('p'), { className: 'field-error' });
    box.setAttribute('role', 'alert');
    input?.after ? (input.closest('label') || input).after(box) : f.prepend(box);
  }
  box.id ||= 'error-' + (f.id || 'form') + '-' + (field || 'form');
  box.textContent = message;
  if (input?.setAttribute) {
    input.setAttribute('aria-invalid', 'true');
    const d = (input.getAttribute('aria-describedby') || '').split(' ').filter(x => x && x != box.id);
    input.setAttribute('aria-describedby', [...d, box.id].join(' '));
    input.focus();
  }
}

async function send(f, extra) {
  const row = rowOf(f), quick = f.id == 'quick-add';
  const want = quick ? ['#quick-add-text'] : row ? [sel(row.id), ...[sibling(row, 'nextElementSibling'), sibling(row, 'previousElementSibling')].filter(Boolean).map(r => sel(r.id))] : [];
  const fd = new FormData(f);
  for (const [k, v] of Object.entries(extra)) fd.set(k, v);
  f.setAttribute('aria-busy', 'true');
  let res, j = null;
  try {
    res = await fetch(target(f), {
      method: 'POST', credentials: 'same-origin', headers: HEAD,
      body: /multipart/.test(attr(f, 'enctype')) ? fd : new URLSearchParams(fd),
    });
    j = await res.json().catch(() => null);
  } catch {
    return plain(f, extra);
  } finally {
    f.removeAttribute('aria-busy');
  }
  if (!j) return res.ok ? location.assign(res.url) : fail(f, { message: `The server answered ${res.status}. Please try again.` });
  if (!res.ok || j.error) return fail(f, j.error);
  clearError(f);
  if (f.closest('#toast') && !j.toast) hide();
  if (f.id == 'bulk') $$('.select-box:checked').forEach(b => b.checked = false);
  emit('doable:saved', j, f);
  if (quick) j.focus = null;
  return done(j, want);
}

document.addEventListener('submit', async e => {
  const f = e.target, s = e.submitter;
  const inplace = attr(f, 'method') == 'post' && f.matches('[data-inplace], #bulk');
  const open = +f.dataset.openSubtasks || 0, completing = open > 0 && /\/complete$/.test(target(f));
  if (!inplace && !f.dataset.confirm && !completing) return;
  e.preventDefault();
  if (f.getAttribute('aria-busy')) return;
  const extra = s?.name ? { [s.name]: s.value } : {};
  if (f.dataset.confirm) {
    const label = f.dataset.confirmButton || s?.textContent.trim() || 'Confirm';
    if (!await ask(f.dataset.confirm, [[label.length < 24 ? label : 'Confirm', '1', /delet|remov|revok|sign ?out|purge/i.test(label + target(f)) ? 'danger' : 'primary']])) return;
    extra.confirmed = '1';
  } else if (completing) {
    const v = await ask(`Also complete its ${open} open subtask${open == 1 ? '' : 's'}?`,
      [['Complete all', 'all', 'primary'], ['Only this task', 'none']]);
    if (!v) return;
    extra.subtasks = v;
  }
  inplace ? send(f, extra) : plain(f, extra);
});
