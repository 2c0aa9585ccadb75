import { act, render, screen, within } from '@testing-library/react';
import type { Chapter } from '../../core/console/schemas/catalog';
import { App } from '../../console/app/App';
import { CatalogEnvProvider, type CatalogEnv, type UploadPrefs } from '../../console/screens/chapters/env';
import type { UploaderEvents } from '../../console/screens/chapters/uploader';
import { manualConsoleClock, type scriptedConsoleApi } from './consoleApi';

/**
 * What the console's catalog model tests share: a signed-in editor, a
 * chapter as the server answers it, the real console rendered at the
 * chapter's screen with the scripted API, a clock the test moves and an
 * upload transport the test drives (Uppy's events, scripted).
 */
const editor = { id: '2', email: 'eve@example.com', name: 'Eve Editor', roles: ['editor'], languages: [] as string[] };
const session = { member: editor, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };

const page = (id: number, name: string, type = 0, wide = false) => ({
  id,
  type,
  suggestDouble: wide,
  width: wide ? 2880 : 1440,
  height: 2040,
  name,
  thumbUrl: `/chapters/1/pages/${id}/thumb.webp`,
});
export const PAGES = [page(1, '001.png'), page(2, '002.png'), page(3, '003.png', 3, true)];

export function chapter(over: Partial<Chapter> = {}): Chapter {
  return {
    id: 1,
    titleId: 7,
    name: 'Chapter 1',
    subTitle: '',
    thumbnailPage: 0,
    state: 'draft',
    startAt: 0,
    endAt: 0,
    rightToLeft: true,
    pages: PAGES,
    job: { state: 'idle', done: 0, total: 0 },
    version: 1,
    ...over,
  };
}

/** The upload transport as the test plays it: files get ids f1, f2… by name; events are sent by the test. */
function scriptedUploader() {
  const state = { on: null as UploaderEvents | null, started: 0, cancelled: 0, retried: 0 };
  const ids: Record<string, string> = { '001.png': 'f1', '002.png': 'f2' };
  const make: CatalogEnv['makeUploader'] = (_chapterId, on) => {
    state.on = on;
    return {
      add: (files) => files.map((f) => ({ id: ids[f.name] ?? f.name, name: f.name, size: f.size })),
      remove: () => {},
      start: () => void state.started++,
      cancel: () => void state.cancelled++,
      retry: () => void state.retried++,
      close: () => {},
    };
  };
  const emit = (fn: (on: UploaderEvents) => void) => act(() => fn(state.on!));
  return { state, make, emit };
}

/** The upload settings as a device would keep them, in memory (`confirmFirst` as stored before the screen opens). */
export function memoryUploadPrefs(confirmFirst = false) {
  const kept = { confirmFirst, saves: [] as boolean[] };
  const prefs: UploadPrefs = {
    confirmFirst: () => kept.confirmFirst,
    setConfirmFirst: (v) => {
      kept.confirmFirst = v;
      kept.saves.push(v);
    },
  };
  return { prefs, kept };
}

export function catalogEnv(upload = scriptedUploader(), prefs = memoryUploadPrefs()) {
  const clock = manualConsoleClock();
  const opened: string[] = [];
  const env: CatalogEnv = { clock, makeUploader: upload.make, uploadPrefs: prefs.prefs, openPreview: (url) => void opened.push(url) };
  return { env, clock, upload, opened, prefs: prefs.kept };
}

/** Renders the console at /console/chapters/1 and answers the session and the chapter. */
export async function openChapter(net: ReturnType<typeof scriptedConsoleApi>, env: CatalogEnv, c: Chapter | null = chapter()) {
  net.pending.length = 0;
  window.history.replaceState(null, '', '/console/chapters/1');
  render(
    <CatalogEnvProvider value={env}>
      <App clock={manualConsoleClock()} />
    </CatalogEnvProvider>,
  );
  await net.answer('GET', '/session', 200, session);
  if (c) await net.answer('GET', '/chapters/1', 200, c);
}

/** The panel (a labelled section) with this heading. */
export const region = (name: string | RegExp) => within(screen.getByRole('region', { name }));
export const file = (name: string, bytes = 100) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** The pending write (not a GET) whose path matches, answered. */
export async function answerWrite(net: ReturnType<typeof scriptedConsoleApi>, path: RegExp, status: number, body?: unknown) {
  const p = net.pending.find((x) => x.method !== 'GET' && path.test(x.path));
  return net.answer(p?.method ?? 'POST', p ? p.path : path, status, body);
}
