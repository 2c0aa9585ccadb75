import { listen, notifySql, type Listening } from '../db/notify.js';

/** The PostgreSQL channel every node LISTENs on. */
const NOTICE_CHANNEL = 'manga_changes';

/**
 * What a node tells the others it changed: a chapter published (an import;
 * every cached view and the catalog snapshot), a write that changes the
 * shared numbers of the viewer (a like), or anything else in the catalog.
 */
export type Notice = { kind: 'published'; chapterId: number; titleId: number } | { kind: 'viewers' } | { kind: 'catalog' };

export interface Notices {
  /** Tells every node, this one included. */
  publish(notice: Notice): void;
  /** Called for every notice (this node's own too); returns the unsubscribe. */
  on(listener: (notice: Notice) => void): () => void;
  /** Whether the notices reach other processes (PostgreSQL), not this one only. */
  readonly shared: boolean;
  close(): Promise<void>;
}

function isNotice(v: unknown): v is Notice {
  const k = (v as { kind?: unknown } | null)?.kind;
  return k === 'published' || k === 'viewers' || k === 'catalog';
}

/** The listeners of one process. */
function listeners() {
  const set = new Set<(notice: Notice) => void>();
  const on = (listener: (notice: Notice) => void) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  const deliver = (notice: Notice) => {
    for (const l of [...set]) l(notice);
  };
  return { on, deliver };
}

/** One process (SQLite): notices go to this process's listeners, at once. */
export function localNotices(): Notices {
  const l = listeners();
  return { publish: l.deliver, on: l.on, shared: false, close: () => Promise.resolve() };
}

/** The statement that sends a notice, for use inside a transaction (PostgreSQL sends it on commit). */
export const noticeSql = (notice: Notice) => notifySql(NOTICE_CHANNEL, JSON.stringify(notice));

/**
 * PostgreSQL LISTEN/NOTIFY: one connection of its own per node LISTENs on
 * NOTICE_CHANNEL and sends with pg_notify (a node hears its own notices
 * too). A lost connection is opened again (every second until it is); as
 * notices may have been missed meanwhile, the listeners then get a
 * { kind: 'catalog' } (drop everything).
 */
export async function pgNotices(databaseUrl: string, log: (msg: string, err?: unknown) => void): Promise<Notices> {
  const l = listeners();
  let client: Listening | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const heard = (payload: string) => {
    try {
      const n: unknown = JSON.parse(payload);
      if (isNotice(n)) l.deliver(n);
    } catch {
      /* not ours */
    }
  };
  const connect = async (): Promise<void> => {
    // Set once the connection is made: a failure before that is connect's.
    let c: Listening | undefined = undefined;
    const lost = (err: Error) => {
      if (!c || client !== c || closed) return;
      log('notices: connection lost, reconnecting', err);
      client = undefined;
      c.end().catch(() => {});
      reconnect();
    };
    c = await listen(databaseUrl, NOTICE_CHANNEL, heard, lost);
    client = c;
  };
  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => l.deliver({ kind: 'catalog' }),
        (err: unknown) => {
          log('notices: reconnect failed', err);
          reconnect();
        },
      );
    }, 1000);
    retry.unref();
  };

  await connect();
  return {
    publish(notice) {
      const c = client;
      if (!c) {
        // Not connected: this node at least drops its own caches; the others expire theirs.
        l.deliver(notice);
        return;
      }
      c.notify(JSON.stringify(notice)).catch((err: unknown) => {
        log('notices: send failed', err);
        l.deliver(notice);
      });
    },
    on: l.on,
    shared: true,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
