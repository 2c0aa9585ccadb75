import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { draftPublishMachine, type SeriesReaders } from '../../machines/console/draftPublishMachine';
import type { Series, TitleFull } from '../../core/console/schemas/catalog';
import { App } from '../../console/app/App';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { DRAFT_PUBLISH_EVENTS, byReadersState } from './draftPublishEvents';
import { manualConsoleClock, problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { answerWrite } from './consoleCatalogFixture';
import { runUiModel } from './uiModel';

const editor = { id: '2', email: 'eve@example.com', name: 'Eve Editor', roles: ['editor'], languages: [] as string[] };
const session = { member: editor, session: { id: 's', idleExpiresAt: 0, expiresAt: 0, reauthUntil: 0 } };
/** 19:00 on 1 March 2030 in Tokyo, the date the editor types: 10:00 UTC is what the server is sent. */
const SOON_AT = Date.UTC(2030, 2, 1, 10) / 1000;

const PUBLISHER = { id: 1, name: 'Harbour Press', logo: '', banner: '', seriesCount: 1, version: 1 };

const title = (id: number, language: string, readers: SeriesReaders): TitleFull => ({
  id,
  seriesId: 1,
  language,
  name: `Harbour ${language}`,
  author: '',
  overview: '',
  viewingPeriod: '',
  nonAppearance: '',
  isNew: false,
  images: { portrait: '', landscape: '', background: '', favorite: '' },
  version: 1,
  readers,
  soonAt: readers === 'soon' ? SOON_AT : 0,
  soonText: readers === 'soon' ? 'Every Friday' : '',
});

/** The series as the server answers it in this state: a draft has a draft title (beside one already coming soon). */
function series(readers: SeriesReaders, version: number): Series {
  return {
    id: 1,
    slug: 'harbour',
    publisherId: 1,
    label: 0,
    status: 'ongoing',
    releaseSchedule: 0,
    updateTiming: 0,
    rating: 0,
    simulrelease: false,
    rightToLeft: true,
    viewerMode: 'any',
    tags: [],
    createdAt: 1_700_000_000,
    version,
    titles: [title(11, 'en', readers), title(12, 'ja', readers === 'draft' ? 'soon' : readers)],
  };
}

const readersPanel = () => within(screen.getByRole('region', { name: 'What readers see' }));
const button = (name: string) => readersPanel().queryByRole('button', { name });
const WRITE = /^\/series\/1\/(un)?publish$/;

function expectButton(name: string, sending: boolean) {
  const b = button(name) as HTMLButtonElement | null;
  if (!b) throw new Error(`no ${name} button`);
  if (b.disabled !== sending) throw new Error(`${name} ${sending ? 'not off while sending' : 'off'}`);
  const reason = b.getAttribute('aria-describedby');
  if (sending && document.getElementById(reason ?? '')?.textContent !== en['console.readers.sending']) throw new Error('no reason');
}

function expectNone(...names: string[]) {
  for (const n of names) if (button(n)) throw new Error(`${n} offered`);
}

/** What the user sees in each state of the machine. */
function check(s: { value: unknown; context: unknown }) {
  const v = s.value as string;
  const ctx = s.context as { readers: SeriesReaders; problem: string | null };
  if (v === 'loading') return;
  if (v === 'conflict') {
    readersPanel().getByText(new RegExp(`^${en['console.readers.conflict']}`));
    if (!button('Reload')) throw new Error('no Reload');
    return expectNone('Publish as coming soon', 'Back to draft');
  }
  if (ctx.problem) readersPanel().getByText(en['console.problem.validation']);
  else if (readersPanel().queryByRole('alert')?.textContent) throw new Error('a problem still shown');
  if (v === 'draft' || v === 'publishing') {
    expectButton('Publish as coming soon', v === 'publishing');
    expectNone('Back to draft');
  } else if (v === 'soon' || v === 'unpublishing') {
    expectButton('Back to draft', v === 'unpublishing');
    expectNone('Publish as coming soon');
  } else {
    readersPanel().getByText(en['console.readers.liveLocked']);
    expectNone('Publish as coming soon', 'Back to draft');
  }
  // The list says the same of the English title as the machine does of the series.
  if (v === 'draft' || v === 'soon' || v === 'live') {
    const shown = document.querySelector('[data-readers]')?.getAttribute('data-readers');
    if (shown !== v) throw new Error(`the list shows ${shown}`);
  }
}

/** The draft/publish lifecycle's paths on the real series editor (/series/1): publish as coming soon, back to draft, live, refusals, conflicts. */
describe('console draft and coming soon (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let version = 1;
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  /** The screen reads the series: answered when it is asking (its first read, a reload); else the editor saves the series form, which reads it again. */
  const answerSeries = async (readers: SeriesReaders) => {
    if (!net.has('GET', '/series/1')) {
      // The series form chooses among the publishers (read with each new version of the form).
      while (net.has('GET', '/publishers')) await net.answer('GET', '/publishers', 200, { publishers: [PUBLISHER] });
      const form = within(screen.getByRole('form', { name: 'Series' }));
      await form.findByRole('option', { name: 'Harbour Press' });
      fireEvent.click(form.getByRole('button', { name: 'Save' }));
      await net.answer('PATCH', '/series/1', 200, series(readers, version));
    }
    await net.answer('GET', '/series/1', 200, series(readers, ++version));
  };
  /** Twice clicked, sent once. */
  const sentOnce = () => {
    if (net.pending.filter((p) => p.method === 'POST' && WRITE.test(p.path)).length !== 1) throw new Error('not sent exactly once');
  };

  it('draft, publishing, coming soon, back to draft, live; refusals and conflicts', async () => {
    await runUiModel(
      draftPublishMachine,
      {
        name: 'consoleDraftPublish',
        events: DRAFT_PUBLISH_EVENTS,
        serializeState: byReadersState,
        sequences: () => edgeSequences(draftPublishMachine, DRAFT_PUBLISH_EVENTS, { serializeState: byReadersState }),
      },
      () => ({
        render: async () => {
          version = 1;
          net.pending.length = 0;
          window.history.replaceState(null, '', '/console/series/1');
          render(<App clock={manualConsoleClock()} />);
          await net.answer('GET', '/session', 200, session);
        },
        events: {
          'series.loaded': (e) => answerSeries(e.readers as SeriesReaders),
          'publish.submit': () => {
            const form = within(screen.getByRole('form', { name: 'Publish as coming soon' }));
            fireEvent.change(form.getByLabelText('Time zone'), { target: { value: 'Asia/Tokyo' } });
            fireEvent.change(form.getByLabelText('Coming on'), { target: { value: '2030-03-01T19:00' } });
            fireEvent.change(form.getByLabelText(/^Schedule shown to readers/), { target: { value: 'Every Friday' } });
            fireEvent.click(form.getByRole('button', { name: 'Publish as coming soon' }));
            fireEvent.click(form.getByRole('button', { name: 'Publish as coming soon' }));
            sentOnce();
            const sent = net.pending.find((p) => p.method === 'POST')?.body as { soonAt: number; soonText: string };
            if (sent.soonAt !== SOON_AT || sent.soonText !== 'Every Friday') throw new Error(`sent ${JSON.stringify(sent)}`);
          },
          'unpublish.submit': () => {
            fireEvent.click(button('Back to draft')!);
            fireEvent.click(button('Back to draft')!);
            sentOnce();
          },
          'save.done': async (e) => {
            const readers = e.readers as SeriesReaders;
            await answerWrite(net, WRITE, 200, series(readers, ++version));
            // The screen reads the series again after the write: the same state.
            await net.answer('GET', '/series/1', 200, series(readers, ++version));
          },
          'save.failed': () => answerWrite(net, WRITE, 400, problem(400, 'validation')),
          'save.conflict': () => answerWrite(net, WRITE, 409, problem(409, 'conflict', { current: series('live', 99) })),
          'conflict.reload': () => fireEvent.click(button('Reload')!),
        },
        check,
      }),
    );
  });
});
