// Doable's service worker (REACH-1, REACH-2, REACH-3). The server writes in the build's digest and the app shell's
// URLs (AppShellRoutes), so each new version of the app is a new worker with a new shell cache.
const BUILD = '__BUILD__', SHELL = __SHELL__;
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
