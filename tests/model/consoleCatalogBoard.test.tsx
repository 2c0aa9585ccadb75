import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { pageBoardMachine } from '../../machines/console/pageBoardMachine';
import { setMessages } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { problem, scriptedConsoleApi } from './consoleApi';
import { edgeSequences } from './consoleCatalogEdges';
import { PAGE_BOARD_EVENTS, byValue } from './consoleCatalogEvents';
import { answerWrite, catalogEnv, chapter, file, openChapter, PAGES, region } from './consoleCatalogFixture';
import { runUiModel } from './uiModel';
import { until } from './until';

const NAMES: Record<string, string> = { '1': '001.png', '2': '002.png', '3': '003.png' };
const board = () => region(/^Pages \(/);
const card = (id: string) => within(thumb(id).closest('li')!);
const thumb = (id: string) => board().getByRole('button', { name: new RegExp(`: ${NAMES[id].replace('.', '\\.')}$`) });

/** The page board's paths on the real chapter screen (a right-to-left series): keyboard and drag moves, type, remove, insert, refusals, conflicts. */
describe('console page board (model paths on the real console UI)', () => {
  const net = scriptedConsoleApi();
  let c = catalogEnv();
  let version = 1;
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  const answered = () => chapter({ version: ++version });
  const PUT_PAGES = /^\/chapters\/1\/pages$/;
  const uploading = () => !net.pending.some((p) => p.method === 'PUT');
  const processAnswered = async (status: number, body: unknown) => {
    c.upload.emit((on) => on.sent('new.png', 'u9'));
    return answerWrite(net, /^\/chapters\/1\/process$/, status, body);
  };

  it('loading, viewing, moving, saving, conflict', async () => {
    await runUiModel(
      pageBoardMachine,
      {
        name: 'consolePageBoard',
        events: PAGE_BOARD_EVENTS,
        serializeState: byValue,
        sequences: () => edgeSequences(pageBoardMachine, PAGE_BOARD_EVENTS, { serializeState: byValue }),
      },
      () => ({
        render: async () => {
          c = catalogEnv();
          version = 1;
          await openChapter(net, c.env, null);
        },
        events: {
          'board.loaded': () => net.answer('GET', '/chapters/1', 200, chapter({ version: ++version })),
          'page.grab': (e) => {
            thumb(e.id as string).focus();
            fireEvent.keyDown(thumb(e.id as string), { key: ' ' });
          },
          // Right to left: the left arrow moves a page later.
          'page.move': () => fireEvent.keyDown(board().getByRole('button', { pressed: true }), { key: 'ArrowLeft' }),
          'page.drop': () => fireEvent.keyDown(board().getByRole('button', { pressed: true }), { key: ' ' }),
          'page.cancel': () => fireEvent.keyDown(board().getByRole('button', { pressed: true }), { key: 'Escape' }),
          'page.drag': (e) => {
            fireEvent.dragStart(thumb(e.id as string).closest('li')!);
            fireEvent.drop(board().getAllByRole('listitem')[e.to as number]);
          },
          'page.remove': (e) => fireEvent.click(card(e.id as string).getByRole('button', { name: /^Remove page/ })),
          'page.setType': (e) =>
            e.id === '3' && e.pageType === 'SINGLE'
              ? fireEvent.click(card('3').getByRole('button', { name: /^Page 3 was made a double page/ }))
              : fireEvent.change(card(e.id as string).getByRole('combobox'), { target: { value: e.pageType } }),
          'page.upload': (e) => {
            const input = board().getAllByLabelText('Insert before')[e.at as number];
            fireEvent.change(input, { target: { files: [file('new.png')] } });
          },
          'save.done': async () => {
            if (!uploading()) return void (await answerWrite(net, PUT_PAGES, 200, answered()));
            // An inserted page: the upload is sent, processed as a job, and the board read again once it is done.
            const sent = await processAnswered(202, chapter({ version, job: { state: 'queued', done: 0, total: 1 } }));
            expect(sent.body).toMatchObject({ uploads: ['u9'], before: 2 });
            act(() => c.clock.tick());
            await net.answer('GET', '/chapters/1', 200, answered());
          },
          'save.failed': async (e) => {
            if (!uploading()) await answerWrite(net, PUT_PAGES, 404, problem(404, e.code as string));
            else c.upload.emit((on) => on.failed('new.png', e.code as string));
            // The board is back as it was, with the reason.
            await board().findByText('Not found.');
          },
          'save.conflict': async () => {
            const body = problem(409, 'conflict', { current: answered() });
            if (!uploading()) await answerWrite(net, PUT_PAGES, 409, body);
            else await processAnswered(409, body);
          },
          'conflict.reload': () => fireEvent.click(board().getByRole('button', { name: 'Reload' })),
        },
        check: (s) => {
          const v = s.value as string;
          if (v === 'loading') {
            if (screen.queryByRole('region', { name: /^Pages \(/ }) && board().queryByRole('button', { name: 'Reload' }))
              throw new Error('still in conflict');
            return;
          }
          const list = board().getByRole('list');
          const busy = list.getAttribute('aria-busy') === 'true';
          if (busy !== (v === 'saving' || v === 'conflict')) throw new Error(`busy ${busy} in ${v}`);
          const grabbed = board().queryByRole('button', { pressed: true });
          if ((v === 'moving') !== !!grabbed) throw new Error(`grabbed ${!!grabbed} in ${v}`);
          if (v === 'conflict' && !board().queryByRole('button', { name: 'Reload' })) throw new Error('no Reload');
        },
      }),
    );
  });

  it('announces each keyboard move for screen readers', async () => {
    c = catalogEnv();
    await openChapter(net, c.env);
    // The panel shows while the board still loads (Pages (0), busy): wait for the pages themselves.
    await screen.findByRole('region', { name: /^Pages \(3\)/ });
    thumb('1').focus();
    fireEvent.keyDown(thumb('1'), { key: ' ' });
    expect(await screen.findByText('Page grabbed, position 1 of 3.')).toBeTruthy();
    fireEvent.keyDown(thumb('1'), { key: 'ArrowLeft' });
    expect(await screen.findByText('Moved to position 2 of 3.')).toBeTruthy();
    fireEvent.keyDown(thumb('1'), { key: ' ' });
    const put = await answerWrite(net, /^\/chapters\/1\/pages$/, 200, chapter({ version: 2 }));
    expect(put.body).toEqual({ order: [2, 1, 3], version: 1 });
  });

  it('a wide page is a double page as processed, undone with one click and made double again with another', async () => {
    c = catalogEnv();
    await openChapter(net, c.env);
    await screen.findByRole('region', { name: /^Pages \(3\)/ });
    expect(PAGES[2]).toMatchObject({ suggestDouble: true, type: 3 });
    expect(card('3').getByText('Wide: made a double page')).toBeTruthy();
    expect(card('3').getByRole<HTMLSelectElement>('combobox').value).toBe('DOUBLE');
    // Narrow pages say nothing of it.
    expect(card('1').queryByText(/^Wide/)).toBeNull();
    expect(card('1').queryByRole('button', { name: /double page/ })).toBeNull();
    fireEvent.click(card('3').getByRole('button', { name: 'Page 3 was made a double page because it is wide: make it a single page' }));
    const undo = await answerWrite(net, PUT_PAGES, 200, chapter({ version: 2, pages: [PAGES[0], PAGES[1], { ...PAGES[2], type: 0 }] }));
    expect(undo.body).toEqual({ order: [1, 2, 3], types: { 3: 0 }, version: 1 });
    await until(() => card('3').getByRole<HTMLSelectElement>('combobox').value === 'SINGLE', 'page 3 single');
    expect(card('3').getByText('Wide: not a double page')).toBeTruthy();
    fireEvent.click(card('3').getByRole('button', { name: 'Make page 3 a double page' }));
    const redo = await answerWrite(net, PUT_PAGES, 200, chapter({ version: 3 }));
    expect(redo.body).toEqual({ order: [1, 2, 3], types: { 3: 3 }, version: 2 });
    await card('3').findByText('Wide: made a double page');
  });
});
