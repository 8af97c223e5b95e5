// The toast: 12 s on screen, paused while hovered or focused (then 3-6 s more), a close button; `z` is Undo.
// One at a time: what the member just did (and any failure) shows at once; news that arrives meanwhile (a badge, a
// notification) waits in the queue until the toast on screen goes, so it never hides a reward or an Undo.
import { $, csrf, el } from './core.js';

const KEY = 'doable-toast';
let box, timer, left, since = 0, hover, inside, held, before;
const queue = [];
let current; // the toast on screen and whether it was news

function pause() {
  clearTimeout(timer);
  held ||= hover || inside;
  if (since) left -= Date.now() - since;
  since = 0;
}
function run() {
  pause();
  if (hover || inside || !box.children.length) return;
  since = Date.now();
  timer = setTimeout(hide, held ? Math.min(Math.max(left, 3000), 6000) : left);
}
function arm() {
  $('.toast-close', box) || box.append(el('button', { type: 'button', className: 'toast-close', textContent: '×', ariaLabel: 'Dismiss' }));
  $('.toast-close', box).onclick = hide;
  left = 12000;
  held = false;
  run();
}

export function hide() {
  pause();
  const had = box.contains(document.activeElement);
  box.replaceChildren();
  inside = hover = false;
  if (had) (before?.isConnected ? before : $('#main'))?.focus({ preventScroll: true });
  if (queue.length) setTimeout(() => show(queue.shift()), 200);
}

// `later`: news, not the answer to what the member did; it waits while another toast is on screen.
export function show(t, later = false) {
  if (!t?.message) return;
  if (later && box.children.length) return void queue.push(t);
  // News on screen gives way to the answer, and comes back after it.
  if (!later && current?.later && box.children.length) queue.unshift(current.t);
  current = { t, later };
  const f = t.undo && el('form', { method: 'post', action: '/undo' },
    el('input', { type: 'hidden', name: '_csrf', value: csrf() }), el('input', { type: 'hidden', name: 'token', value: t.undo }),
    el('button', { type: 'submit', className: 'undo', textContent: 'Undo' }));
  if (f) f.dataset.inplace = '';
  box.replaceChildren(el('p', { textContent: t.message }), ...f ? [f] : []);
  inside = box.contains(document.activeElement);
  arm();
}

// Keeps a toast over a navigation (an in-place answer that goes to another page).
export const carry = t => t && sessionStorage.setItem(KEY, JSON.stringify(t));
export const undo = () => $('#toast .undo, #toast form[action$="/undo"] button')?.click();

box = $('#toast') || document.body.appendChild(el('div', { id: 'toast' }));
box.setAttribute('role', 'status');
box.setAttribute('aria-live', 'polite');
box.onmouseenter = () => { hover = true; pause(); };
box.onmouseleave = () => { hover = false; run(); };
box.addEventListener('focusin', () => { inside = true; pause(); });
box.addEventListener('focusout', e => { if (!box.contains(e.relatedTarget)) { inside = false; run(); } });
document.addEventListener('focusin', e => { if (!box.contains(e.target)) before = e.target; });
if (box.children.length) arm(); // the flash a page rendered without the script's help
try { show(JSON.parse(sessionStorage.getItem(KEY))); } catch {}
sessionStorage.removeItem(KEY);
