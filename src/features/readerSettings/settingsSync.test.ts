// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SyncModule from './settingsSync';
import type * as StorageModule from '../../lib/storage';

/**
 * The reader settings' sync against a fake of the server's
 * /api/reader_settings (one JSON object and its time, as the route keeps
 * them): only a linked device calls; a change goes a second later; a newer
 * copy is applied, an older one is not; a change not yet sent wins; a device
 * joining a group takes the group's; a link's first device sends its own.
 */
const server = { settings: '', updatedAt: 0, clock: 100, calls: [] as string[] };

vi.mock('../../api/client', () => ({
  call: vi.fn((path: string, opts: { method?: string; body?: { settings?: string } } = {}) => {
    server.calls.push(`${opts.method ?? 'GET'} ${path}`);
    if (opts.method === 'PUT') {
      server.settings = opts.body!.settings!;
      server.updatedAt = ++server.clock;
    }
    return Promise.resolve({ data: { case: 'readerSettingsView', value: { settings: server.settings, updatedAt: server.updatedAt } } });
  }),
}));

type Sync = typeof SyncModule;
type Storage = typeof StorageModule;
let sync: Sync;
let storage: Storage;
const settle = () => vi.advanceTimersByTimeAsync(1100);

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  localStorage.clear();
  Object.assign(server, { settings: '', updatedAt: 0, clock: 100, calls: [] });
  sync = await import('./settingsSync');
  storage = await import('../../lib/storage');
});
afterEach(() => vi.useRealTimers());

const sent = () => (JSON.parse(server.settings) as { values: Record<string, string | null> }).values;
const groupHas = (values: Record<string, string>) => {
  server.settings = JSON.stringify({ v: 1, values });
  server.updatedAt = ++server.clock;
};

describe('reader settings sync', () => {
  it('makes no call on a device that is not linked, changes or not', async () => {
    sync.startSettingsSync();
    storage.saveViewerMode('horizontal');
    await settle();
    expect(server.calls).toEqual([]);
  });

  it('a linked device sends a change a second later, once for several', async () => {
    storage.saveSettingsSync({ syncedAt: 0, dirty: false, linked: true });
    sync.startSettingsSync();
    await settle();
    server.calls = [];
    storage.saveViewerMode('horizontal');
    storage.saveAutoScrollLevel(3);
    await vi.advanceTimersByTimeAsync(500);
    expect(server.calls).toEqual([]);
    await settle();
    expect(server.calls).toEqual(['PUT /reader_settings']);
    expect(sent()).toMatchObject({ viewer_mode: 'horizontal', viewer_autoscroll_level: '3' });
    expect(storage.storedSettingsSync()).toEqual({ syncedAt: server.updatedAt, dirty: false, linked: true });
  });

  it('a reading profile applied goes to the group in one send, every setting of it with it', async () => {
    storage.saveSettingsSync({ syncedAt: 0, dirty: false, linked: true });
    sync.startSettingsSync();
    await settle();
    server.calls = [];
    const { BUILT_IN_PROFILES } = await import('../../../core/viewer/readerProfiles');
    expect(storage.applyProfileSettings(7, 'webtoon', BUILT_IN_PROFILES[1].settings)).toBe(true);
    await settle();
    expect(server.calls).toEqual(['PUT /reader_settings']);
    expect(sent()).toMatchObject({ viewer_mode: 'vertical', viewer_autoscroll_level: '3' });
    expect(JSON.parse(sent().viewer_controls!)).toMatchObject({ layout: 'kindle' });
    expect(JSON.parse(sent().viewer_reader_profiles!)).toMatchObject({ active: 'webtoon' });
  });

  it('applies a newer copy as the app starts, and not an older one', async () => {
    storage.saveSettingsSync({ syncedAt: 50, dirty: false, linked: true });
    groupHas({ viewer_mode: 'horizontal', page_resolution: 'low' });
    sync.startSettingsSync();
    await settle();
    expect([storage.storedViewerMode(), storage.storedResolution()]).toEqual(['horizontal', 'low']);
    // The resolution's cookie follows (the server renders the first view with it).
    expect(document.cookie).toContain('mr_res=low');
    // An older copy than what this device last applied is left alone.
    storage.saveSettingsSync({ syncedAt: server.updatedAt + 10, dirty: false, linked: true });
    groupHas({ viewer_mode: 'vertical' });
    server.updatedAt -= 20;
    await sync.syncSettings();
    expect(storage.storedViewerMode()).toBe('horizontal');
    // Nothing applied from the server is sent back as a change.
    expect(server.calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('a change not yet sent wins over the server copy: it is sent, not overwritten', async () => {
    storage.saveViewerMode('horizontal');
    storage.saveSettingsSync({ syncedAt: 10, dirty: true, linked: true });
    groupHas({ viewer_mode: 'vertical' });
    await sync.syncSettings();
    expect(server.calls).toEqual(['PUT /reader_settings']);
    expect(storage.storedViewerMode()).toBe('horizontal');
    expect(sent().viewer_mode).toBe('horizontal');
  });

  it("a link's first device sends its settings before confirming; the joining device takes the group's over its own", async () => {
    storage.saveViewerMode('horizontal');
    await sync.flushSettings();
    expect(server.calls).toEqual(['PUT /reader_settings']);
    const group = server.settings;

    localStorage.clear();
    vi.resetModules();
    const joining = await import('./settingsSync');
    const joiningStorage = await import('../../lib/storage');
    joiningStorage.saveViewerMode('vertical');
    server.settings = group;
    await joining.adoptGroupSettings();
    expect(joiningStorage.storedViewerMode()).toBe('horizontal');
    expect(joiningStorage.storedSettingsSync()).toMatchObject({ linked: true, dirty: false, syncedAt: server.updatedAt });
  });

  it('an unlinked device stops syncing; a damaged copy from the server is ignored', async () => {
    storage.saveSettingsSync({ syncedAt: 0, dirty: false, linked: true });
    server.settings = '{not json';
    server.updatedAt = 500;
    await sync.syncSettings();
    expect(storage.storedViewerMode()).toBeNull();
    sync.setLinked(false);
    server.calls = [];
    await sync.syncSettings();
    expect(server.calls).toEqual([]);
  });
});
