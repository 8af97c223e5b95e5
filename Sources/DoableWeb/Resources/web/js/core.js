// Shared helpers, and refreshing the page in place (fetch this URL again, swap #main and the sidebar's lists).
export const $ = (s, r = document) => r.querySelector(s);
export const $$ = (s, r = document) => [...r.querySelectorAll(s)];
export const sel = id => '#' + CSS.escape(id);
export const csrf = () => $('input[name=_csrf]')?.value || $('meta[name=csrf-token]')?.content || '';
export const emit = (name, detail, to = document) => to.dispatchEvent(new CustomEvent(name, { detail }));
export const el = (tag, props, ...kids) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
};
// Whether keys pressed at `e` type text (shortcuts and live refreshes then wait).
export const typing = e => !!e && (e.isContentEditable || /^(TEXTAREA|SELECT)$/.test(e.tagName) ||
  e.tagName == 'INPUT' && !/^(checkbox|radio|button|submit|reset|range|color|file|image)$/.test(e.type));
export const rowOf = e => e?.closest?.('li.task');
export function mark(row) {
  $$('li.task.is-focused').forEach(r => r != row && r.classList.remove('is-focused'));
  row?.classList.add('is-focused');
}
// Focuses an element; for a row, its title link.
export function focusOn(e, opts) {
  if (e?.matches('li.task')) e = $('.task-title', e) || e;
  mark(rowOf(e));
  e?.focus(opts);
}

// A selector that finds "the same" element after a refresh.
function locate(a) {
  if (a?.id) return sel(a.id);
  const p = a?.parentElement?.closest('[id]'), c = a?.classList[0];
  return p && !/^(main|nav-views|nav-lists|nav-shared)$/.test(p.id) ? `${sel(p.id)} ${a.tagName}${c ? '.' + CSS.escape(c) : ''}` : null;
}

// Changes to #main's fields not sent yet survive a refresh (found again by form, name and value).
const check = c => /checkbox|radio/.test(c.type);
const key = c => [c.form?.id, c.name || c.id, check(c) && c.value].join('|');
const fields = () => $$('#main :is(input, select, textarea):not([type=hidden])');
const changed = c => check(c) ? c.checked != c.defaultChecked : c.tagName != 'SELECT' ? c.value != c.defaultValue
  : c.options.length && c.selectedIndex != Math.max(0, [...c.options].findLastIndex(o => o.defaultSelected));
export const dirty = () => fields().some(changed);

let seq = 0;
// Focus goes to the first of `want` (selectors) that exists, else back where it was, else to #main. `busy` is asked
// again once the page arrived: a member who began typing meanwhile keeps the field (answers 'busy', nothing swapped).
export async function refresh(want = [], busy) {
  const n = ++seq;
  let html, css = '';
  try {
    const res = await fetch(location.href, { cache: 'no-store' });
    if (res.redirected && new URL(res.url).pathname != location.pathname) return location.assign(res.url);
    // Gone meanwhile (deleted, or access ended): the page's own 404 says so.
    if (!res.ok) return res.status == 404 && location.reload();
    // Its <style> has another nonce (the CSP would refuse it): the rules go into this page's nonce'd block.
    html = (await res.text()).replace(/<style\b[^>]*>([\s\S]*?)<\/style>/gi, (_, c) => { css += c; return ''; });
  } catch { return; }
  if (n != seq) return;
  if (busy?.()) return 'busy';
  const back = locate(document.activeElement), doc = new DOMParser().parseFromString(html, 'text/html'), st = $('style[nonce]');
  if (css && st && st.textContent != css) st.textContent = css;
  const kept = new Map(fields().filter(changed).map(c => [key(c), check(c) ? c.checked : c.value]));
  // #nav-views too: the companion's points and the marketplace's unseen bids change with what was just done.
  for (const id of ['main', 'nav-views', 'nav-lists', 'nav-shared']) {
    const neu = doc.getElementById(id);
    if (neu) document.getElementById(id)?.replaceChildren(...neu.childNodes);
  }
  if (doc.title) document.title = doc.title;
  for (const c of fields()) if (kept.has(key(c))) c[check(c) ? 'checked' : 'value'] = kept.get(key(c));
  emit('doable:refreshed');
  const t = [...want, back].map(s => s && $(s)).find(Boolean);
  if (t) focusOn(t, { preventScroll: !want.length });
  else if (document.activeElement == document.body) $('#main')?.focus({ preventScroll: true });
}
