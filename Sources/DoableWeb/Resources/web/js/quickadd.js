// Quick add: chips preview what the text sets; a chip's × keeps its words in the title (adds "start-end" to
// the hidden `ignore`). After an add the field is cleared for the next task.
import { $, el } from './core.js';

const form = $('#quick-add'), text = $('#quick-add-text'), chips = $('#quick-add-chips'), err = $('#quick-add-error');
const offers = $('#quick-add-offers');
const ignore = form?.elements.ignore;
let last = '', timer, seq = 0;

const ranges = () => ignore.value.split(',').filter(Boolean).map(r => r.split('-').map(Number));
const save = rs => { ignore.value = rs.map(r => r.join('-')).join(','); };

// After an edit, keeps the ignored ranges that still hold the same words (shifted if after the edit).
function follow(old, now) {
  let p = 0, q = 0;
  while (p < old.length && old[p] == now[p]) p++;
  while (q < old.length - p && q < now.length - p && old.at(-1 - q) == now.at(-1 - q)) q++;
  const d = now.length - old.length;
  save(ranges().map(([s, e]) => e <= p ? [s, e] : s >= old.length - q ? [s + d, e + d] : [-1, -1])
    .filter(([a, b], i) => a >= 0 && now.slice(a, b) == old.slice(...ranges()[i])));
}

function setError(msg) {
  if (err) err.textContent = msg || '';
  msg ? text.setAttribute('aria-invalid', 'true') : text.removeAttribute('aria-invalid');
}

const render = (tokens = []) => chips.replaceChildren(...tokens.map(t => el('li', { className: 'chip chip-' + t.kind },
  el('span', { textContent: t.label }),
  el('button', { type: 'button', textContent: '×', ariaLabel: `Keep '${t.text}' in the title`, value: `${t.start}-${t.end}` }))));

// What quick add offers instead of a refusal ("Create list 'Groceries'", "Tomorrow 09:00"): each button sends the
// line again with its name and value.
const offer = (list = []) => offers?.replaceChildren(...list.map(o =>
  el('button', { type: 'submit', className: 'button', name: o.name, value: o.value, textContent: o.label })));

async function preview() {
  const n = ++seq, v = text.value;
  if (!v.trim()) return render(), setError(), offer();
  try {
    const j = await (await fetch('/quick-add/preview?' + new URLSearchParams({ text: v, ignore: ignore.value }))).json();
    if (n == seq) { render(j.tokens); setError(j.error?.message ?? j.error); offer(j.offers); }
  } catch {}
}

if (form && text && chips && ignore) {
  text.addEventListener('input', () => {
    follow(last, last = text.value);
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
    setError();
    offer();
    text.focus();
  });
}
