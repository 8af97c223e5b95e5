// Shared helpers: lookups, the CSRF token, "is the member typing?", and refreshing the page in place.
export const $ = (s, r = document) => r.querySelector(s);
export const $$ = (s, r = document) => [...r.querySelectorAll(s)];
export const sel = id => '#' + CSS.escape(id);
export const csrf = () => $('input[name=_csrf]')?.value || $('meta[name=csrf-token]')?.content || '';
export const emit = (name, detail, target = document) => target.dispatchEvent(new CustomEvent(name, { detail }));
export const el = (tag, props = {}, ...kids) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};
export const typing = e => !!e && (e.isContentEditable || /^(TEXTAREA|SELECT)$/.test(e.tagName) ||
  e.tagName == 'INPUT' && !/^(checkbox|radio|button|submit|reset|range|color|file|image)$/.test(e.type));

// The row a task element belongs to, and moving focus onto a row (its title link) or any element.
export const rowOf = e => e?.closest?.('li.task');
export function mark(row) {
  $$('li.task.is-focused').forEach(r => r != row && r.classList.remove('is-focused'));
  row?.classList.add('is-focused');
}
export function focusOn(e, opts) {
  if (e?.matches('li.task')) e = $('.task-title', e) || e;
  mark(rowOf(e));
  e?.focus(opts);
}

// A selector that finds "the same" element again after #main was replaced.
function locate(a) {
  if (!a || a == document.body) return null;
  if (a.id) return sel(a.id);
  const p = a.parentElement?.closest('[id]');
  if (!p || /^(main|nav-lists)$/.test(p.id)) return null;
  const c = a.classList[0];
  return `${sel(p.id)} ${a.tagName}${c ? '.' + CSS.escape(c) : ''}`;
}

let seq = 0;
// Fetches this page again and swaps #main and #nav-lists; focus goes to the first of `want` (selectors) that
// exists, else back to where it was, else to #main.
export async function refresh(want = []) {
  const n = ++seq, a = document.activeElement, back = locate(a);
  let res, doc;
  try {
    res = await fetch(location.href, { credentials: 'same-origin', cache: 'no-store' });
    if (res.redirected && new URL(res.url).pathname != location.pathname) return location.assign(res.url);
    if (!res.ok) return;
    doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  } catch { return; }
  if (n != seq) return;
  const kept = $$('.select-box:checked').map(b => b.value);
  for (const id of ['main', 'nav-lists']) {
    const old = document.getElementById(id), neu = doc.getElementById(id);
    if (old && neu) old.replaceChildren(...neu.childNodes);
  }
  if (doc.title) document.title = doc.title;
  for (const v of kept) { const b = $(`.select-box[value="${CSS.escape(v)}"]`); if (b) b.checked = true; }
  emit('doable:refreshed');
  const t = [...want, back].map(s => s && $(s)).find(Boolean);
  if (t) focusOn(t, { preventScroll: !want.length });
  else if (!document.activeElement || document.activeElement == document.body) $('#main')?.focus({ preventScroll: true });
}
