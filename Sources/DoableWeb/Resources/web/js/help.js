// The keyboard shortcuts' help ("?"), loaded when first asked for.
import { el } from './core.js';

const KEYS = [['q', 'Quick add'], ['/', 'Search'], ['j / k', 'Next / previous task'], ['Enter', 'Open the task'],
  ['x', 'Select the task'], ['e', 'Complete the task'], ['z', 'Undo'], ['Alt + arrows', 'Move the task (calendar: a day or a week)'],
  ['g then t, u, c', 'Go to Today, Upcoming, Calendar'], ['?', 'These shortcuts']];

export async function help() {
  const { dialog } = await import('./confirm.js');
  const d = dialog('Keyboard shortcuts', el('dl', {}, ...KEYS.flatMap(([k, v]) =>
    [el('dt', {}, el('kbd', { textContent: k })), el('dd', { textContent: v })])), 'shortcuts');
  const b = el('button', { type: 'button', className: 'button', textContent: 'Close', onclick: () => d.close() });
  d.append(el('div', { className: 'actions' }, b));
  b.focus();
}
