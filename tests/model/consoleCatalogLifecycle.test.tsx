import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { chapterLifecycleMachine, type ChapterStatus } from '../../machines/console/chapterLifecycleMachine';
import { CHAPTER_LIFECYCLE_EVENTS, byStatus } from './consoleCatalogEvents';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { answerWrite, catalogEnv, chapter, openChapter, region } from './consoleCatalogFixture';
import { runUiModel } from './uiModel';

const STATE_TEXT: Record<string, string> = {
  loading: 'Loading…',
  draft: 'Draft',
  scheduled: 'Scheduled',
  live: 'Live',
  takenDown: 'Taken down',
  saving: 'Saving…',
  conflict: 'Changed by another editor',
};

/** The chapter lifecycle's paths on the real chapter screen: schedule in a picked zone, move, take back, release now, take down (password asked again), restore, conflicts. */
describe('console chapter lifecycle (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let c = catalogEnv();
  let version = 1;
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  const answerChapter = async (state: ChapterStatus) => {
    version++;
    if (!net.has('GET', '/chapters/1')) act(() => c.clock.tick());
    await net.answer('GET', '/chapters/1', 200, chapter({ state, version, startAt: state === 'draft' ? 0 : 1_900_000_000 }));
  };
  const release = () => region('Release');

  it('draft, scheduled, live, taken down, restored; refusals and conflicts', async () => {
    await runUiModel(
      chapterLifecycleMachine,
      {
        name: 'consoleChapterLifecycle',
        events: CHAPTER_LIFECYCLE_EVENTS,
        serializeState: byStatus,
        sequences: () => edgeSequences(chapterLifecycleMachine, CHAPTER_LIFECYCLE_EVENTS, { serializeState: byStatus }),
      },
      () => ({
        render: async () => {
          c = catalogEnv();
          version = 1;
          // The chapter's first answer is the path's first event (its status decides the state).
          await openChapter(net, c.env, null);
        },
        events: {
          'chapter.loaded': (e) => answerChapter(e.status as ChapterStatus),
          'schedule.submit': () => {
            const r = release();
            fireEvent.change(r.getByLabelText('Time zone'), { target: { value: 'Asia/Tokyo' } });
            fireEvent.change(r.getByLabelText('Release time'), { target: { value: '2030-03-01T19:00' } });
            fireEvent.click(r.getByRole('button', { name: /^(Schedule|Move release)$/ }));
            // 19:00 in Tokyo is 10:00 UTC: what the server is sent.
            const sent = net.pending.find((p) => p.method === 'PUT');
            if (sent && (sent.body as { startAt: number }).startAt !== Date.UTC(2030, 2, 1, 10) / 1000)
              throw new Error('wrong UTC time sent');
          },
          'release.now': () => fireEvent.click(release().getByRole('button', { name: 'Release now' })),
          'schedule.withdraw': () => fireEvent.click(release().getByRole('button', { name: 'Take back (draft again)' })),
          'takedown.done': async () => {
            fireEvent.click(release().getByRole('button', { name: 'Take down' }));
            // The server wants the password again first; the same call then goes through.
            await answerWrite(net, /^\/releases\/1\/take-down$/, 403, problem(403, 'reauth-required'));
            const dialog = within(await screen.findByRole('dialog'));
            fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'correct horse battery staple' } });
            fireEvent.click(dialog.getByRole('button', { name: /confirm/i }));
            await net.answer('POST', '/session/reauth', 200, { reauthUntil: 1 });
            version++;
            await answerWrite(net, /^\/releases\/1\/take-down$/, 200, chapter({ state: 'down', version }));
          },
          'chapter.restore': () => fireEvent.click(release().getByRole('button', { name: 'Restore' })),
          'save.done': async (e) => {
            version++;
            await answerWrite(net, /^\/releases\/1/, 200, chapter({ state: e.status as ChapterStatus, version, startAt: 1_900_000_000 }));
          },
          'save.failed': async (e) => {
            await answerWrite(net, /^\/releases\/1/, 409, problem(409, e.code as string));
            await release().findByText('A chapter without pages cannot be released.');
          },
          'save.conflict': () =>
            answerWrite(
              net,
              /^\/releases\/1/,
              409,
              problem(409, 'conflict', { current: chapter({ name: 'Chapter 1 (new name)', version: 99 }) }),
            ),
          'conflict.reload': () => fireEvent.click(release().getByRole('button', { name: 'Reload' })),
        },
        check: (s) => {
          const v = s.value as string;
          if (v === 'loading' && !screen.queryByRole('region', { name: 'Release' })) return;
          const r = release();
          if (!r.getByText(new RegExp(`^${STATE_TEXT[v]}`))) throw new Error(`no ${STATE_TEXT[v]}`);
          if (v === 'draft' && !r.queryByRole('button', { name: 'Schedule' })) throw new Error('no Schedule');
          if (v === 'scheduled' && !r.queryByRole('button', { name: 'Move release' })) throw new Error('no Move release');
          if (v === 'live' && !r.queryByRole('button', { name: 'Take down' })) throw new Error('no Take down');
          if (v === 'takenDown' && !r.queryByRole('button', { name: 'Restore' })) throw new Error('no Restore');
          if (v === 'conflict' && !r.queryByText('Name: Chapter 1 → Chapter 1 (new name)')) throw new Error('changes not shown');
        },
      }),
    );
  });
});
