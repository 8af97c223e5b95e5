// MKT-12: the marketplace's real map, where the server has a tile server (data-map-tiles) and serves Leaflet
// (/leaflet/, Debian's libjs-leaflet). A posting's form picks its place by a tap or a dragged pin; near me and a
// posting's page show the places. Without it the server's own schematic map and the typed fields stay.
import { $, $$ } from './core.js';

let loading;
function leaflet() {
  if (window.L) return Promise.resolve(window.L);
  return loading ||= new Promise((done, fail) => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '/leaflet/leaflet.css';
    document.head.append(css);
    const script = document.createElement('script');
    script.src = '/leaflet/leaflet.js';
    script.onload = () => done(window.L);
    script.onerror = fail;
    document.head.append(script);
  });
}

const plain = text => text.replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const fixed = n => String(Math.round(n * 1e6) / 1e6);

function base(L, el, view, zoom) {
  el.replaceChildren();
  el.classList.add('is-live');
  const map = L.map(el, { scrollWheelZoom: false }).setView(view, zoom);
  L.tileLayer(el.dataset.mapTiles, { maxZoom: 19, attribution: plain(el.dataset.mapAttribution || '') }).addTo(map);
  return map;
}

// The posting form: a tap or a dragged pin fills latitude and longitude; typing them moves the pin.
function picker(L, el) {
  const form = el.closest('form'), lat = $('[data-geo=latitude]', form), lon = $('[data-geo=longitude]', form);
  const at = () => [parseFloat(lat.value.replace(',', '.')), parseFloat(lon.value.replace(',', '.'))];
  const known = at().every(Number.isFinite);
  const map = base(L, el, known ? at() : [20, 0], known ? 15 : 2);
  let pin;
  const place = (point, pan) => {
    if (pin) pin.setLatLng(point);
    else {
      pin = L.marker(point, { draggable: true, title: 'The place' }).addTo(map);
      pin.on('dragend', () => set(pin.getLatLng(), false));
    }
    if (pan) map.setView(point, Math.max(map.getZoom(), 15));
  };
  const set = (point, pan) => {
    lat.value = fixed(point.lat);
    lon.value = fixed(point.lng);
    place(point, pan);
    lat.dispatchEvent(new Event('change', { bubbles: true }));
  };
  if (known) place(at(), false);
  map.on('click', e => set(e.latlng, false));
  [lat, lon].forEach(f => f.addEventListener('input', () => { if (at().every(Number.isFinite)) place(at(), true); }));
  el.doablePlace = (point, name) => set(L.latLng(point[0], point[1]), true);
}

// Near me: the point searched from, the radius, and each posting as a numbered pin that links to it.
function near(L, el) {
  const centre = [parseFloat(el.dataset.lat), parseFloat(el.dataset.lon)], km = parseFloat(el.dataset.radiusKm);
  const map = base(L, el, centre, 13);
  const ring = L.circle(centre, { radius: km * 1000, className: 'near-ring' }).addTo(map);
  L.circleMarker(centre, { radius: 6, className: 'near-centre' }).addTo(map).bindTooltip('You are here');
  for (const p of $$('.map-pins li', el.parentElement)) {
    const icon = L.divIcon({ className: 'map-number', html: plain(p.dataset.number), iconSize: [26, 26] });
    L.marker([parseFloat(p.dataset.lat), parseFloat(p.dataset.lon)], { icon, title: p.dataset.title })
      .addTo(map).on('click', () => { location.href = p.dataset.href; });
  }
  map.fitBounds(ring.getBounds());
}

// A posting's page: its place (approximate for everyone but the poster and the assignee).
function spot(L, el) {
  const point = [parseFloat(el.dataset.lat), parseFloat(el.dataset.lon)], exact = 'exact' in el.dataset;
  const map = base(L, el, point, exact ? 16 : 14);
  if (exact) L.marker(point, { title: 'The place' }).addTo(map);
  else L.circle(point, { radius: 700, className: 'near-ring' }).addTo(map);
}

// Address search (data-place-search, where the server has a geocoder): the places found fill the form's fields.
function search(box) {
  const input = $('input[type=search]', box), go = $('.place-search-go', box), list = $('.place-results', box);
  const status = $('.place-search-status', box), form = box.closest('form');
  const run = async () => {
    const q = input.value.trim();
    if (!q) { input.focus(); return; }
    status.textContent = 'Searching…';
    list.hidden = true;
    try {
      const r = await fetch('/market/places?q=' + encodeURIComponent(q), { headers: { Accept: 'application/json' } });
      const found = r.ok ? await r.json() : { places: [], available: false };
      if (!found.available) { status.textContent = 'The address search did not answer. Try again, or type the coordinates.'; return; }
      if (!found.places.length) { status.textContent = `No place found for “${q}”.`; return; }
      status.textContent = found.places.length == 1 ? '1 place found: choose it.' : `${found.places.length} places found: choose one.`;
      list.replaceChildren(...found.places.map(p => {
        const li = document.createElement('li'), b = document.createElement('button');
        b.type = 'button';
        b.className = 'place-choice';
        b.textContent = p.name;
        b.addEventListener('click', () => choose(p));
        li.append(b);
        return li;
      }));
      list.hidden = false;
    } catch {
      status.textContent = 'The address search did not answer. Try again, or type the coordinates.';
    }
  };
  const choose = p => {
    $('[data-geo=latitude]', form).value = fixed(p.latitude);
    $('[data-geo=longitude]', form).value = fixed(p.longitude);
    const name = $('[name=placeName]', form);
    if (name && !name.value.trim()) name.value = p.name.split(',')[0].slice(0, 100);
    const map = $('[data-map-pick]', form);
    map?.doablePlace?.([p.latitude, p.longitude]);
    list.hidden = true;
    status.textContent = `Place set: ${p.name}`;
  };
  go.addEventListener('click', run);
  input.addEventListener('keydown', e => { if (e.key == 'Enter') { e.preventDefault(); run(); } });
}

export function start() {
  $$('[data-place-search]:not(.is-ready)').forEach(box => { box.classList.add('is-ready'); search(box); });
  const maps = $$('[data-map-tiles]:not(.is-live)');
  if (!maps.length) return;
  leaflet().then(L => maps.forEach(el => {
    if ('mapPick' in el.dataset) picker(L, el);
    else if ('mapNear' in el.dataset) near(L, el);
    else spot(L, el);
  })).catch(() => {});
}
