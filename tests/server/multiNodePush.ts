import type { Engines, NodeProc } from './multiNodeCluster.js';
import { fakeSubscription, poll, startPushService } from './pushLoopback.js';

export interface ReleaseFigures {
  subscribers: number;
  /** Subscribers whose push service accepted the release at least once. */
  reached: number;
  /** Subscribers whose push service accepted it more than once (sends in flight on the killed node, sent again). */
  duplicates: number;
  /** Subscribers for whom the push service keeps more than one message for their device (a Topic replaces its copy: 0). */
  deviceDuplicates: number;
  killed: string;
  /** Deliveries accepted when the node was killed. */
  atKill: number;
  ms: number;
}

/**
 * The multi-node test's release: `count` visitors subscribed (rows written
 * directly: a favorite and a push subscription at a loopback push service)
 * to a title with nothing else coming; a chapter of it released a second
 * later is sent by the nodes' release checks and pg-boss workers; the first
 * node is killed (SIGKILL) once a quarter of the pushes were accepted; the
 * others finish (pg-boss hands a dead node's jobs on when they expire).
 */
export async function releaseToSubscribers(engines: Engines, nodes: NodeProc[], count: number): Promise<ReleaseFigures> {
  const db = engines.pg;
  const push = startPushService(() => 201);
  const base = await push.listen();
  try {
    const now = Math.floor(Date.now() / 1000);
    // A title none of whose chapters is still to come.
    const [{ id: titleId }] = (
      await db.query<{ id: number }>(
        'select t.id::int from titles t where not exists (select 1 from chapters c where c.title_id = t.id and (c.start_ts > $1 or c.notified_at = 0)) order by t.id desc limit 1',
        [now - 5],
      )
    ).rows;
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = 0; i < count; i++) {
      const token = `multinodepush${String(i).padStart(6, '0')}`;
      params.push(token, fakeSubscription(`${base}/s/${i}`).json);
      values.push(`($${params.length - 1}, $${params.length})`);
    }
    await db.query(
      `with s(token, sub) as (values ${values.join(',')}),
        v as (insert into visitors (token, created_at, last_seen) select token, ${now}, ${now} from s),
        b as (insert into bookmarks (visitor_token, title_id, created_at) select token, ${titleId}, ${now} from s)
       insert into push_tokens (visitor_token, token, lang, updated_at) select token, sub, 'eng', ${now} from s`,
      params,
    );
    const [{ id: chapterId, seq }] = (
      await db.query<{ id: number; seq: number }>(
        'select (select max(id) from chapters)::int + 1 as id, (select max(seq) from chapters where title_id = $1)::int + 1 as seq',
        [titleId],
      )
    ).rows;
    const t0 = Date.now();
    await db.query(
      `insert into chapters (id, title_id, seq, name, sub_title, thumbnail_url, start_ts, end_ts, is_vertical_only, is_horizontal_only, view_count, ticket_end, notified_at)
       values ($1, $2, $3, '#release', 'multinode', '/img/chapter/1/thumb.webp', $4, 0, 0, 0, 0, 0, 0)`,
      [chapterId, titleId, seq, now + 1],
    );
    const accepted = () => [...push.accepted.values()].reduce((a, b) => a + b, 0);
    const atKill = Math.floor(count / 4);
    await poll(
      () => accepted() >= atKill,
      1200,
      () => `${accepted()} of ${count} pushes accepted before the kill`,
    );
    const victim = nodes[0];
    const killedAt = accepted();
    victim.proc.kill('SIGKILL');
    await victim.exited;
    await poll(
      () => push.accepted.size >= count,
      3000,
      () => `${push.accepted.size} of ${count} subscribers reached after the kill`,
    );
    const ms = Date.now() - t0;
    // Anything sent twice would come in the next seconds (a job handed on after its expiry).
    await new Promise((r) => setTimeout(r, 5000));
    return {
      subscribers: count,
      reached: push.accepted.size,
      duplicates: [...push.accepted.values()].filter((n) => n > 1).length,
      deviceDuplicates: [...push.waiting.values()].filter((list) => list.length > 1).length,
      killed: victim.name,
      atKill: killedAt,
      ms,
    };
  } finally {
    await push.close();
  }
}
