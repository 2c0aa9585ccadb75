import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { releaseGroupMachine, type ReleaseGroupStatus } from '../../machines/console/releaseGroupMachine';
import type { ReleaseGroup } from '../../core/console/schemas/releaseGroups';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { RELEASE_GROUP_EVENTS, byGroupStatus } from './releaseGroupEvents';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { answerWrite } from './consoleCatalogFixture';
import { runUiModel } from './uiModel';

const STATE_TEXT: Record<string, RegExp> = {
  draft: /^Draft: not scheduled yet/,
  scheduled: /^Scheduled/,
  held: /^Held: a language still lacks pages/,
  released: /^Released/,
  cancelled: /^Cancelled/,
  saving: /^Saving…/,
  conflict: /^Changed by another editor/,
};

const editor = { id: '2', email: 'eve@example.com', name: 'Eve Editor', roles: ['editor'], languages: [] as string[] };
const session = { member: editor, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };

function group(over: Partial<ReleaseGroup> = {}): ReleaseGroup {
  const member = (chapterId: number, language: string, pages: number) => ({
    chapterId,
    titleId: chapterId + 100,
    language,
    titleName: `Blade ${language}`,
    chapterName: `Chapter 9 ${language}`,
    chapterState: 'draft' as const,
    pages,
    ready: pages > 0,
    version: 1,
  });
  return {
    id: 1,
    seriesId: 1,
    name: 'Chapter 9',
    state: 'draft',
    startAt: 0,
    endAt: 0,
    partial: 'block',
    zones: ['Asia/Bangkok'],
    splitFrom: 0,
    members: [member(11, 'en', 20), member(12, 'es', 20), member(13, 'th', 0)],
    missing: ['th'],
    version: 1,
    ...over,
  };
}

/** The release group's lifecycle paths on the real console screen (/releases/1): schedule in a picked zone, move, choose split, release now, cancel, refusals and conflicts. */
describe('console release group (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let clock = manualConsoleClock();
  let version = 1;
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  const answerGroup = async (state: ReleaseGroupStatus) => {
    version++;
    // A scheduled group is read again on the screen's timer; a reload reads it at once.
    if (!net.has('GET', '/release-groups/1')) act(() => clock.tick());
    await net.answer('GET', '/release-groups/1', 200, group({ state, version, startAt: state === 'draft' ? 0 : 1_900_000_000 }));
  };
  const answered = (status: ReleaseGroupStatus, partial: 'block' | 'split') =>
    answerWrite(net, /^\/release-groups\/1/, 200, group({ state: status, version: ++version, partial, startAt: 1_900_000_000 }));

  it('draft, scheduled, held, released, cancelled; partial choice, refusals and conflicts', async () => {
    await runUiModel(
      releaseGroupMachine,
      {
        name: 'consoleReleaseGroup',
        events: RELEASE_GROUP_EVENTS,
        serializeState: byGroupStatus,
        sequences: () => edgeSequences(releaseGroupMachine, RELEASE_GROUP_EVENTS, { serializeState: byGroupStatus }),
      },
      () => ({
        render: async () => {
          clock = manualConsoleClock();
          version = 1;
          net.pending.length = 0;
          window.history.replaceState(null, '', '/console/releases/1');
          render(<App clock={clock} />);
          await net.answer('GET', '/session', 200, session);
        },
        events: {
          'group.loaded': (e) => answerGroup(e.status as ReleaseGroupStatus),
          'schedule.submit': () => {
            fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Asia/Tokyo' } });
            fireEvent.change(screen.getByLabelText('Release time'), { target: { value: '2030-03-01T19:00' } });
            fireEvent.click(screen.getByRole('button', { name: /^(Schedule|Move release)$/ }));
            // 19:00 in Tokyo is 10:00 UTC: what the server is sent.
            const sent = net.pending.find((p) => p.method === 'PUT');
            if (sent && (sent.body as { startAt: number }).startAt !== Date.UTC(2030, 2, 1, 10) / 1000)
              throw new Error('wrong UTC time sent');
          },
          'partial.choose': () => fireEvent.click(screen.getByRole('radio', { name: /^Release the ready languages/ })),
          'release.now': () => fireEvent.click(screen.getByRole('button', { name: 'Release now' })),
          'group.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel release' })),
          'save.done': (e) => answered(e.status as ReleaseGroupStatus, e.partial as 'block' | 'split'),
          'save.failed': async (e) => {
            await answerWrite(net, /^\/release-groups\/1/, 409, problem(409, e.code as string));
            await screen.findByText('A chapter without pages cannot be released.');
          },
          'save.conflict': () =>
            answerWrite(net, /^\/release-groups\/1/, 409, problem(409, 'conflict', { current: group({ version: 99 }) })),
          'conflict.reload': () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })),
        },
        check: (s) => {
          const v = s.value as string;
          if (v === 'loading') return;
          screen.getByText(STATE_TEXT[v]);
          // Partial readiness is visible in every state: the language still without pages.
          screen.getByText('Still without pages: Thai');
          const open = v === 'draft' || v === 'scheduled' || v === 'held';
          if (open && !screen.queryByRole('button', { name: v === 'draft' ? 'Schedule' : 'Move release' }))
            throw new Error('no schedule button');
          if ((v === 'released' || v === 'cancelled') && screen.queryByRole('button', { name: 'Release now' }))
            throw new Error('still editable');
          if (v === 'conflict' && !screen.queryByRole('button', { name: 'Reload' })) throw new Error('no Reload');
        },
      }),
    );
  });
});
