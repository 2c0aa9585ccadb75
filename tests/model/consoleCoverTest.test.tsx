import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { coverTestMachine, type CoverTestContext, type CoverTestStatus } from '../../machines/console/coverTestMachine';
import type { CoverTest } from '../../core/console/schemas/coverTests';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { COVER_TEST_EVENTS, byCoverStatus } from './coverTestEvents';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { answerWrite } from './consoleCatalogFixture';
import { runUiModel } from './uiModel';

const STATE_TEXT: Record<string, RegExp> = {
  draft: /^Draft: visitors do not see it yet/,
  running: /^Running: visitors are split/,
  saving: /^Saving…/,
  ending: /^Ending…/,
  ended: /^Ended/,
  conflict: /^Changed by another editor/,
};

const editor = { id: '2', email: 'eve@example.com', name: 'Eve Editor', roles: ['editor'], languages: [] as string[] };
const session = { member: editor, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };

function coverTest(state: CoverTestStatus, variants: number, version: number): CoverTest {
  const images = ['/img/t/101/p.webp', '/img/title/101/portrait_b.webp', '/img/title/101/portrait_c.webp'].slice(0, variants);
  return {
    id: 1,
    titleId: 101,
    titleName: 'Blade',
    slot: 'portrait',
    bannerId: 0,
    measure: 'reading',
    state,
    images,
    startsAt: state === 'draft' ? 0 : 1_800_000_000,
    endsAt: state === 'draft' ? 0 : 1_800_000_000 + 14 * 86400,
    winner: state === 'ended' ? 1 : -1,
    endedBy: state === 'ended' ? 'editor' : '',
    variants: images.map((image, index) => ({
      index,
      image,
      impressions: 40 + index,
      taps: 10 + index,
      visitors: 30 + index,
      readers: 5 + index,
      share: (5 + index) / (30 + index),
      chaptersPerReader: 1.5,
      tapShare: (10 + index) / (30 + index),
      readingSecondsPerReader: 300 + 60 * index,
    })),
    confidence: { kind: 'not-enough', needVisitors: 70 },
    version,
  };
}

/** The cover test's lifecycle paths on the real console screen (/cover-tests/1): add a variant, start, pick a winner, discard, refusals and conflicts. */
describe('console cover test (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let clock = manualConsoleClock();
  let version = 1;
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  const button = (name: string | RegExp) => screen.queryByRole('button', { name });

  it('draft, running, ended; variants, refusals and conflicts', async () => {
    await runUiModel(
      coverTestMachine,
      {
        name: 'consoleCoverTest',
        events: COVER_TEST_EVENTS,
        serializeState: byCoverStatus,
        sequences: () => edgeSequences(coverTestMachine, COVER_TEST_EVENTS, { serializeState: byCoverStatus }),
      },
      () => ({
        render: async () => {
          clock = manualConsoleClock();
          version = 1;
          net.pending.length = 0;
          window.history.replaceState(null, '', '/console/cover-tests/1');
          render(<App clock={clock} />);
          await net.answer('GET', '/session', 200, session);
        },
        events: {
          'test.loaded': async (e) => {
            version++;
            // A running test is read again on the screen's timer; the first read and a reload read it at once.
            if (!net.has('GET', '/cover-tests/1')) act(() => clock.tick());
            await net.answer('GET', '/cover-tests/1', 200, coverTest(e.status as CoverTestStatus, e.variants as number, version));
          },
          'variant.add': () => {
            const input = screen.getByLabelText('Add a variant image…');
            fireEvent.change(input, { target: { files: [new File([new Uint8Array([1, 2, 3])], 'b.png', { type: 'image/png' })] } });
          },
          'test.start': () => fireEvent.click(button('Start the test')!),
          'test.end': () => fireEvent.click(button('Pick variant B as the winner')!),
          'test.discard': () => fireEvent.click(button('Discard the test')!),
          'save.done': (e) =>
            answerWrite(net, /^\/cover-tests\/1/, 200, coverTest(e.status as CoverTestStatus, e.variants as number, ++version)),
          'save.failed': async (e) => {
            await answerWrite(net, /^\/cover-tests\/1/, 409, problem(409, e.code as string));
            await screen.findByText("The test's state does not allow this any more. Reload to see it.");
          },
          'save.conflict': () => answerWrite(net, /^\/cover-tests\/1/, 409, problem(409, 'conflict', { current: {} })),
          'conflict.reload': () => fireEvent.click(button('Reload')!),
        },
        check: (s) => {
          const v = s.value as string;
          if (v === 'loading') return;
          screen.getByText(STATE_TEXT[v]);
          const c = s.context as CoverTestContext;
          // The figures are shown in every state: one row per variant.
          screen.getByRole('columnheader', { name: 'Reading share' });
          screen.getByRole('columnheader', { name: 'Reading time per reader' });
          if (v === 'draft' && !button('Start the test')) throw new Error('no start in a draft');
          if (v === 'running' && !button('Pick variant A as the winner')) throw new Error('no pick while running');
          if (v === 'ended' && (button('Start the test') || button(/^Pick variant/))) throw new Error('still editable');
          if (v === 'ended' && !screen.queryByText(/^Variant B won, picked by an editor/)) throw new Error('no winner said');
          if (v === 'conflict' && !button('Reload')) throw new Error('no Reload');
          if (c.problem === 'too-few-variants' && !screen.queryByText(/^Add a second image first/))
            throw new Error('the rule is not shown');
          if (c.problem === 'too-many-variants' && !screen.queryByText('A test holds three variants at most.'))
            throw new Error('the limit is not shown');
        },
      }),
    );
  });

  it("a banner test: named by its banner; with no title, reading share does not apply and the period's winner is by tap share", async () => {
    window.history.replaceState(null, '', '/console/cover-tests/1');
    render(<App clock={manualConsoleClock()} />);
    await net.answer('GET', '/session', 200, session);
    const ended = coverTest('ended', 2, 3);
    await net.answer('GET', '/cover-tests/1', 200, {
      ...ended,
      slot: 'banner',
      bannerId: 2,
      titleId: 0,
      titleName: '',
      measure: 'taps',
      endedBy: 'period',
    } satisfies CoverTest);
    await screen.findByRole('heading', { name: 'Cover test: Banner 2 · Home banner' });
    screen.getByText(/^This banner leads to no title: reading share does not apply/);
    screen.getByText(/^Variant B won by tap share when the period ended/);
    const row = screen.getByRole('row', { name: /^Variant A/ });
    // Tap share 10/30; readers, reading share, chapters and reading time: not applicable.
    expect(row.textContent).toContain('33.3%');
    expect(row.textContent?.match(/—/g)).toHaveLength(4);
  });
});
