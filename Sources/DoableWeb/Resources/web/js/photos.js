// TASK-11: a file chooser with data-max-bytes (and data-max-count) names a photo the server would refuse before the
// form is sent: a phone's photo is often megabytes, more than a request may carry.
document.addEventListener('change', e => {
  const i = e.target, max = +i.dataset?.maxBytes, n = +i.dataset?.maxCount, f = i.files || [];
  if (!max) return;
  const big = [...f].find(x => x.size > max), num = v => v.toLocaleString('en');
  i.setCustomValidity(big ? `“${big.name}”: A photo may be at most ${num(max)} bytes; this one has ${num(big.size)}.`
    : n && f.length > n ? `You can add at most ${n} more photo${n > 1 ? 's' : ''}.` : '');
  i.reportValidity();
});
