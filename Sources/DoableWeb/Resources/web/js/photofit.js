// TASK-11, loaded by photos.js when photos are chosen. A picture the browser can draw that is over the limit, and
// every JPEG, is drawn on a canvas (EXIF rotation applied) and re-encoded as a JPEG that fits: the longest side
// shrinks first, then the quality. A canvas keeps no metadata, so a camera's GPS position never leaves the phone.
// Other kinds that fit go as they are (the server strips their metadata too). What cannot be drawn and is too large,
// or too many files, is named by the field's validity message; the result is shown beside it (a status).
const say = (i, m) => { i.setCustomValidity(m); i.reportValidity(); };
const num = v => v.toLocaleString('en');

// [blob, canvas, scaled] for a JPEG of at most max bytes; nothing when the browser cannot draw the file.
async function shrink(f, max) {
  const b = await createImageBitmap(f, { imageOrientation: 'from-image' }).catch(() => 0);
  if (!b) return;
  const L = Math.max(b.width, b.height), c = document.createElement('canvas'), x = c.getContext('2d');
  for (const s of [Math.min(L, 1600), ...[1280, 1024, 800, 640, 480, 320, 160].filter(s => s < L)]) {
    c.width = Math.round(b.width * s / L);
    c.height = Math.round(b.height * s / L);
    x.fillStyle = '#fff'; // a transparent PNG's background
    x.fillRect(0, 0, c.width, c.height);
    x.drawImage(b, 0, 0, c.width, c.height);
    for (const q of [.85, .7, .6, .5]) {
      const o = await new Promise(r => c.toBlob(r, 'image/jpeg', q));
      if (o?.size <= max) return [o, c, s < L];
    }
  }
}

export async function fit(i) {
  const max = +i.dataset.maxBytes, n = +i.dataset.maxCount, f = [...i.files], dt = new DataTransfer(), lines = [];
  const out = i.parentNode.querySelector('.photo-fit') || i.insertAdjacentElement('afterend', document.createElement('p'));
  out.className = 'hint photo-fit';
  out.setAttribute('role', 'status');
  out.textContent = '';
  i.setCustomValidity('');
  if (n && f.length > n) return say(i, `You can add at most ${n} more photo${n > 1 ? 's' : ''}.`);
  let big;
  for (const p of f) {
    const r = (p.size > max || p.type == 'image/jpeg') && await shrink(p, max);
    if (!r) {
      dt.items.add(p);
      if (p.size > max) big ||= p;
      continue;
    }
    const [o, c, scaled] = r, img = new Image(48);
    dt.items.add(new File([o], p.name.replace(/(\.\w*)?$/, '.jpg'), { type: 'image/jpeg' }));
    img.alt = '';
    img.src = c.toDataURL('image/jpeg', .5);
    out.append(img);
    lines.push(`${f.length > 1 ? p.name + ': ' : ''}${scaled ? 'Scaled to' : 'Kept at'} ${c.width}×${c.height}, ${Math.ceil(o.size / 1024)} KB`);
  }
  i.files = dt.files;
  if (lines.length) out.append(` ${lines.join('; ')}. Location and camera details removed.`);
  if (big) say(i, `“${big.name}”: A photo may be at most ${max / 1024} KB (${num(max)} bytes); this one has ${num(big.size)}.`);
}
