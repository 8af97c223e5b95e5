// Doable's web app: enhances server-rendered pages that work without it (docs/web-app.md).
import { $ } from './core.js';
import './toast.js';
import './inplace.js';
import './quickadd.js';
import './select.js';
import './dragdrop.js';
import './shortcuts.js';
import './live.js';
import './notify.js';
import './market.js';

const body = document.body, toggle = $('#menu-toggle'), isOpen = () => body.classList.contains('nav-open');
document.documentElement.classList.add('js');

// The phone menu opens the sidebar in place (without the script, #sidebar is the link's target).
function nav(open) {
  body.classList.toggle('nav-open', open);
  toggle?.setAttribute('aria-expanded', open);
  if (open) $('#sidebar a')?.focus();
}
toggle?.addEventListener('click', e => { e.preventDefault(); nav(!isOpen()); });
document.addEventListener('keydown', e => { if (e.key == 'Escape' && isOpen()) { nav(false); toggle.focus(); } });
document.addEventListener('click', e => { if (isOpen() && !e.target.closest('#sidebar, #menu-toggle')) nav(false); });

// View controls apply on change (app.css hides their Apply button).
document.addEventListener('change', e => {
  const f = e.target.closest('form.view-controls');
  if (f) HTMLFormElement.prototype.submit.call(f);
});

// TASK-11: photos.js only where a page has a photo chooser.
const photos = () => $('[data-max-bytes]') && import('./photos.js');
photos();
document.addEventListener('doable:refreshed', photos);
const copy = () => $('[data-copy]') && import('./copy.js'); // INTEROP-2
copy();
document.addEventListener('doable:refreshed', copy);
