// Native <dialog>s: a question (resolves to the chosen value; Cancel and Escape give null), and the shortcut list.
import { el } from './core.js';

let n = 0;
export function dialog(title, body, cls = '') {
  const id = 'dlg-' + ++n, back = document.activeElement;
  const d = el('dialog', { className: cls },
    el(body ? 'h2' : 'p', { id, textContent: title }), ...(body ? [body] : []));
  d.setAttribute('aria-labelledby', id);
  d.addEventListener('close', () => { d.remove(); if (back?.isConnected) back.focus(); });
  document.body.append(d);
  d.showModal();
  return d;
}

export function ask(question, choices) {
  return new Promise(done => {
    let value = null;
    const bar = el('div', { className: 'actions' });
    const d = dialog(question, null, 'confirm');
    for (const [label, v, cls = ''] of [...choices, ['Cancel', null]]) {
      bar.append(el('button', {
        type: 'button', className: 'button ' + cls, textContent: label,
        onclick: () => { value = v; d.close(); },
      }));
    }
    d.append(bar);
    d.addEventListener('close', () => done(value));
    bar.firstChild.focus();
  });
}
