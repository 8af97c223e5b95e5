// Doable's service worker (REACH-1, REACH-2, REACH-3). The server writes in the build's digest and the app shell's
// URLs (AppShellRoutes), so each new version of the app is a new worker with a new shell cache.
const BUILD = '__BUILD__', SHELL = __SHELL__, ICON = '__ICON__';
const SHELL_CACHE = 'doable-shell-' + BUILD, PAGES = 'doable-pages', PAGE_LIMIT = 100;

// The shell (styles, scripts, icons, the offline page) is kept by digest: its URLs never change their bytes.
self.addEventListener('install', event => {
  event.waitUntil(caches.open(SHELL_CACHE).then(cache => cache.addAll([...SHELL, '/offline'])));
});

// A new version takes over only when the page asks ("Reload to update") or when no page of the old one is open;
// then the old versions' caches go.
self.addEventListener('activate', event => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith('doable-shell-') && name != SHELL_CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener('message', event => {
  if (event.data == 'update') self.skipWaiting();
  if (event.data == 'signed-out') event.waitUntil(forget());
});

// Another person may use this browser next: what one member's pages showed goes when they sign out (or the session
// ends), that is when the sign-in page comes.
const forget = () => caches.delete(PAGES);

self.addEventListener('fetch', event => {
  const request = event.request, url = new URL(request.url);
  if (request.method != 'GET' || url.origin != location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then(hit => hit || fetch(request)));
  } else if (request.mode == 'navigate') {
    event.respondWith(page(request, url));
  }
});

// Pages come from the network first, so they are always current online; a copy of each page visited is kept to
// read when the network is gone.
async function page(request, url) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const key = url.origin + url.pathname + url.search;
    return (await caches.match(key, {cacheName: PAGES})) || (await caches.match('/offline')) || Response.error();
  }
  const landed = new URL(response.url || request.url);
  if (landed.pathname == '/signin') await forget();
  else if (url.pathname != '/signout' && response.ok && !response.redirected && (response.headers.get('content-type') || '').startsWith('text/html'))
    await keep(url.origin + url.pathname + url.search, response.clone());
  return response;
}

async function keep(key, response) {
  const cache = await caches.open(PAGES);
  await cache.delete(key);
  await cache.put(key, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - PAGE_LIMIT))) await cache.delete(old);
}

// REACH-3: a push from the server, which the browser has decrypted: the title, when it is due, and for a reminder
// "Done" and "Snooze 1 h". A tap on the notification opens what it is about.
self.addEventListener('push', event => {
  let n;
  try { n = event.data.json(); } catch { n = { title: 'Doable', body: event.data?.text() || '', url: '/notifications' }; }
  const actions = n.done ? [{ action: 'done', title: 'Done' }, { action: 'snooze', title: 'Snooze 1 h' }] : [];
  event.waitUntil(Promise.all([
    self.registration.showNotification(n.title, { body: n.body, tag: n.tag, data: n, actions, icon: ICON, badge: ICON }),
    flush(),
  ]));
});

self.addEventListener('notificationclick', event => {
  const n = event.notification.data || {};
  event.notification.close();
  if (event.action == 'done') event.waitUntil(act(n.done, '', n.title));
  else if (event.action == 'snooze') event.waitUntil(act(n.snooze, 'preset=1h', n.title));
  else event.waitUntil(open(n.url || '/today'));
});

async function open(url) {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find(w => new URL(w.url).pathname == url);
  if (same) return same.focus();
  if (windows[0]) return windows[0].focus().then(w => w.navigate(url));
  return clients.openWindow(url);
}

// A notification's buttons post its signed link (no session needed). Without the network the action waits in a
// queue in IndexedDB and goes when the browser is back online (Background Sync) or at the next push.
const OUTBOX = 'doable-outbox';
function outbox(mode, use) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(OUTBOX, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore('actions', { autoIncrement: true });
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const t = opening.result.transaction('actions', mode), result = use(t.objectStore('actions'));
      t.oncomplete = () => resolve(result.result);
      t.onerror = () => reject(t.error);
    };
  });
}

async function act(url, body, title) {
  if (!url) return;
  await outbox('readwrite', s => s.add({ url, body, title }));
  await flush();
}

async function flush() {
  const keys = await outbox('readonly', s => s.getAllKeys());
  for (const key of keys) {
    const item = await outbox('readonly', s => s.get(key));
    let response;
    try {
      response = await fetch(item.url, {
        method: 'POST', body: item.body, credentials: 'omit',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Doable-Fetch': '1' },
      });
    } catch {
      try { await self.registration.sync?.register(OUTBOX); } catch {}
      return;
    }
    await outbox('readwrite', s => s.delete(key));
    // Refused for good (the reminder was deleted, the link expired): say so, never drop it silently.
    if (!response.ok) await self.registration.showNotification('Doable could not do that', {
      body: `“${item.title}”: the reminder may have been removed meanwhile. Open Doable to see it.`, tag: 'outbox-' + key,
      icon: ICON, data: { url: '/notifications' },
    });
  }
}
self.addEventListener('sync', event => event.tag == OUTBOX && event.waitUntil(flush()));
