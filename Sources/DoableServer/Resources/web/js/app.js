// Doable's web app: progressive enhancement of server-rendered pages. Every flow works without this script.
import { $, $$ } from './core.js';
import './toast.js';
import './inplace.js';
import './quickadd.js';
import './select.js';
import './dragdrop.js';
import './shortcuts.js';
import './live.js';

const root = document.documentElement, body = document.body, toggle = $('#menu-toggle');
root.classList.add('js');

// Phone menu: the link opens the sidebar in place (it still works as a #sidebar anchor without the script).
function nav(open) {
  body.classList.toggle('nav-open', open);
  toggle?.setAttribute('aria-expanded', open);
  if (open) $('#sidebar a')?.focus();
}
toggle?.addEventListener('click', e => {
  e.preventDefault();
  nav(!body.classList.contains('nav-open'));
});
document.addEventListener('keydown', e => {
  if (e.key == 'Escape' && body.classList.contains('nav-open')) { nav(false); toggle?.focus(); }
});
document.addEventListener('click', e => {
  if (body.classList.contains('nav-open') && !e.target.closest('#sidebar, #menu-toggle')) nav(false);
});

// View controls submit on change; their Apply button is hidden (see app.css: html.js .view-controls).
document.addEventListener('change', e => {
  const f = e.target.closest('form.view-controls');
  if (f) HTMLFormElement.prototype.submit.call(f);
});
