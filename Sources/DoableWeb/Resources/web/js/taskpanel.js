// Issue 29 item 3: the task panel. A chip's picker opens alone and puts focus on its choice; a priority or list
// picked applies at once (the task form is sent in place); the tasks of the list beside the panel open in it
// without loading the whole page. Without the script each picker has its button and every link is a page.
import { $, $$, dirty, refresh } from './core.js';

if (!window.doableTaskPanel) {
  window.doableTaskPanel = true;

  document.addEventListener('toggle', e => {
    const d = e.target;
    if (!d.matches?.('details.chip-picker') || !d.open) return;
    $$('details.chip-picker[open]').forEach(o => { if (o != d) o.open = false; });
    ($('input:checked', d) || $('input:not([type=hidden]), button, a', $('.picker', d)))?.focus();
  }, true);

  document.addEventListener('change', e => {
    const i = e.target;
    if (!i.matches?.('.picker input[data-applies]') || !i.form) return;
    i.closest('details').open = false;
    i.form.requestSubmit();
  });

  // A task of the list beside the panel: the panel shows it, the address changes, Back comes back.
  document.addEventListener('click', e => {
    const a = e.target.closest?.('.list-pane a.pane-task');
    if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    // Typed but not saved: an in-place refresh keeps changed fields, which would carry them to the other task.
    if (dirty()) return;
    e.preventDefault();
    history.pushState({ panel: true }, '', a.href);
    shown = location.pathname;
    refresh(['.list-pane [aria-current=page]']);
  });
  // Following a link to #pick-list fires popstate too: only another task's address refreshes.
  let shown = location.pathname;
  addEventListener('popstate', () => {
    if (location.pathname == shown || !$('.task-panel')) return;
    shown = location.pathname;
    dirty() ? location.reload() : refresh();
  });
}
