import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { create, toBinary } from '@bufbuild/protobuf';
import { ResponseSchema, type Response as ApiResponse } from '../../core/gen/manga/v1/response_pb';
import { DeviceLinkViewSchema } from '../../core/gen/manga/v1/sync_pb';
import { CODE_TTL_MS, POLL_MS, deviceLinkMachine } from '../../machines/deviceLinkMachine';
import type { DeviceLinkContext, DeviceLinkEvent, LinkProblem, LinkView } from '../../machines/deviceLinkMachine';
import LinkDeviceScreen from '../../src/screens/link_device/LinkDeviceScreen';
import type { TimerClock } from '../../src/lib/timers';
import { loadTestMessages } from './shellHelpers';
import { runUiModel, valueKey } from './uiModel';
import { until } from './until';
import { view, ALONE, ASKED, WAITING, LINKED, status, CLAIM } from './deviceLinkViews';

/**
 * deviceLinkMachine's paths on the real /link_device screen in jsdom: its own actor, the real API client, a server
 * the test scripts (each /api/device_link request waits until a step answers it with a view or an error status) and a
 * clock the test fires (the poll, the code's 10 minutes). The other device is the server's answers; two real browsers
 * on the real server: tests/e2e/reader3bSync.test.ts.
 */
const CLAIMED: DeviceLinkEvent = { type: 'code.claimed', view: WAITING };
const ASK_CONFIRM: DeviceLinkEvent = { type: 'link.confirm', name: 'Desk' };
const UNLINK: DeviceLinkEvent = { type: 'device.unlink', id: 'b2' };
const fail = (problem: LinkProblem): DeviceLinkEvent => ({ type: 'call.failed', problem });

const EVENTS: DeviceLinkEvent[] = [
  ...(['poll.elapsed', 'code.make', 'code.expired', 'link.decline'] as const).map((type) => ({ type })),
  ...[ALONE, ASKED, WAITING, LINKED].map(status),
  { type: 'code.made', view: view({ code: 'ABCD2345' }) },
  CLAIM,
  CLAIMED,
  ASK_CONFIRM,
  { type: 'link.confirmed', view: LINKED },
  { type: 'link.declined', view: ALONE },
  UNLINK,
  { type: 'device.unlinked', view: ALONE },
  ...(['tooMany', 'badCode', 'failed'] as const).map(fail),
];

/** Loops and edges into states the shortest paths reach another way (a poll comes with every status). */
const SEQUENCES: DeviceLinkEvent[][] = [
  [CLAIM, CLAIMED, status(WAITING), status(LINKED)],
  [CLAIM, fail('badCode')],
  [status(ASKED), status(ALONE)],
  [status(ASKED), ASK_CONFIRM, { type: 'link.confirmed', view: LINKED }],
  [status(ASKED), { type: 'link.decline' }, { type: 'link.declined', view: ALONE }],
  [status(ASKED), { type: 'link.decline' }, fail('failed')],
  [status(ASKED), ASK_CONFIRM, status(ALONE), fail('failed')],
  [status(ASKED), { type: 'link.decline' }, status(ALONE), fail('badCode')],
  [status(LINKED), UNLINK, { type: 'device.unlinked', view: ALONE }],
  [status(LINKED), UNLINK, fail('tooMany')],
];

const HTTP_STATUS: Record<LinkProblem, number> = { tooMany: 429, badCode: 404, failed: 500 };
const MESSAGE: Record<LinkProblem, string> = {
  tooMany: 'Too many tries. Please wait a few minutes.',
  badCode: 'That code is wrong, used or expired.',
  failed: 'Something went wrong. Please try again.',
};

/** An answer's body as the server encodes it (a copy on its own ArrayBuffer, as a Response takes it). */
const encode = (r: ApiResponse) => new Uint8Array(toBinary(ResponseSchema, r));
const success = (v: LinkView) =>
  encode(
    create(ResponseSchema, {
      result: { case: 'success', value: { data: { case: 'deviceLinkView', value: create(DeviceLinkViewSchema, v) } } },
    }),
  );
const failure = (why: string) => encode(create(ResponseSchema, { result: { case: 'error', value: { debugInfo: why } } }));

type Held = { n: number; method: string; path: string; query: URLSearchParams; respond: (r: Response) => void };

/**
 * The server as the test says: every /api/device_link request waits for `answer`; the other calls the
 * screen's effects make (bookmarks, reader settings) are refused at once (they keep what they have).
 */
