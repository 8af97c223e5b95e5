// TASK-11: a photo chooser (data-max-bytes, data-max-count). When photos are chosen, photofit.js (loaded then, not
// with the page) makes each fit and strips its metadata; a form sent meanwhile is sent when they are ready (after
// this submit event: a form ignores a second submission during the first). If that fails, the chosen files stay as
// they are and the server names what it refuses.
let busy;
document.addEventListener('change', e => {
  const i = e.target;
  if (!i.dataset?.maxBytes) return;
  const w = busy = import('./photofit.js').then(m => m.fit(i)).catch(() => 0).then(() => { if (busy == w) busy = 0; });
});
document.addEventListener('submit', e => {
  const f = e.target, w = busy;
  if (!w || !f.querySelector('[data-max-bytes]')) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  w.then(() => setTimeout(() => f.requestSubmit(e.submitter)));
}, true);
