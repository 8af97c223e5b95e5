// NOTIF-2: as notifications arrive (feed entries of entity "notification"), the bell's count changes, the toast
// shows the newest one's title and, with the browser's permission, so does a browser notification. The
// permission is asked only by the button on /notifications.
import { $ } from './core.js';
import { show } from './toast.js';

const N = window.Notification, told = new Set();
let fresh = new Set(), timer;

async function check() {
  const ids = fresh;
  fresh = new Set();
  let d;
  try {
    const r = await fetch('/api/v1/notifications?unread=true&limit=1', { cache: 'no-store' });
    if (!r.ok) return;
    d = await r.json();
  } catch { return; }
  const c = d.unreadCount, n = d.notifications[0], bell = $('#bell'), b = bell?.querySelector('.bell-count');
  if (b) {
    bell.setAttribute('aria-label', c ? `Notifications, ${c} unread` : 'Notifications');
    b.textContent = c > 99 ? '99+' : c;
    b.hidden = !c;
  }
  if (!n || !ids.has(n.id) || told.has(n.id)) return;
  told.add(n.id);
  show({ message: n.title }, true);
  if (N?.permission != 'granted' || n.silent) return;
  // One per notification however many tabs are open: the tag merges them.
  const note = new N(n.title, { body: n.body, tag: n.id });
  note.onclick = () => { focus(); location.assign('/notifications'); };
}

document.addEventListener('doable:change', e => {
  const { entity, kind, id } = e.detail;
  if (entity && entity != 'notification') return;
  if (kind == 'put') fresh.add(id);
  clearTimeout(timer);
  timer = setTimeout(check, 200);
});

function offer() {
  const b = $('#enable-notifications');
  if (!b || !N) return;
  b.hidden = N.permission != 'default';
  b.onclick = () => N.requestPermission().then(offer);
}
offer();
document.addEventListener('doable:refreshed', offer);
