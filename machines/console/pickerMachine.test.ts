import { describe, expect, it } from 'vitest';
import { pickerMachine } from './pickerMachine';
import { A, B, PICKER_EVENTS, PICKER_INPUTS, pickerSequences, pickerState } from '../../tests/model/consolePickerPaths';
import { actionLog, after, expectFullCoverage, machinePaths } from '../../tests/model/machineTestkit';

describe('pickerMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'consolePicker',
      pickerMachine,
      machinePaths(pickerMachine, {
        inputs: PICKER_INPUTS,
        events: PICKER_EVENTS,
        serializeState: pickerState,
        sequences: pickerSequences,
      }),
    );
  });

  it('asks for what is typed, lists only the answer to the last question, and chooses with the keys', () => {
    const log = actionLog('search', 'choose');
    const m = pickerMachine.provide({ actions: log.actions });
    const s = after(m, { chosen: null }, [
      { type: 'query.typed', text: 'bl' },
      { type: 'query.typed', text: 'bla' },
      // The answer to "bl" comes after "bla" was asked: dropped.
      { type: 'search.answered', query: 'bl', items: [A], more: false },
    ]);
    expect(s.value).toBe('searching');
    expect(log.calls).toEqual([
      ['search', { text: 'bl' }],
      ['search', { text: 'bla' }],
    ]);
    const chosen = after(m, { chosen: null }, [
      { type: 'query.typed', text: 'bla' },
      { type: 'search.answered', query: 'bla', items: [A, B], more: true },
      { type: 'option.moved', to: 'next' },
      { type: 'option.moved', to: 'next' },
      { type: 'option.moved', to: 'last' },
      { type: 'option.chosen' },
    ]);
    expect([chosen.value, chosen.context.chosen, chosen.context.query]).toEqual(['chosen', B, '']);
    expect(log.calls.at(-1)).toEqual(['choose', { item: B }]);
    // The keys wrap round: down from the last is the first, up from the first the last.
    const wrapped = after(m, { chosen: null }, [
      { type: 'query.typed', text: 'bla' },
      { type: 'search.answered', query: 'bla', items: [A, B], more: false },
      { type: 'option.moved', to: 'previous' },
    ]);
    expect(wrapped.context.active).toBe(1);
  });

  it('Escape puts back the choice made before; clearing leaves none and tells the form', () => {
    const log = actionLog('search', 'choose');
    const m = pickerMachine.provide({ actions: log.actions });
    const back = after(m, { chosen: A }, [{ type: 'query.typed', text: 'zz' }, { type: 'list.closed' }]);
    expect([back.value, back.context.chosen, back.context.items]).toEqual(['chosen', A, []]);
    const cleared = after(m, { chosen: A }, [{ type: 'choice.cleared' }]);
    expect([cleared.value, cleared.context.chosen]).toEqual(['idle', null]);
    expect(log.calls.at(-1)).toEqual(['choose', { item: null }]);
  });

  it('an empty text asks nothing, unless the list makes sense empty (a title chapters)', () => {
    expect(after(pickerMachine, { chosen: null }, [{ type: 'query.typed', text: '  ' }]).value).toBe('idle');
    expect(after(pickerMachine, { chosen: null }, [{ type: 'list.opened' }]).value).toBe('idle');
    expect(after(pickerMachine, { chosen: null, searchBlank: true }, [{ type: 'list.opened' }]).value).toBe('searching');
  });

  it('a failed search says why, and opening the list again asks again', () => {
    const s = after(pickerMachine, { chosen: null }, [
      { type: 'query.typed', text: 'bla' },
      { type: 'search.failed', query: 'bla', code: 'forbidden' },
    ]);
    expect([s.value, s.context.problem]).toEqual(['failed', 'forbidden']);
    const again = after(pickerMachine, { chosen: null }, [
      { type: 'query.typed', text: 'bla' },
      { type: 'search.failed', query: 'bla', code: 'forbidden' },
      { type: 'list.opened' },
    ]);
    expect([again.value, again.context.problem]).toEqual(['searching', null]);
  });
});
