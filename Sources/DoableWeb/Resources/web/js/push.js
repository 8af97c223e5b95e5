// REACH-3: "Push to this device" in Settings › Notifications. It asks the browser's permission, subscribes with the
// server's VAPID key (through the service worker) and posts the subscription; the list marks this device.
import { $, csrf } from './core.js';
import { done } from './inplace.js';

let box, on, state;
const KEY = 'doable-push-device';
const bytes = s => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), c => c.charCodeAt(0));
const say = t => state.textContent = t;

async function start() {
  box = $('#push-device'), on = $('#push-on'), state = $('#push-state');
  if (!('PushManager' in window) || !navigator.serviceWorker) return say('This browser cannot receive push notifications. On an iPhone or iPad, add Doable to the home screen first.');
  const reg = await navigator.serviceWorker.ready, sub = await reg.pushManager.getSubscription();
  const mine = localStorage.getItem(KEY), row = mine && $(`[data-push-id="${mine}"] .push-name`);
  if (sub && row) { row.append(' (this device)'); return say('This device receives push notifications.'); }
  on.hidden = false;
  say(Notification.permission == 'denied' ? 'Notifications are blocked for Doable in this browser’s settings.' : '');
  on.onclick = async () => {
    if (await Notification.requestPermission() != 'granted') return say('Doable may not show notifications here; allow them in the browser to use push.');
    try {
      const s = (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes(box.dataset.key) })).toJSON();
      const body = new URLSearchParams({ _csrf: csrf(), endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });
      const r = await fetch('/settings/push', { method: 'POST', body, headers: { 'X-Doable-Fetch': '1' } });
      const j = await r.json().catch(() => ({}));
      if (!r.ok || j.error) return say(j.error?.message || 'Doable could not turn push on; try again.');
      localStorage.setItem(KEY, j.focus.replace('push-', ''));
      done(j, ['.push-settings']);
    } catch (e) { say('The browser could not subscribe: ' + e.message); }
  };
}
start();
document.addEventListener('doable:refreshed', () => $('#push-device') && start());