function scriptedServer() {
  const held: Held[] = [];
  let n = 0;
  const realFetch = globalThis.fetch;
  return {
    held,
    install() {
      held.length = 0;
      globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
        if (!url.pathname.startsWith('/api/device_link'))
          return Promise.resolve(new Response(failure('not in this test'), { status: 404 }));
        return new Promise<Response>((respond) =>
          held.push({ n: n++, method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, respond }),
        );
      };
    },
    uninstall() {
      globalThis.fetch = realFetch;
    },
    /** Waits for a request (`pick` chooses among those held) and answers it. */
    async answer(what: string, pick: (h: Held[]) => Held | undefined, status: number, body: Uint8Array<ArrayBuffer>): Promise<Held> {
      await until(() => pick(held) !== undefined, what);
      const h = pick(held)!;
      held.splice(held.indexOf(h), 1);
      h.respond(new Response(body, { status }));
      return h;
    },
  };
}

/** A clock the test fires by hand, by the delay the screen asked for. */
function manualClock() {
  let next = 1;
  const timers = new Map<number, { fn: () => void; ms: number }>();
  const due = (ms: number) => [...timers.entries()].filter(([, t]) => t.ms === ms);
  const clock: TimerClock = {
    setTimeout: (fn, ms) => {
      timers.set(next, { fn, ms });
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id),
  };
  return {
    clock,
    armed: (ms: number) => due(ms).length > 0,
    fire(ms: number) {
      if (due(ms).length === 0) throw new Error(`no timer of ${ms} ms armed`);
      for (const [id, t] of due(ms)) {
        timers.delete(id);
        t.fn();
      }
    },
  };
}

const leafOf = (value: unknown) => valueKey(value).replace(/^free:/, 'free.');
const isEnabled = (el: HTMLElement) => !(el as HTMLButtonElement).disabled;

