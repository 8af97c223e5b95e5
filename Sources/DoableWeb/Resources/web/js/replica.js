// REACH-2: the web app's offline replica in IndexedDB, on the sync protocol the CLI uses (docs/sync.md): the lists,
// tasks, labels and reminders at the last pulled cursor, the outbox of mutations not yet on the server, and what the
// server refused. A classic script shared by the service worker (importScripts), which pulls and pushes, and by the
// offline pages (offline.js), which read the replica with the outbox replayed on top and queue changes.
self.Replica = (() => {
  const NAME = 'doable-replica', STORES = ['meta', 'lists', 'tasks', 'labels', 'reminders', 'outbox', 'rejected'];
  let opened;

  function open() {
    return opened ||= new Promise((resolve, reject) => {
      const r = indexedDB.open(NAME, 1);
      r.onupgradeneeded = () => STORES.forEach(s => r.result.createObjectStore(s, s == 'meta' ? undefined : { keyPath: 'id' }));
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => { opened = null; reject(r.error); };
    });
  }

  // Closes the database (before it is deleted at sign-out); the next call opens it again.
  async function close() {
    const db = await opened?.catch(() => null);
    opened = null;
    db?.close();
  }

  const done = request => new Promise((resolve, reject) => { request.onsuccess = () => resolve(request.result); request.onerror = () => reject(request.error); });

  // One transaction over `names`; `body` gets the stores and may await their requests. Resolves when it commits.
  async function tx(names, mode, body) {
    const t = (await open()).transaction(names, mode), stores = {};
    names.forEach(n => stores[n] = t.objectStore(n));
    const ended = new Promise((resolve, reject) => { t.oncomplete = resolve; t.onerror = t.onabort = () => reject(t.error); });
    const out = await body(stores);
    await ended;
    return out;
  }

  const all = name => tx([name], 'readonly', s => done(s[name].getAll()));
  const meta = key => tx(['meta'], 'readonly', s => done(s.meta.get(key)));

  // The device's identity and clock (docs/sync.md "Identity" and "Conflicts"): a client id made once, mutation
  // numbers without gaps, and a hybrid logical clock reading per change.
  const uuid = () => crypto.randomUUID();
  function uuid7() {
    const b = crypto.getRandomValues(new Uint8Array(16)), t = Date.now();
    for (let i = 0; i < 6; i++) b[i] = Math.floor(t / 2 ** (8 * (5 - i))) % 256;
    b[6] = 0x70 | (b[6] & 15);
    b[8] = 0x80 | (b[8] & 63);
    const h = [...b].map(x => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  // The device's client id, made the first time and kept with the replica.
  const client = () => tx(['meta'], 'readwrite', async s => {
    const id = (await done(s.meta.get('clientId'))) || uuid();
    s.meta.put(id, 'clientId');
    return id;
  });

  // Queues one mutation: the next number, the next clock reading, in one transaction with the counter.
  async function enqueue(name, args, label) {
    return tx(['meta', 'outbox'], 'readwrite', async s => {
      const client = (await done(s.meta.get('clientId'))) || uuid();
      const id = ((await done(s.meta.get('nextMutation'))) || 1);
      const last = (await done(s.meta.get('hlc'))) || [0, 0];
      const now = Date.now(), clock = now > last[0] ? [now, 0] : [last[0], last[1] + 1];
      const hlc = `${String(clock[0]).padStart(18, '0')}-${String(clock[1]).padStart(5, '0')}-${client}`;
      s.meta.put(client, 'clientId');
      s.meta.put(id + 1, 'nextMutation');
      s.meta.put(clock, 'hlc');
      const mutation = { id, name, hlc, args, label, at: now };
      s.outbox.put(mutation);
      return mutation;
    });
  }

  // Undo of a change not yet sent: the last mutation leaves the outbox and its number is free again.
  async function unqueue(id) {
    return tx(['meta', 'outbox'], 'readwrite', async s => {
      if ((await done(s.meta.get('nextMutation'))) != id + 1 || !(await done(s.outbox.get(id)))) return false;
      s.outbox.delete(id);
      s.meta.put(id, 'nextMutation');
      return true;
    });
  }

  // What the member sees: the pulled state with the outbox replayed on top, so a change shows at once and stays.
  async function view() {
    const [lists, tasks, labels, outbox, rejected, account] = await Promise.all(
      ['lists', 'tasks', 'labels', 'outbox', 'rejected'].map(all).concat(meta('account')));
    const byId = new Map(tasks.map(t => [t.id, { ...t }]));
    for (const m of outbox.sort((a, b) => a.id - b.id)) {
      const a = m.args, t = byId.get(a.id);
      if (m.name == 'task.create') byId.set(a.id, { status: 'pending', priority: 'none', labelIds: [], notes: '', parentId: null, ...a, pending: true });
      else if (!t) continue;
      else if (m.name == 'task.update') Object.assign(t, a.fields, { pending: true });
      else if (m.name == 'task.complete') Object.assign(t, { status: 'completed', pending: true });
      else if (m.name == 'task.reopen') Object.assign(t, { status: 'pending', pending: true });
      else if (m.name == 'task.move') Object.assign(t, 'listId' in a ? { listId: a.listId } : {}, 'parentId' in a ? { parentId: a.parentId } : {}, { pending: true });
      else if (m.name == 'task.delete') t.deletedAt = new Date(m.at).toISOString();
    }
    return { lists: lists.filter(l => !l.deletedAt), tasks: [...byId.values()].filter(t => !t.deletedAt), labels, outbox, rejected, account };
  }

  return { open, close, tx, done, all, meta, client, enqueue, unqueue, view, uuid7, STORES, NAME };
})();
