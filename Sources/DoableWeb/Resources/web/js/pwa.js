// REACH-1 and REACH-2: what the service worker needs of the page, loaded only when it comes up: the "Install Doable"
// entry (only where the browser offers it, never a nag), "Reload to update" for a new version, and the offline banner.
import { $, el } from './core.js';

// One banner at the top of the page, for the state of the app itself (not for what the member did: that is the toast).
function banner(id, text, ...kids) {
  let b = $('#' + id);
  if (!b) (b = el('div', { id, className: 'app-banner', role: 'status' }), $('#main').prepend(b));
  b.replaceChildren(el('p', { textContent: text }), ...kids);
  return b;
}

export function offer(prompt) {
  const b = $('#install-app');
  if (!b) return;
  b.hidden = false;
  b.onclick = async () => {
    b.closest('details')?.removeAttribute('open');
    prompt.prompt();
    if ((await prompt.userChoice).outcome == 'accepted') b.hidden = true;
  };
  addEventListener('appinstalled', () => b.hidden = true);
}

// A new version waits until the member asks for it: an open form keeps what was typed until then.
export function update(reg) {
  const sw = navigator.serviceWorker, ready = w => banner('app-update', 'A new version of Doable is ready.',
    el('button', { type: 'button', className: 'button', textContent: 'Reload to update', onclick: () => w.postMessage('update') }));
  const watch = w => w.addEventListener('statechange', () => w.state == 'installed' && ready(w));
  if (reg.waiting) ready(reg.waiting);
  else if (reg.installing) watch(reg.installing);
  reg.addEventListener('updatefound', () => watch(reg.installing));
  let reloaded;
  sw.addEventListener('controllerchange', () => reloaded || (reloaded = true, location.reload()));
}

export function offline() {
  const show = () => navigator.onLine ? $('#app-offline')?.remove()
    : banner('app-offline', 'Offline — this is the copy saved on this device; changes need the network.').classList.add('is-offline');
  show();
  addEventListener('online', show);
  addEventListener('offline', show);
}
