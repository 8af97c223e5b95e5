// VIEW-2: the week's hour grid opens at the morning (or the first timed task before it); on a phone the month's
// agenda keeps going: nearing its end loads the next month below (the link stays for no script and for keyboards).
import { $, $$ } from './core.js';

export function start() {
  const frame = $('.week-frame:not(.is-placed)');
  if (frame) {
    frame.classList.add('is-placed');
    const hours = $$('.hour-row', frame).filter(r => r.querySelector('.cal-task'));
    const first = hours.length ? Math.min(7, +hours[0].id.slice(5)) : 7;
    const row = $(`#hour-${first}`, frame), head = $('thead', frame);
    if (row) frame.scrollTop = row.offsetTop - (head?.offsetHeight || 0);
  }
  const more = $('[data-agenda-next]:not(.is-watched)');
  if (!more || !('IntersectionObserver' in window) || !matchMedia('(max-width: 639px)').matches) return;
  more.classList.add('is-watched');
  let busy = false;
  new IntersectionObserver(async ([entry], watcher) => {
    if (!entry.isIntersecting || busy) return;
    busy = true;
    try {
      const r = await fetch(more.href, { headers: { Accept: 'text/html' } });
      // Only the grid is wanted: the page's own style block (another nonce) is dropped before parsing.
      const html = (await r.text()).replace(/<style[\s\S]*?<\/style>/g, '');
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const rows = $$('table.calendar.month tbody tr', doc), next = $('[data-agenda-next]', doc);
      const body = $('table.calendar.month tbody');
      // Only the fetched month's own days are added (its grid's days of other months are this page's, or later).
      const shown = new Set($$('td[data-date]:not(.other-month)', body).map(td => td.dataset.date));
      for (const row of rows) {
        $$('td[data-date]', row).forEach(td => {
          if (td.classList.contains('other-month') || shown.has(td.dataset.date)) td.remove();
        });
        if (row.querySelector('td[data-date]')) body.append(document.importNode(row, true));
      }
      if (next) {
        more.href = next.getAttribute('href');
        more.textContent = next.textContent;
        more.dataset.agendaNext = next.dataset.agendaNext;
      } else watcher.disconnect();
    } catch { watcher.disconnect(); }
    busy = false;
  }, { rootMargin: '400px' }).observe(more);
}
