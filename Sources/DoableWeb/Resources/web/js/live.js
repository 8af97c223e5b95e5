// VIEW-6: refresh in place when something changed elsewhere, but not while the member types in #main, has
// unsent changes there, has a dialog or menu open or drags something (then once that ends).
import { $, dirty, emit, refresh, typing } from './core.js';

let source, timer, waiting;

const busy = () => {
  const a = document.activeElement;
  // A secret shown once, or a refused form with what was typed, is the answer to a POST: a refresh would lose it.
  return $('dialog[open], .dragging, #main details.task-menu[open], #main details.chip-picker[open], #main .new-secret, #main .form-error, #main [aria-invalid=true]')
    || typing(a) && a.closest('#main') || dirty();
};
async function go() {
  // REACH-2: the service worker's replica pulls at the same nudge.
  navigator.serviceWorker?.controller?.postMessage('sync');
  waiting = !!busy() || await refresh([], busy) == 'busy';
}
function later() { clearTimeout(timer); timer = setTimeout(go, 150); }
const retry = () => waiting && later();

function open() {
  if (source || document.body.dataset.signedIn != 'true' || !window.EventSource) return;
  source = new EventSource('/api/v1/events');
  // Each entry goes to whoever listens (notify.js for the bell), then the page refreshes.
  source.addEventListener('change', e => { emit('doable:change', JSON.parse(e.data)); later(); });
  source.addEventListener('reset', () => { emit('doable:change', {}); later(); });
}

for (const type of ['focusout', 'change', 'close', 'toggle', 'dragend']) document.addEventListener(type, retry, true);
addEventListener('pagehide', () => { source?.close(); source = null; });
addEventListener('pageshow', e => e.persisted && open());
open();
