// INTEROP-2: a Copy button (hidden until this runs) copies its read-only field.
import { $$ } from './core.js';
import { show } from './toast.js';

const reveal = () => $$('[data-copy]').forEach(b => b.hidden = false);
reveal();
document.addEventListener('doable:refreshed', reveal);
document.addEventListener('click', async e => {
  const b = e.target.closest?.('[data-copy]'), i = b && document.getElementById(b.dataset.copy);
  if (!i) return;
  i.select();
  try { await navigator.clipboard.writeText(i.value); } catch { document.execCommand('copy'); }
  show({ message: 'Copied ' + b.dataset.name });
});
