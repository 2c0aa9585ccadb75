import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEndpoint, isPublicAddress, resolveEndpoint, type EndpointPolicy } from '../../server/push/endpoint.js';
import { releaseMessage } from '../../server/push/messages.js';
import { sendPush } from '../../server/push/sender.js';
import { loadConfig } from '../../server/config.js';
import { BACKENDS, setup, type TestApp } from './helpers.js';
import { T } from './fixtures.js';
import { fakeSubscription, poll, startPushService } from './pushLoopback.js';

/** The production policy: the default allow-list, no test setting. */
const prod: EndpointPolicy = { allowHosts: loadConfig({}).pushAllowHosts, allowInsecureLoopback: false };
/** A policy whose resolver answers `address` for every name. */
const resolvingTo = (address: string, base: EndpointPolicy = prod): EndpointPolicy => ({
  ...base,
  lookup: () => Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]),
});
const keys = webpush.generateVAPIDKeys();
const msg = releaseMessage('eng', 'Title', '#1', 1, 1);

describe('push endpoint policy (SSRF)', () => {
  it('accepts https endpoints of the known push services on the default port', () => {
    for (const e of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGx0',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(checkEndpoint(e, prod)).toBeInstanceOf(URL);
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'is not https'],
    ['https://fcm.googleapis.com:8443/x', 'is not on the default port'],
    ['https://user:pw@fcm.googleapis.com/x', 'carries credentials'],
    ['https://127.0.0.1/x', 'is a raw IP address'],
    ['https://10.1.2.3/x', 'is a raw IP address'],
    ['https://172.16.0.1/x', 'is a raw IP address'],
    ['https://192.168.1.1/x', 'is a raw IP address'],
    ['https://169.254.169.254/latest/meta-data', 'is a raw IP address'],
    ['https://[::1]/x', 'is a raw IP address'],
    ['https://[::ffff:127.0.0.1]/x', 'is a raw IP address'],
    ['https://[fc00::1]/x', 'is a raw IP address'],
    ['https://2130706433/x', 'is a raw IP address'], // the URL parser makes it 127.0.0.1
    ['http://127.0.0.1:18098/internal/admin', 'is not https'],
    ['https://localhost/x', 'is not a known push service'],
    ['https://evil.example/x', 'is not a known push service'],
    ['https://fcm.googleapis.com.evil.example/x', 'is not a known push service'],
    ['https://evilfcm.googleapis.com/x', 'is not a known push service'],
    ['https://notify.windows.com/x', 'is not a known push service'],
    ['not a url', 'is not a URL'],
  ])('refuses %s at subscribe time (%s)', (endpoint, why) => {
    expect(checkEndpoint(endpoint, prod)).toBe(why);
  });

  it.each([
    ['127.0.0.1'],
    ['127.8.9.10'],
    ['10.0.0.1'],
    ['172.16.0.1'],
    ['172.31.255.254'],
    ['192.168.0.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['::1'],
    ['::'],
    ['::ffff:127.0.0.1'],
    ['::ffff:8.8.8.8'],
    ['fc00::1'],
    ['fd12:3456::1'],
    ['fe80::1'],
    ['ff02::1'],
    ['64:ff9b::a00:1'],
    ['2002:a00:1::1'],
    ['2001:db8::1'],
  ])('%s is not a public address', (a) => {
    expect(isPublicAddress(a)).toBe(false);
  });

  it('public unicast addresses pass', () => {
    for (const a of ['8.8.8.8', '142.250.74.106', '172.32.0.1', '2a00:1450:4001:82b::200a', '2607:f8b0:4004:c07::5f'])
      expect(isPublicAddress(a)).toBe(true);
  });

  it.each([
    ['127.0.0.1'],
    ['10.0.0.5'],
    ['172.16.5.5'],
    ['192.168.0.1'],
    ['169.254.169.254'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['fc00::1'],
    ['fd00::5'],
  ])('at send time, a push service name resolving to %s is refused', async (address) => {
    expect(await resolveEndpoint('https://fcm.googleapis.com/fcm/send/x', resolvingTo(address))).toBe(
      `resolves to a refused address (${address})`,
    );
  });

  it('a name with one private address among public ones is refused; a public one is pinned', async () => {
    const mixed: EndpointPolicy = {
      ...prod,
      lookup: () =>
        Promise.resolve([
          { address: '142.250.74.106', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ]),
    };
    expect(await resolveEndpoint('https://fcm.googleapis.com/x', mixed)).toBe('resolves to a refused address (10.0.0.1)');
    const ok = await resolveEndpoint('https://fcm.googleapis.com/x', resolvingTo('142.250.74.106'));
    expect(ok).toMatchObject({ address: '142.250.74.106', family: 4 });
    const none: EndpointPolicy = { ...prod, lookup: () => Promise.reject(new Error('ENOTFOUND')) };
    expect(await resolveEndpoint('https://fcm.googleapis.com/x', none)).toBe('does not resolve');
  });

  it('the test setting admits loopback endpoints only while they resolve to loopback', async () => {
    const test: EndpointPolicy = { ...prod, allowInsecureLoopback: true };
    expect(checkEndpoint('http://127.0.0.1:9999/x', test)).toBeInstanceOf(URL);
    expect(checkEndpoint('http://127.0.0.2:9999/x', test)).toBe('is not https');
    expect(await resolveEndpoint('http://localhost:9999/x', resolvingTo('10.0.0.1', test))).toBe(
      'resolves to a refused address (10.0.0.1)',
    );
    expect(await resolveEndpoint('http://localhost:9999/x', resolvingTo('127.0.0.1', test))).toMatchObject({ address: '127.0.0.1' });
  });
});

describe('sending: refused endpoints get no request, redirects are not followed', () => {
  const target = startPushService();
  let targetBase = '';
  beforeAll(async () => {
    targetBase = await target.listen();
  });
  afterAll(async () => {
    await target.close();
  });

  it('a stored loopback endpoint is refused at send time without the test setting; a DNS name resolving there too', async () => {
    const sub = fakeSubscription(`${targetBase}/internal/admin`);
    expect(await sendPush(sub.json, msg, keys, 'mailto:a@b.c', prod)).toEqual({ outcome: 'refused', why: 'endpoint is not https' });
    const named = fakeSubscription('https://fcm.googleapis.com/fcm/send/x');
    expect(await sendPush(named.json, msg, keys, 'mailto:a@b.c', resolvingTo('127.0.0.1'))).toEqual({
      outcome: 'refused',
      why: 'endpoint resolves to a refused address (127.0.0.1)',
    });
    expect(target.received).toHaveLength(0);
  });

  it('a redirect from the push service is not followed', async () => {
    const test: EndpointPolicy = { ...prod, allowInsecureLoopback: true };
    const r = startPushService(() => ({ status: 307, headers: { location: `${targetBase}/internal/admin` } }));
    const base = await r.listen();
    const sub = fakeSubscription(`${base}/push/x`);
    expect(await sendPush(sub.json, msg, keys, 'mailto:a@b.c', test)).toEqual({ outcome: 'invalid', why: 'redirect (307) not followed' });
    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    await r.close();
  });
});

describe.each(BACKENDS)('a release on %s without the test setting', (backend) => {
  let t: TestApp;
  const svc = startPushService();
  beforeAll(async () => {
    process.env.PUSH_CHECK_SECONDS = '0';
    t = await setup(backend, 'pushssrf');
  });
  afterAll(async () => {
    await t?.close();
    await svc.close();
    delete process.env.PUSH_CHECK_SECONDS;
  });

  it('sends nothing to a loopback endpoint stored before the policy (refused at send time, counted)', async () => {
    const base = await svc.listen();
    const visitor = 'f'.repeat(32);
    await t.db
      .insertInto('push_tokens')
      .values({ visitor_token: visitor, token: fakeSubscription(`${base}/internal/admin`).json, lang: 'eng', updated_at: t.now })
      .execute();
    await t.db.insertInto('bookmarks').values({ visitor_token: visitor, title_id: T.zero, created_at: t.now }).execute();
    await t.db
      .insertInto('chapters')
      .values({
        id: 9101,
        title_id: T.zero,
        seq: 99,
        name: '#099',
        sub_title: 'x',
        thumbnail_url: '',
        start_ts: t.now - 1,
        end_ts: 0,
        is_vertical_only: 0,
        is_horizontal_only: 0,
        view_count: 0,
        ticket_end: 0,
        notified_at: 0,
      })
      .execute();
    expect(await t.app.push.notifyChapter(9101)).toEqual({ chapterId: 9101, subscribers: 1 });
    await poll(
      () => t.app.push.stats.refused === 1,
      300,
      () => 'the stored loopback endpoint refused',
    );
    expect(svc.received).toHaveLength(0);
  });
});
