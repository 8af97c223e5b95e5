// Quick add: previews what the text will set as chips; a chip's × keeps that text in the title (adds
// "start-end" to the hidden `ignore`). After a task is added the field is cleared for the next one.
import { $, el } from './core.js';

const form = $('#quick-add'), text = $('#quick-add-text'), chips = $('#quick-add-chips'), err = $('#quick-add-error');
const ignore = form?.elements.ignore;
let last = '', timer, seq = 0;

const ranges = () => (ignore.value ? ignore.value.split(',') : []).map(r => r.split('-').map(Number));
const save = rs => { ignore.value = rs.map(r => r.join('-')).join(','); };

// Keeps the ignored ranges that still cover the same words after an edit (shifted past the edit), drops the rest.
function follow(old, now) {
  let p = 0, q = 0;
  while (p < old.length && old[p] == now[p]) p++;
  while (q < old.length - p && q < now.length - p && old[old.length - 1 - q] == now[now.length - 1 - q]) q++;
  const d = now.length - old.length;
  save(ranges().map(([s, e]) => {
    const [a, b] = e <= p ? [s, e] : s >= old.length - q ? [s + d, e + d] : [];
    return a != null && now.slice(a, b) == old.slice(s, e) ? [a, b] : null;
  }).filter(Boolean));
}

function setError(msg) {
  err && (err.textContent = msg || '');
  msg ? text.setAttribute('aria-invalid', 'true') : text.removeAttribute('aria-invalid');
}

function render(tokens = []) {
  chips.replaceChildren(...tokens.map(t => el('li', { className: 'chip chip-' + t.kind },
    el('span', { textContent: t.label }),
    el('button', { type: 'button', textContent: '×', ariaLabel: `Keep '${t.text}' in the title`, value: `${t.start}-${t.end}` }))));
}

async function preview() {
  const n = ++seq, v = text.value;
  if (!v.trim()) { render(); setError(''); return; }
  try {
    const res = await fetch(`/quick-add/preview?${new URLSearchParams({ text: v, ignore: ignore.value })}`, { credentials: 'same-origin' });
    const j = await res.json();
    if (n != seq) return;
    render(j.tokens);
    setError(typeof j.error == 'string' ? j.error : j.error?.message);
  } catch {}
}

if (form && text && chips && ignore) {
  text.addEventListener('input', () => {
    follow(last, text.value);
    last = text.value;
    clearTimeout(timer);
    timer = setTimeout(preview, 120);
  });
  chips.addEventListener('click', e => {
    const b = e.target.closest('button[value]');
    if (!b) return;
    save([...ranges(), b.value.split('-').map(Number)]);
    text.focus();
    preview();
  });
  form.addEventListener('doable:saved', () => {
    text.value = last = ignore.value = '';
    render();
    setError('');
    text.focus();
  });
}
