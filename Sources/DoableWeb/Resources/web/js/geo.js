// MKT-1, MKT-9: "Use my location" fills its form's latitude and longitude from the browser's position when the
// member allows it (the near-me form then searches); otherwise the member types a place or coordinates.
import { $, $$ } from './core.js';

const geo = navigator.geolocation;
const offer = () => $$('.geo-button[data-geo-form]').forEach(b => { b.hidden = !geo; });
const fixed = n => String(Math.round(n * 1e6) / 1e6);

document.addEventListener('click', e => {
  const b = e.target.closest('.geo-button[data-geo-form]'), f = b && document.getElementById(b.dataset.geoForm);
  if (!f || !geo) return;
  const say = $('.geo-status', b.closest('.geo-row') || f), tell = text => { if (say) say.textContent = text; };
  const done = () => b.removeAttribute('aria-busy');
  b.setAttribute('aria-busy', 'true');
  tell('Finding your location…');
  geo.getCurrentPosition(p => {
    done();
    const lat = $('[data-geo=latitude]', f), lon = $('[data-geo=longitude]', f);
    lat.value = fixed(p.coords.latitude);
    lon.value = fixed(p.coords.longitude);
    tell(`Your location: ${lat.value}, ${lon.value} (to about ${Math.round(p.coords.accuracy)} m).`);
    if (b.hasAttribute('data-geo-submit')) f.requestSubmit();
  }, err => {
    done();
    tell(`Your ${err.code == 1 ? 'browser did not share your location' : 'location could not be found'}: `
      + 'type a place or coordinates instead.');
    $('[data-geo=latitude]', f)?.focus();
  }, { timeout: 15000, maximumAge: 60000 });
});

offer();
document.addEventListener('doable:refreshed', offer);