describe('linking a device (deviceLinkMachine) on the real screen', () => {
  const server = scriptedServer();
  let clock = manualClock();
  beforeEach(() => {
    loadTestMessages();
    server.install();
  });
  afterEach(() => server.uninstall());

  const call = (method: string, path: string) => (h: Held[]) => h.find((x) => x.method === method && x.path === `/api/device_link${path}`);
  /** Answers the call held for this method and path with a view. */
  const reply = (method: string, path: string, v: unknown) =>
    server.answer(`${method} ${path}`, call(method, path), 200, success(v as LinkView));
  const open = () => {
    clock = manualClock();
    render(<LinkDeviceScreen clock={clock.clock} />);
  };
  /** The newest status request: one asked before a call may be dropped by the screen as out of date. */
  const newestStatus = (after: number) => (h: Held[]) => h.filter((x) => x.method === 'GET' && x.n >= after).at(-1);

  it('both sides of linking, the code expiring, unlinking and refusals, as the reader sees them', async () => {
    const r = await runUiModel(
      deviceLinkMachine,
      {
        name: 'deviceLink',
        events: EVENTS,
        sequences: SEQUENCES,
        // Told apart by what the checks read and the guards decide on (all of the context: 520 paths; the code is ABCD2345).
        serializeState: (s) => {
          const c = s.context as DeviceLinkContext;
          return JSON.stringify([s.value, c.problem, c.devices.length > 0, c.pendingName, c.idBefore]);
        },
      },
      () => ({
        render: () => {
          // What the previous path's screen asked is never answered.
          server.held.length = 0;
          open();
        },
        events: {
          'poll.elapsed': () => clock.fire(POLL_MS),
          'status.loaded': async (e) => {
            const from = server.held.length ? Math.max(...server.held.map((h) => h.n)) + 1 : 0;
            clock.fire(POLL_MS);
            await server.answer('the poll', newestStatus(from), 200, success(e.view as LinkView));
          },
          'code.make': () => fireEvent.click(screen.getByTestId('link-make-code')),
          'code.made': (e) => reply('POST', '/code', e.view),
          'code.expired': () => clock.fire(CODE_TTL_MS),
          'code.claim': (e) => {
            fireEvent.change(screen.getByLabelText('Code'), { target: { value: e.code } });
            fireEvent.change(screen.getByLabelText("This device's name"), { target: { value: e.name } });
            fireEvent.click(screen.getByRole('button', { name: 'Link' }));
          },
          'code.claimed': async (e) => {
            const h = await reply('POST', '/claim', e.view);
            expect([h.query.get('code'), h.query.get('name')]).toEqual(['ABCD2345', 'Phone']);
          },
          'link.confirm': (e) => {
            fireEvent.change(screen.getByLabelText("This device's name"), { target: { value: e.name } });
            fireEvent.click(within(screen.getByTestId('link-confirm')).getByRole('button', { name: 'Confirm' }));
          },
          'link.confirmed': async (e) => {
            const h = await reply('POST', '/confirm', e.view);
            expect(h.query.get('name')).toBe('Desk');
          },
          'link.decline': () => fireEvent.click(within(screen.getByTestId('link-confirm')).getByRole('button', { name: 'Decline' })),
          'link.declined': (e) => reply('POST', '/decline', e.view),
          'device.unlink': () => fireEvent.click(screen.getByRole('button', { name: 'Unlink Phone' })),
          'device.unlinked': async (e) => {
            const h = await reply('DELETE', '', e.view);
            expect(h.query.get('device')).toBe('b2');
          },
          'call.failed': (e) =>
            server.answer('a call', (h) => h.find((x) => x.method !== 'GET'), HTTP_STATUS[e.problem as LinkProblem], failure('refused')),
        },
        check: (s) => {
          const c = s.context as DeviceLinkContext;
          const at = leafOf(s.value);
          const free = at.startsWith('free.');
          // A failed call says why.
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(c.problem ? MESSAGE[c.problem] : null);
          // A request to confirm, its buttons held while the answer is sent.
          const box = screen.queryByTestId('link-confirm');
          expect(!!box).toBe(['asked', 'confirming', 'declining'].includes(at));
          if (box) {
            expect(box.textContent).toContain('“Phone” wants to share your reading.');
            for (const b of within(box).getAllByRole('button')) expect(isEnabled(b)).toBe(at === 'asked');
          }
          // This device's code with its QR code, and once its 10 minutes are over, that it expired.
          expect(screen.queryByTestId('link-code')?.textContent ?? null).toBe(at === 'free.shown' ? 'ABCD-2345' : null);
          if (at === 'free.shown') {
            screen.getByRole('img', { name: 'QR code for the code ABCD-2345' });
            expect(clock.armed(CODE_TTL_MS)).toBe(true);
          }
          expect(!!screen.queryByText('This code has expired. Show a new one to link a device.')).toBe(at === 'free.expired');
          const make = screen.getByTestId('link-make-code');
          expect(make.textContent).toBe(at === 'free.shown' || at === 'free.expired' ? 'New code' : 'Show a code');
          expect(isEnabled(make)).toBe(free);
          // The other side: the form, then waiting, then linked or declined.
          expect(!!screen.queryByTestId('link-waiting')).toBe(at === 'waiting');
          const claim = screen.queryByRole('button', { name: 'Link' });
          expect(!!claim).toBe(at !== 'waiting');
          if (claim) expect(isEnabled(claim)).toBe(free);
          expect(!!screen.queryByTestId('link-declined')).toBe(at === 'free.declined');
          expect(!!screen.queryByTestId('link-done')).toBe(at === 'free.linked');
          // The devices sharing this reading, each to unlink while no call runs.
          const listed = screen.queryAllByTestId('linked-device');
          expect(listed.map((li) => li.textContent)).toEqual(c.devices.map((d) => `${d.name}${d.thisDevice ? '(this device)' : ''}Unlink`));
          for (const li of listed) expect(isEnabled(within(li).getByRole('button'))).toBe(free);
          expect(!!screen.queryByText('This device is not linked.')).toBe(c.devices.length === 0);
          // The poll keeps going whatever the screen shows.
          expect(clock.armed(POLL_MS)).toBe(true);
        },
      }),
    );
    expect(r.paths).toBeGreaterThan(30);
  });

  it('a code in the address (the QR code) fills the form; the claim sends it with the device name', async () => {
    window.history.replaceState(null, '', '/link_device?code=WXYZ6789');
    open();
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('WXYZ6789');
    fireEvent.change(screen.getByLabelText("This device's name"), { target: { value: 'Kitchen tablet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const h = await reply('POST', '/claim', WAITING);
    expect([h.query.get('code'), h.query.get('name')]).toEqual(['WXYZ6789', 'Kitchen tablet']);
    await screen.findByTestId('link-waiting');
    window.history.replaceState(null, '', '/');
  });

  it('a status asked before a call does not undo what the call did (the claim is not taken for declined)', async () => {
    open();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'ABCD2345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    await reply('POST', '/claim', WAITING);
    await screen.findByTestId('link-waiting');
    // The server answered the first status before the claim: not waiting, not linked.
    await server.answer('the first status', (h) => h.find((x) => x.method === 'GET'), 200, success(ALONE));
    await new Promise((r) => setTimeout(r, 50));
    expect([!!screen.queryByTestId('link-waiting'), !!screen.queryByTestId('link-declined')]).toEqual([true, false]);
    // A status asked now is taken.
    clock.fire(POLL_MS);
    await server.answer('the poll', newestStatus(0), 200, success(ALONE));
    await screen.findByTestId('link-declined');
  });

  it('says that a code expired in the reader’s language', async () => {
    loadTestMessages('ru');
    open();
    fireEvent.click(screen.getByTestId('link-make-code'));
    await reply('POST', '/code', view({ code: 'ABCD2345' }));
    await screen.findByText('ABCD-2345');
    clock.fire(CODE_TTL_MS);
    await screen.findByText('Срок действия кода истёк. Покажите новый, чтобы связать устройство.');
    expect(screen.getByTestId('link-make-code').textContent).toBe('Новый код');
  });
});
