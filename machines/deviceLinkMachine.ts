import { assign, setup } from 'xstate';

/**
 * Linking a device (/link_device), both sides of it on one screen.
 *
 * This device shows a code: making it, then the code (and its QR code) until
 * its 10 minutes are over, when it shows that it expired and offers a new one.
 * Another device types (or scans) it, claims it and waits, polled, until this
 * one confirms (both now linked) or declines (or lets the code expire). The
 * first device sees the pending request through the same polling and
 * confirms or declines it. The devices linked are listed; each can be
 * unlinked. A call that fails says why (too many tries, a wrong code, any
 * other failure) and the same button tries again.
 *
 * One call at a time: while one runs the screen offers nothing else. The
 * status (GET /api/device_link) is asked as the screen opens and every
 * POLL_MS after (an injected clock: `schedulePoll` arms a timer that sends
 * 'poll.elapsed'); its answer comes as 'status.loaded'. The code's lifetime is
 * the same clock (`startExpiryTimer` → 'code.expired', `stopExpiryTimer`).
 * The calls are provided actions, each answering with its event and the
 * server's view, or 'call.failed'.
 */
export const POLL_MS = 2000;
/** How long a code may be typed in (the server's LINK_CODE_TTL_S), counted from its arrival here. */
export const CODE_TTL_MS = 10 * 60 * 1000;

export type LinkProblem = 'tooMany' | 'badCode' | 'failed';

export interface LinkDeviceInfo {
  id: string;
  name: string;
  thisDevice: boolean;
}

/** What the server says of this device (DeviceLinkView, core/gen/manga/v1/sync_pb). */
export interface LinkView {
  code: string;
  pendingName: string;
  waiting: boolean;
  devices: LinkDeviceInfo[];
}

export interface DeviceLinkContext {
  /** The devices sharing this one's reading (this one included); empty when not linked. */
  devices: LinkDeviceInfo[];
  /** The device that typed this one's code and waits for it to confirm. */
  pendingName: string;
  /** The last code made here ('' before the first). */
  code: string;
  problem: LinkProblem | null;
  /** This device's id in the group it was in when it typed a code ('' for none): joining a group gives it a new one. */
  idBefore: string;
}

export type DeviceLinkEvent =
  | { type: 'poll.elapsed' }
  | { type: 'status.loaded'; view: LinkView }
  | { type: 'code.make' }
  | { type: 'code.made'; view: LinkView }
  | { type: 'code.expired' }
  | { type: 'code.claim'; code: string; name: string }
  | { type: 'code.claimed'; view: LinkView }
  | { type: 'link.confirm'; name: string }
  | { type: 'link.confirmed'; view: LinkView }
  | { type: 'link.decline' }
  | { type: 'link.declined'; view: LinkView }
  | { type: 'device.unlink'; id: string }
  | { type: 'device.unlinked'; view: LinkView }
  | { type: 'call.failed'; problem: LinkProblem };

const viewOf = (e: DeviceLinkEvent): LinkView | null => ('view' in e ? e.view : null);
const thisDeviceId = (devices: LinkDeviceInfo[]) => devices.find((d) => d.thisDevice)?.id ?? '';
/** After a view arrives: whether this device is now linked. */
const follow = {
  type: 'followLink',
  params: ({ event }: { event: DeviceLinkEvent }) => ({ linked: (viewOf(event)?.devices.length ?? 0) > 0 }),
} as const;

