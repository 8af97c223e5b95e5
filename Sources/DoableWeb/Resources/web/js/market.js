// MKT-8: the sidebar's badge of unseen bids follows bids and postings as they arrive. MKT-9: geo.js ("Use my
// location") and MKT-12: map.js (a real map, address search) load only where a page offers them.
import { $ } from './core.js';

let t;
const geo = () => $('.geo-button') && import('./geo.js');
const map = () => $('[data-map-tiles], [data-place-search]') && import('./map.js').then(m => m.start());
async function badge() {
  try {
    const n = (await (await fetch('/market/badge')).json()).unseenBidCount, b = $('#nav-market-badge');
    b.textContent = n > 99 ? '99+' : n;
    b.hidden = !n;
    $('#nav-market-unseen').textContent = n ? ` (${n} new bid${n > 1 ? 's' : ''})` : '';
  } catch {}
}
document.addEventListener('doable:change', e => {
  if (/^(bid|posting|)$/.test(e.detail.entity || '')) clearTimeout(t), t = setTimeout(badge, 300);
});
document.addEventListener('doable:refreshed', () => { geo(); map(); });
geo();
map();
