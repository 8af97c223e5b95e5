// The toast (#toast, role=status): at least 10 s on screen, paused while hovered or focused, a close button,
// and `z` presses its Undo. A toast the server rendered (the no-JavaScript flash) gets the same treatment.
import { $, csrf, el } from './core.js';

const KEY = 'doable-toast';
let box, timer, left = 0, since = 0, hover = false, inside = false, before = null;

function setup() {
  box = $('#toast') || document.body.appendChild(el('div', { id: 'toast' }));
  box.setAttribute('role', 'status');
  box.setAttribute('aria-live', 'polite');
  box.addEventListener('mouseenter', () => { hover = true; pause(); });
  box.addEventListener('mouseleave', () => { hover = false; run(); });
  box.addEventListener('focusin', () => { inside = true; pause(); });
  box.addEventListener('focusout', e => { if (!box.contains(e.relatedTarget)) { inside = false; run(); } });
  document.addEventListener('focusin', e => { if (!box.contains(e.target)) before = e.target; });
}

function pause() {
  clearTimeout(timer);
  if (since) left -= Date.now() - since;
  since = 0;
}
function run() {
  pause();
  if (hover || inside || !box.children.length) return;
  since = Date.now();
  timer = setTimeout(hide, Math.max(left, 3000));
}

function arm() {
  if (!$('.toast-close', box)) {
    box.append(el('button', { type: 'button', className: 'toast-close', textContent: '×', ariaLabel: 'Dismiss' }));
  }
  $('.toast-close', box).onclick = hide;
  left = 10000;
  since = 0;
  run();
}

export function hide() {
  pause();
  const had = box.contains(document.activeElement);
  box.replaceChildren();
  inside = hover = false;
  if (had) (before?.isConnected ? before : $('#main'))?.focus({ preventScroll: true });
}

export function show(t) {
  if (!t?.message) return;
  const kids = [el('p', { textContent: t.message })];
  if (t.undo) {
    const f = el('form', { method: 'post', action: '/undo' },
      el('input', { type: 'hidden', name: '_csrf', value: csrf() }),
      el('input', { type: 'hidden', name: 'token', value: t.undo }),
      el('button', { type: 'submit', className: 'undo', textContent: 'Undo' }));
    f.dataset.inplace = '';
    kids.push(f);
  }
  box.replaceChildren(...kids);
  arm();
}

// Keeps a toast across a navigation (the in-place answer asked to go to another page).
export const carry = t => t && sessionStorage.setItem(KEY, JSON.stringify(t));

export const undo = () => $('#toast .undo, #toast form[action$="/undo"] button')?.click();

setup();
if (box.children.length) arm();
try {
  const t = JSON.parse(sessionStorage.getItem(KEY));
  sessionStorage.removeItem(KEY);
  show(t);
} catch {}
