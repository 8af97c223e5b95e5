// Doable's web app: enhances server-rendered pages that work without it (docs/web-app.md).
import { $, typing } from './core.js';
import './toast.js';
import './inplace.js';
import './quickadd.js';
import './dragdrop.js';
import './shortcuts.js';
import './live.js';
import './notify.js';
import './market.js';

// VIEW-2: the calendar's script loads only on the calendar.
const calendar = () => document.querySelector('table.calendar') && import('./calendar.js').then(m => m.start());
calendar();
document.addEventListener('doable:refreshed', calendar);
// Issue 29: a task page's sections fold under their headings.
const folds = () => document.querySelector('.task-panel') && import('./fold.js').then(m => m.start());
// Issue 29 item 3: the task panel's chips and pickers, and moving between the tasks of its list in place.
const panel = () => document.querySelector('.task-panel') && import('./taskpanel.js');
panel();
document.addEventListener('doable:refreshed', panel);
folds();
document.addEventListener('doable:refreshed', folds);

// REACH-1 and REACH-2: the service worker keeps the app for offline use; the page's side of it loads when needed.
const sw = navigator.serviceWorker, pwa = () => import('./pwa.js');
sw?.register('/sw.js').then(r => {
  const up = () => pwa().then(m => m.update(r));
  r.waiting ? up() : r.addEventListener('updatefound', () => sw.controller && up());
});
addEventListener('beforeinstallprompt', e => { e.preventDefault(); pwa().then(m => m.offer(e)); });
if (!navigator.onLine) pwa().then(m => m.offline());
addEventListener('offline', () => pwa().then(m => m.offline()), { once: true });

const body = document.body, toggles = document.querySelectorAll('#menu-toggle, .tab-menu');
const isOpen = () => body.classList.contains('nav-open');
document.documentElement.classList.add('js');

// The phone menu opens the sidebar in place (without the script, #sidebar is the link's target).
function nav(open) {
  body.classList.toggle('nav-open', open);
  toggles.forEach(t => t.setAttribute('aria-expanded', open));
  if (open) $('#sidebar a')?.focus();
}
toggles.forEach(t => t.addEventListener('click', e => { e.preventDefault(); nav(!isOpen()); }));
document.addEventListener('click', e => { if (isOpen() && !e.target.closest('#sidebar, #menu-toggle, .tab-menu')) nav(false); });

// Phones: the add button opens quick add as a sheet over the page (without the script, #quick-add is its target).
const quick = $('#quick-add');
function sheet(open) {
  quick?.classList.toggle('is-open', open);
  if (open) $('#quick-add-text')?.focus();
}
$('.fab')?.addEventListener('click', e => { e.preventDefault(); sheet(true); });
// The installed app's "Quick add" shortcut and a shared text (REACH-4) open at #quick-add: focused after the load,
// when the browser has moved focus to the fragment's target (a form, so the page itself).
if (location.hash == '#quick-add') addEventListener('load', () => setTimeout(sheet, 0, true));
// The sheet stays open for the next task (focus stays in it) until Close, Escape or a tap elsewhere on the page.
document.addEventListener('click', e => {
  if (quick?.classList.contains('is-open') && !e.target.closest('#quick-add, .fab, #toast')) sheet(false);
});
$('.quick-add-close')?.addEventListener('click', e => { e.preventDefault(); sheet(false); $('.fab')?.focus(); });

// Escape closes what is open on top: a menu, the phone's quick add sheet, the phone menu.
document.addEventListener('keydown', e => {
  if (e.key != 'Escape') return;
  const open = 'details.menu[open], details.task-menu[open], details.chip-picker[open]';
  const menu = document.activeElement?.closest(open) || document.querySelector(open);
  if (menu) { menu.open = false; menu.querySelector('summary')?.focus(); return; }
  if (quick?.classList.contains('is-open')) { sheet(false); $('.fab')?.focus(); return; }
  if (isOpen()) { nav(false); toggles[0]?.focus(); return; }
  // A task's panel closes back to its list (when no field is being typed in).
  const close = $('.panel-close');
  if (close && !typing(document.activeElement) && !document.querySelector('dialog[open]')) location.assign(close.href);
});
// A menu opens upwards when there is no room below it (rows at the bottom of the screen).
document.addEventListener('toggle', e => {
  const d = e.target, items = d.matches?.('details.menu, details.task-menu') && d.open && $('.menu-items', d);
  if (!items) return;
  d.classList.remove('opens-up');
  const box = items.getBoundingClientRect(), bar = $('.tab-bar')?.getBoundingClientRect();
  const floor = bar && bar.height ? bar.top : innerHeight;
  if (box.bottom > floor && d.getBoundingClientRect().top - box.height > 0) d.classList.add('opens-up');
}, true);

// A page opened at a folded section or picker (a row's "Move to…" is /tasks/{id}#pick-list) opens it; so does a
// link to one (the task menu's "Move…").
const at = location.hash.length > 1 && document.getElementById(location.hash.slice(1));
if (at?.tagName == 'DETAILS') at.open = true;
document.addEventListener('click', e => {
  const a = e.target.closest?.('a[href^="#"]'), t = a && a.hash.length > 1 && document.getElementById(a.hash.slice(1));
  // After this click's other listeners: the one that closes pickers and menus on a tap elsewhere must not close it.
  if (t?.tagName != 'DETAILS') return;
  const menu = a.closest('details.task-menu[open], details.menu[open]');
  if (menu) menu.open = false;
  setTimeout(() => { t.open = true; t.scrollIntoView({ block: 'nearest' }); });
});

// A menu closes when a person taps elsewhere, as menus do.
document.addEventListener('click', e => {
  // A phone's picker sheet dims the page with the picker's own ::before: a tap there lands on the <details> itself.
  document.querySelectorAll('details.menu[open], details.task-menu[open], details.chip-picker[open]').forEach(d => { if (!d.contains(e.target) || e.target == d) d.open = false; });
});

// The search page opened to search (no query yet): its box is ready to type in.
if (location.pathname == '/search' && !location.search) $('#f-q')?.focus();

// The browser checks a form's fields first; where a field states its rule in words (title), that is what the
// person reads instead of "Please match the requested format".
document.addEventListener('invalid', e => {
  const i = e.target, v = i.validity;
  if (i.title && !v.valueMissing && !v.customError) i.setCustomValidity(i.title);
}, true);
document.addEventListener('input', e => { if (e.target.validity?.customError) e.target.setCustomValidity(''); });

// View controls apply on change (app.css hides their Apply button).
document.addEventListener('change', e => {
  const f = e.target.closest('form.view-controls');
  if (f) HTMLFormElement.prototype.submit.call(f);
});

// Selecting several tasks: select.js only where a page has the bulk bar.
const select = () => $('#bulk') && import('./select.js');
select();
document.addEventListener('doable:refreshed', select);
// TASK-11: photos.js only where a page has a photo chooser.
const photos = () => $('[data-max-bytes]') && import('./photos.js');
photos();
document.addEventListener('doable:refreshed', photos);
const copy = () => $('[data-copy]') && import('./copy.js'); // INTEROP-2
if ($('#push-device')) import('./push.js');
copy();
document.addEventListener('doable:refreshed', copy);
