import pg from 'pg';
import { sql, type RawBuilder } from 'kysely';

/** The statement that sends payload on channel, for use inside a transaction (PostgreSQL sends it on commit). */
export const notifySql = (channel: string, payload: string): RawBuilder<unknown> => sql`select pg_notify(${channel}, ${payload})`;

/** A connection of its own that LISTENs on one channel (PostgreSQL). */
export interface Listening {
  /** Sends payload on the channel (pg_notify) over this connection. */
  notify(payload: string): Promise<void>;
  /** Closes the connection. */
  end(): Promise<void>;
}

/**
 * Opens a connection of its own and LISTENs on channel (an identifier: it is
 * written into the statement). Each notification on it with a payload goes to
 * onPayload; the connection's errors (it is lost then) to onError, from the
 * moment the connection is being made.
 */
export async function listen(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  onError: (err: Error) => void,
): Promise<Listening> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on('notification', (m) => {
    if (m.channel !== channel || !m.payload) return;
    onPayload(m.payload);
  });
  c.on('error', onError);
  await c.connect();
  await c.query(`LISTEN ${channel}`);
  return {
    async notify(payload) {
      await c.query('select pg_notify($1, $2)', [channel, payload]);
    },
    end: () => c.end(),
  };
}
