// Issue 29: a task's sections (subtasks, reminders, photos, comments, history) fold under their headings, each
// heading a disclosure button; what a member folded stays folded on every task page (localStorage). On a phone
// the history starts folded. Without the script every section is simply open.
import { $$ } from './core.js';

const SECTIONS = '.subtask-section, .task-reminders, .task-photos, .task-comments, .task-history';
const key = s => 'doable.fold.' + s.id;
const phone = () => matchMedia('(max-width: 899px)').matches;

function fold(section, folded) {
  section.classList.toggle('is-folded', folded);
  section.querySelector(':scope > h2 > .fold-toggle')?.setAttribute('aria-expanded', String(!folded));
}

export function start() {
  for (const section of $$(SECTIONS)) {
    const h2 = section.querySelector(':scope > h2');
    if (!section.id || !h2 || h2.querySelector('.fold-toggle')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fold-toggle';
    button.append(...h2.childNodes);
    h2.append(button);
    section.classList.add('foldable');
    button.addEventListener('click', () => {
      const folded = !section.classList.contains('is-folded');
      fold(section, folded);
      try { localStorage.setItem(key(section), folded ? '1' : '0'); } catch {}
    });
    let stored = null;
    try { stored = localStorage.getItem(key(section)); } catch {}
    fold(section, stored == null ? phone() && section.id == 'history' : stored == '1');
  }
}
