import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { PickTitle } from '../../core/console/schemas/pickers';
import { pickerMachine } from '../../machines/console/pickerMachine';
import { setMessages, t } from '../../console/i18n';
import en from '../../console/i18n/locales/en.json';
import { Combobox } from '../../console/ui/pickers/Combobox';
import { TitleOption } from '../../console/ui/pickers/options';
import { searchTitles } from '../../console/ui/pickers/pickerApi';
import { after } from './machineTestkit';
import { problem, scriptedConsoleApi } from './consoleApi';
import { PICKER_EVENTS, PICKER_INPUTS, pickerSequences, pickerState } from './consolePickerPaths';
import { runUiModel } from './uiModel';

const TITLES: Record<number, PickTitle> = {
  101: { id: 101, seriesId: 1, name: 'Blade Quest', language: 'en', languages: ['en', 'th'], cover: '/img/t/101/p.webp', released: true },
  102: { id: 102, seriesId: 1, name: 'ดาบพิชิต', language: 'th', languages: ['en', 'th'], cover: '/img/t/102/p.webp', released: false },
};

/** The picker as a form holds it: the choice it keeps, and two records an editor may open (the choice set from outside). */
function Form({ input }: { input: { chosen: { id: number } | null; searchBlank?: boolean } }) {
  const [known, setKnown] = useState<PickTitle | null>(input.chosen ? TITLES[input.chosen.id] : null);
  return (
    <>
      <Combobox<PickTitle>
        label="Title"
        search={searchTitles}
        known={known}
        onChoose={setKnown}
        searchBlank={input.searchBlank ?? false}
        textOf={(x) => x.name}
        render={(x) => <TitleOption item={x} />}
        noneText={(q) => t('console.picker.noTitle', { text: q })}
      />
      <button type="button" onClick={() => setKnown(TITLES[101])}>
        open a record pointing at 101
      </button>
      <button type="button" onClick={() => setKnown(null)}>
        open a new record
      </button>
    </>
  );
}

const field = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Title' });
const status = () =>
  field()
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The picker's paths (machines/console/pickerMachine.ts) on the real combobox: keys, pointer-free, scripted server. */
describe('the console picker (model paths on the real combobox)', () => {
  const net = scriptedConsoleApi();
  beforeAll(() => setMessages('en', en, en));
  beforeEach(() => net.install());
  afterEach(() => net.uninstall());

  it('idle, searching, results, empty, failed, chosen', async () => {
    await runUiModel(
      pickerMachine,
      {
        name: 'consolePicker',
        inputs: PICKER_INPUTS,
        events: PICKER_EVENTS,
        serializeState: pickerState,
        sequences: pickerSequences,
        // The clear button is there only while something is chosen.
        skipStep: (_from, e, input, before) =>
          e.type === 'choice.cleared' && after(pickerMachine, input as never, before as never).context.chosen === null,
      },
      (input) => ({
        render: () => {
          net.pending.length = 0;
          render(<Form input={input as { chosen: { id: number } | null }} />);
        },
        events: {
          'query.typed': (e) => {
            const text = e.text as string;
            // The same text again is no change a browser reports: type a letter, then take it back.
            if (field().value === text) fireEvent.change(field(), { target: { value: `${text}x` } });
            fireEvent.change(field(), { target: { value: text } });
          },
          'list.opened': () => fireEvent.keyDown(field(), { key: 'ArrowDown' }),
          'search.answered': async (e) => {
            const items = (e.items as { id: number }[]).map((x) => TITLES[x.id]);
            await net.answer('GET', /^\/pick\/titles\?/, 200, { items, next: e.more ? 20 : null });
          },
          'search.failed': async () => {
            await net.answer('GET', /^\/pick\/titles\?/, 500, problem(500, 'internal'));
          },
          'option.moved': () => fireEvent.keyDown(field(), { key: 'ArrowDown' }),
          'option.chosen': () => fireEvent.keyDown(field(), { key: 'Enter' }),
          'list.closed': () => fireEvent.blur(field()),
          'choice.cleared': () => fireEvent.click(screen.getByRole('button', { name: 'Clear Title' })),
          'choice.known': (e) =>
            fireEvent.click(screen.getByRole('button', { name: e.item ? 'open a record pointing at 101' : 'open a new record' })),
        },
        check: (s) => checkShown(s.value as string, s.context as { query: string; chosen: { id: number } | null }),
      }),
    );
  }, 120_000);
});

/** What a person sees in each state: the field's text, the list (and the option the keys are on), the status line. */
function checkShown(v: string, ctx: { query: string; chosen: { id: number } | null }) {
  const open = field().getAttribute('aria-expanded') === 'true';
  const options = screen.queryAllByRole('option');
  if ((v === 'results') !== open) throw new Error(`${v}: list ${open ? 'open' : 'closed'}`);
  if (v === 'results') {
    if (options.length === 0) throw new Error('results: no option listed');
    // (The option the keys are on is the one marked selected; which one, the graph's states do not tell apart.)
    const on = options.find((o) => o.getAttribute('aria-selected') === 'true');
    if (!on || field().getAttribute('aria-activedescendant') !== on.id) throw new Error('results: the keys are on no option');
    if (!status().includes('2 found')) throw new Error(`results: status "${status()}"`);
  }
  const want = { searching: 'Searching…', empty: `No title has “${ctx.query.trim()}” in its name.`, failed: 'The search failed.' }[v];
  if (want && !status().includes(want)) throw new Error(`${v}: status "${status()}", not "${want}"`);
  const shownText = v === 'chosen' && ctx.chosen ? TITLES[ctx.chosen.id].name : ctx.query;
  if (field().value !== shownText) throw new Error(`${v}: the field reads "${field().value}", not "${shownText}"`);
  const clear = screen.queryByRole('button', { name: 'Clear Title' });
  if (!!ctx.chosen !== !!clear) throw new Error(`${v}: the choice ${clear ? 'shown' : 'not shown'}`);
}
