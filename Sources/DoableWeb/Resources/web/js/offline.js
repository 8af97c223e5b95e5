// REACH-2: the offline page lists the pages this device kept (the service worker's copies), by their titles.
const list = document.getElementById('offline-pages');
// The title as text: a textarea decodes its entities without parsing the page (whose styles the CSP would refuse).
const title = html => {
  const t = document.createElement('textarea');
  t.innerHTML = /<title>([^<]*)<\/title>/.exec(html)?.[1] || '';
  return t.value.replace(/ · Doable$/, '');
};
(async () => {
  const cache = await caches.open('doable-pages');
  for (const request of (await cache.keys()).reverse()) {
    const response = await cache.match(request), url = new URL(request.url);
    const li = document.createElement('li'), a = document.createElement('a');
    a.href = url.pathname + url.search;
    a.textContent = title(await response.text()) || url.pathname;
    li.append(a);
    list.append(li);
  }
  if (!list.children.length) list.replaceWith(Object.assign(document.createElement('p'), {textContent: 'None yet.'}));
})();
