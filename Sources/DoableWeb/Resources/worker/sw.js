// Doable's service worker (REACH-1, REACH-2, REACH-3). The server writes in the build's digest and the app shell's
// URLs (AppShellRoutes), so each new version of the app is a new worker with a new shell cache.
const BUILD = '__BUILD__', SHELL = __SHELL__, ICON = '__ICON__';
importScripts('__REPLICA__');
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
  if (event.data == 'sync') event.waitUntil(sync(true));
});

// Another person may use this browser next: what one member's pages showed, and the replica, go when they sign out
// (or the session ends), that is when the sign-in page comes.
async function forget() {
  await caches.delete(PAGES);
  if (await Replica.meta('cursor').catch(() => null)) {
    await Replica.close();
    await new Promise(done => { const r = indexedDB.deleteDatabase(Replica.NAME); r.onsuccess = r.onerror = r.onblocked = done; });
  }
}

self.addEventListener('fetch', event => {
  const request = event.request, url = new URL(request.url);
  if (request.method != 'GET' || url.origin != location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then(hit => hit || fetch(request)));
  } else if (request.mode == 'navigate') {
    event.respondWith(page(request, url, event));
  }
});

// Pages come from the network first, so they are always current online; a copy of each page visited is kept to
// read when the network is gone.
async function page(request, url, event) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    // Today, Upcoming, a list, a task and search render from the replica (offline.js in the offline page), with
    // what was changed offline; any other page from the copy kept when it was last visited.
    const key = url.origin + url.pathname + url.search;
    if (await drawable(url).catch(() => false)) return caches.match('/offline');
    return (await caches.match(key, {cacheName: PAGES})) || (await caches.match('/offline')) || Response.error();
  }
  const landed = new URL(response.url || request.url);
  if (landed.pathname == '/signin') await forget();
  else if (url.pathname != '/signout' && response.ok && !response.redirected && (response.headers.get('content-type') || '').startsWith('text/html')) {
    event.waitUntil(remember(url.origin + url.pathname + url.search, response.clone()).catch(() => {}));
  }
  if (url.pathname == '/signout') sync(true).catch(() => {});
  return response;
}

// Whether the replica can draw the page: a view it has, a list or task it holds (or one made offline).
async function drawable(url) {
  if (!REPLICA_VIEWS.test(url.pathname) || !(await Replica.meta('cursor'))) return false;
  const [, kind, id] = /^\/(lists|tasks)\/(.+)$/.exec(url.pathname) || [];
  return !kind || (await Replica.view())[kind].some(x => x.id == id);
}

const REPLICA_VIEWS = /^\/(today|upcoming|search|lists|lists\/[0-9a-f-]{36}|tasks\/[0-9a-f-]{36})$/;

// A copy of each page to read offline, unless it shows a secret once (a new token's, a webhook's): that stays on the
// screen it was shown on. A signed-in page also names its session's CSRF token, which the sync calls carry, and
// brings the replica up to date (at most every 15 s; the live nudge asks at once).
async function remember(key, response) {
  const html = await response.clone().text();
  if (!html.includes('class="secret"')) await keep(key, response);
  const token = /<meta name="csrf-token" content="([^"]+)">/.exec(html)?.[1];
  if (!token || !html.includes('data-signed-in="true"')) return;
  await Replica.tx(['meta'], 'readwrite', s => { s.meta.put(token, 'csrf'); });
  await sync(false).catch(() => {});
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

// REACH-2: the replica is kept with the sync protocol (docs/sync.md): push the outbox, then pull until `more` is
// false. What the server refused is kept in `rejected` with its reason, for the offline page to show.
let syncing = null, lastSync = 0;
function sync(now) {
  if (syncing) return syncing;
  if (!now && Date.now() - lastSync < 15000) return Promise.resolve();
  syncing = (async () => {
    try {
      await pushAll();
      await pullAll();
      lastSync = Date.now();
    } catch (error) {
      // The server is out of reach although the device is online: the browser tries again when it can.
      try { await self.registration.sync?.register('doable-replica'); } catch {}
      throw error;
    } finally {
      syncing = null;
    }
    const [waiting, refused] = await Promise.all([Replica.all('outbox'), Replica.all('rejected')]);
    for (const c of await clients.matchAll({ type: 'window' })) c.postMessage({ kind: 'synced', waiting: waiting.length, refused });
  })();
  return syncing;
}

async function call(path, body) {
  const token = await Replica.meta('csrf');
  if (!token) throw new Error('signed out');
  const r = await fetch('/api/v1/sync/' + path, {
    method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
  });
  if (!r.ok) throw new Error('HTTP ' + r.status);
  return r.json();
}

async function pushAll() {
  const clientId = await Replica.client();
  for (;;) {
    const handled = (await Replica.meta('handled')) || 0;
    const batch = (await Replica.all('outbox')).filter(m => m.id > handled).sort((a, b) => a.id - b.id).slice(0, 100);
    if (!batch.length) return;
    const answer = await call('push', { clientId, mutations: batch.map(({ id, name, hlc, args }) => ({ id, name, hlc, args })) });
    await Replica.tx(['meta', 'outbox', 'rejected'], 'readwrite', async s => {
      s.meta.put(answer.lastMutationId, 'handled');
      for (const r of answer.results.filter(r => r.status == 'rejected')) {
        const m = batch.find(m => m.id == r.id);
        s.rejected.put({ id: r.id, name: m?.name, label: m?.label, error: r.error, at: Date.now() });
        s.outbox.delete(r.id);
      }
    });
    if (answer.lastMutationId < batch[batch.length - 1].id) return;
  }
}

async function pullAll() {
  const clientId = await Replica.client();
  let cursor = await Replica.meta('cursor'), emptied = false;
  for (;;) {
    const page = await call('pull', { clientId, cursor: cursor || null });
    await Replica.tx(Replica.STORES, 'readwrite', async s => {
      if (page.reset && !emptied) (['lists', 'tasks', 'labels', 'reminders'].forEach(n => s[n].clear()), emptied = true);
      for (const n of ['lists', 'tasks', 'labels', 'reminders']) for (const row of page[n] || []) s[n].put(row);
      for (const d of page.deleted || []) s[d.entity + 's']?.delete(d.id);
      if (page.account) s.meta.put(page.account, 'account');
      s.meta.put(page.cursor, 'cursor');
      s.meta.put(page.lastMutationId, 'handled');
      if (!page.more) for (const key of await Replica.done(s.outbox.getAllKeys())) if (key <= page.lastMutationId) s.outbox.delete(key);
    });
    cursor = page.cursor;
    if (!page.more) return;
  }
}
self.addEventListener('sync', event => event.tag == 'doable-replica' && event.waitUntil(sync(true)));
