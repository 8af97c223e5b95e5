// VIEW-6: refresh in place when something changed elsewhere, unless the member is typing in #main or a
// dialog is open (then when they leave the field or close it).
import { $, refresh, typing } from './core.js';

let source = null, timer, waiting = false;

const busy = () => {
  const a = document.activeElement;
  return $('dialog[open], .dragging, #main details.task-menu[open]') || typing(a) && a.closest('#main');
};
function go() {
  waiting = !!busy();
  if (!waiting) refresh();
}
function later() { clearTimeout(timer); timer = setTimeout(go, 150); }
const retry = () => waiting && later();

function open() {
  if (source || document.body.dataset.signedIn != 'true' || !window.EventSource) return;
  source = new EventSource('/api/v1/events');
  source.addEventListener('change', later);
  source.addEventListener('reset', later);
}

document.addEventListener('focusout', retry);
document.addEventListener('close', retry, true);
document.addEventListener('toggle', retry, true);
document.addEventListener('dragend', retry);
addEventListener('pagehide', () => { source?.close(); source = null; });
addEventListener('pageshow', e => e.persisted && open());
open();
