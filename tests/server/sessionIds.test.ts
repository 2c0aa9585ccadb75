import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionId } from '../../server/plugins/visitor.js';
import { BACKENDS, call, success, type TestApp, setup } from './helpers.js';

/**
 * Client-made session ids: third-party clients make their own
 * SESSION-TOKEN (UUIDs; one sends `UUID('…')`, one the literal `null`).
 * Any id of a safe form is kept as sent, so such a client's favorites stay
 * between calls; anything else gets a fresh token as before.
 */

const UUID = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

describe('sessionId', () => {
  it('accepts our tokens (lower-cased), UUIDs as sent and safe client ids of 8 to 64 characters', () => {
    expect(sessionId('0123456789ABCDEF0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(sessionId(UUID)).toBe(UUID);
    expect(sessionId(UUID.toLowerCase())).toBe(UUID.toLowerCase());
    expect(sessionId(`  ${UUID} `)).toBe(UUID);
    expect(sessionId('abcd_EF-')).toBe('abcd_EF-');
    expect(sessionId('a-------b')).toBe('a-------b');
    expect(sessionId('aaaaaaaA')).toBe('aaaaaaaA');
    expect(sessionId('a1'.repeat(32))).toBe('a1'.repeat(32));
  });

  it("reads UUID('…') as its UUID", () => {
    expect(sessionId(`UUID('${UUID}')`)).toBe(UUID);
    expect(sessionId(`UUID("${UUID.toLowerCase()}")`)).toBe(UUID.toLowerCase());
    expect(sessionId(`UUID('${UUID}"`)).toBeNull();
  });

  it('refuses placeholders, ids one character repeated, and anything outside the safe form', () => {
    for (const bad of [
      undefined,
      ['a'.repeat(32), 'b'.repeat(32)],
      '',
      'null',
      'NULL',
      'undefined',
      'None',
      '00000000-0000-0000-0000-000000000000',
      'aaaaaaaaaaaa',
      '--------',
      'a-a-a-a-a',
      'abcdefg',
      'a1'.repeat(32) + 'x',
      'not a token!',
      'abc.defgh',
      'abcdefgh;drop',
      '../../etc/passwd',
      'abcdéfgh',
      'abcdefgh\u0000',
      `UUID(${UUID})`,
    ]) {
      expect(sessionId(bad), String(bad)).toBeNull();
    }
  });
});

describe.each(BACKENDS)('client-made session ids on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setup(backend, `sessionids_${backend}`);
  });
  afterAll(() => t.close());

  /** The titles the visitor with this SESSION-TOKEN header has favorited. */
  const favorites = async (header: string) => {
    const a = await call(t.app, { method: 'GET', url: '/api/title_list/bookmark', headers: { 'session-token': header } });
    expect(a.headers['session-token']).toBeUndefined();
    return JSON.stringify(success(a).data.value, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
  };

  it('a UUID is kept as sent: its favorites are there on the next call, with no new token', async () => {
    const put = await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', headers: { 'session-token': UUID } });
    success(put);
    expect(put.headers['session-token']).toBeUndefined();
    expect(await favorites(UUID)).toContain('"titleId":101');
    const rows = await t.db.selectFrom('visitors').select('token').where('token', '=', UUID).execute();
    expect(rows).toHaveLength(1);
  });

  it("UUID('…') is the same visitor as its UUID", async () => {
    const id = 'c56a4180-65aa-42ec-a945-5fd21dec0538';
    success(
      await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=102', headers: { 'session-token': `UUID('${id}')` } }),
    );
    expect(await favorites(id)).toContain('"titleId":102');
    expect(await favorites(`UUID('${id}')`)).toContain('"titleId":102');
  });

  it('the literal null (and any unsafe id) gets a fresh token on every call, never a shared visitor', async () => {
    const tokens = new Set<string>();
    for (const header of ['null', 'null', 'a b c d e f', 'x'.repeat(65)]) {
      const a = await call(t.app, { method: 'PUT', url: '/api/title_list/bookmark?title_id=101', headers: { 'session-token': header } });
      success(a);
      const fresh = String(a.headers['session-token']);
      expect(fresh).toMatch(/^[0-9a-f]{32}$/);
      tokens.add(fresh);
    }
    expect(tokens.size).toBe(4);
    expect(await t.db.selectFrom('visitors').select('token').where('token', '=', 'null').execute()).toHaveLength(0);
  });
});