export const deviceLinkMachine = setup({
  types: {
    context: {} as DeviceLinkContext,
    events: {} as DeviceLinkEvent,
  },
  actions: {
    loadStatus: () => {},
    schedulePoll: (_, _p: { ms: number }) => {},
    makeCode: () => {},
    startExpiryTimer: (_, _p: { ms: number }) => {},
    stopExpiryTimer: () => {},
    claimCode: (_, _p: { code: string; name: string }) => {},
    confirmLink: (_, _p: { name: string }) => {},
    declineLink: () => {},
    unlinkDevice: (_, _p: { id: string }) => {},
    /** This device shares a reading with others (or no longer does): what follows the link is told. */
    followLink: (_, _p: { linked: boolean }) => {},
    /** This device has just joined another's group: it takes the group's reader settings. */
    adoptSettings: () => {},
    setView: assign(({ event, context }) => {
      const v = viewOf(event);
      return v ? { devices: v.devices, pendingName: v.pendingName, code: v.code || context.code } : {};
    }),
    setProblem: assign({ problem: ({ event }) => (event.type === 'call.failed' ? event.problem : null) }),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    asked: ({ event }) => (viewOf(event)?.pendingName ?? '') !== '',
    waits: ({ event }) => viewOf(event)?.waiting === true,
    notAsked: ({ event }) => (viewOf(event)?.pendingName ?? '') === '',
    /** Confirmed: in a group, under an id this device did not have when it typed the code. */
    joined: ({ event, context }) => {
      const id = thisDeviceId(viewOf(event)?.devices ?? []);
      return id !== '' && id !== context.idBefore;
    },
    listed: ({ event, context }) => event.type === 'device.unlink' && context.devices.some((d) => d.id === event.id),
  },
}).createMachine({
  id: 'deviceLink',
  context: { devices: [], pendingName: '', code: '', problem: null, idBefore: '' },
  initial: 'free',
  entry: ['loadStatus', { type: 'schedulePoll', params: { ms: POLL_MS } }],
  on: {
    'poll.elapsed': { actions: ['loadStatus', { type: 'schedulePoll', params: { ms: POLL_MS } }] },
    // Wherever no state says more: the view is taken (the list of devices, a request waiting).
    'status.loaded': { actions: ['setView', follow] },
  },
  states: {
    /** No call runs: every action is offered. */
    free: {
      initial: 'idle',
      on: {
        'status.loaded': [
          { guard: 'asked', target: 'asked', actions: ['setView', follow] },
          // This device typed a code (before the page was opened again) and waits.
          { guard: 'waits', target: 'waiting', actions: ['setView', follow] },
        ],
        'code.make': { target: 'making', actions: ['clearProblem', 'makeCode'] },
        'code.claim': {
          target: 'claiming',
          actions: [
            'clearProblem',
            assign({ idBefore: ({ context }) => thisDeviceId(context.devices) }),
            { type: 'claimCode', params: ({ event }) => ({ code: event.code, name: event.name }) },
          ],
        },
        'device.unlink': {
          guard: 'listed',
          target: 'unlinking',
          actions: ['clearProblem', { type: 'unlinkDevice', params: ({ event }) => ({ id: event.id }) }],
        },
      },
      states: {
        idle: {},
        /** Just linked (this device confirmed, or the other confirmed it). */
        linked: {},
        /** The device this one typed a code of declined, or the code expired before it confirmed. */
        declined: {},
        /** This device's code, for the other to type or scan. */
        shown: {
          entry: { type: 'startExpiryTimer', params: { ms: CODE_TTL_MS } },
          exit: 'stopExpiryTimer',
          on: { 'code.expired': 'expired' },
        },
        expired: {},
      },
    },
    making: {
      on: {
        'code.made': { target: 'free.shown', actions: ['setView', follow] },
        'call.failed': { target: 'free.idle', actions: 'setProblem' },
      },
    },
    claiming: {
      on: {
        'code.claimed': { target: 'waiting', actions: ['setView', follow] },
        'call.failed': { target: 'free.idle', actions: 'setProblem' },
      },
    },
    /** This device typed another's code: the polled status tells when that device confirms or declines. */
    waiting: {
      on: {
        'status.loaded': [
          { guard: 'waits', actions: ['setView', follow] },
          { guard: 'joined', target: 'free.linked', actions: ['setView', follow, 'adoptSettings'] },
          { target: 'free.declined', actions: ['setView', follow] },
        ],
      },
    },
    /** Another device typed this one's code: confirm or decline. */
    asked: {
      on: {
        'link.confirm': {
          target: 'confirming',
          actions: ['clearProblem', { type: 'confirmLink', params: ({ event }) => ({ name: event.name }) }],
        },
        'link.decline': { target: 'declining', actions: ['clearProblem', 'declineLink'] },
        // The request is gone (its code expired).
        'status.loaded': { guard: 'notAsked', target: 'free.idle', actions: ['setView', follow] },
      },
    },
    confirming: {
      on: {
        'link.confirmed': { target: 'free.linked', actions: ['setView', follow] },
        'call.failed': { target: 'asked', actions: 'setProblem' },
        // The answer brings the view: the request stays on screen until then.
        'status.loaded': {},
      },
    },
    declining: {
      on: {
        'link.declined': { target: 'free.idle', actions: ['setView', follow] },
        'call.failed': { target: 'asked', actions: 'setProblem' },
        // The answer brings the view: the request stays on screen until then.
        'status.loaded': {},
      },
    },
    unlinking: {
      on: {
        'device.unlinked': { target: 'free.idle', actions: ['setView', follow] },
        'call.failed': { target: 'free.idle', actions: 'setProblem' },
      },
    },
  },
});
