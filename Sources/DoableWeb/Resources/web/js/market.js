// MKT-8: the sidebar's badge of unseen bids follows bids and postings as they arrive. MKT-9: geo.js ("Use my
// location") loads only where a page offers it.
import { $ } from './core.js';

let t;
const geo = () => $('.geo-button') && import('./geo.js');
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
document.addEventListener('doable:refreshed', geo);
geo();
