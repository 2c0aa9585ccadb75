import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import { pickerMachine, type PickerItem } from '../../../machines/console/pickerMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { useLatest } from '../machineEffects';

/** A page of a picker's search: the options, and whether more match than those. */
export interface Found<T> {
  items: readonly T[];
  more: boolean;
}

/**
 * A picker's machine (machines/console/pickerMachine.ts) with its effects: the
 * search asked of the server, the choice told to the form. `known` is the
 * chosen option as the form holds it (loaded by id when an existing record is
 * opened): when it changes from outside, the picker shows it.
 */
export function usePicker<T extends PickerItem>(o: {
  search: (text: string) => Promise<Found<T>>;
  onChoose: (item: T | null) => void;
  known: T | null;
  searchBlank?: boolean;
}) {
  const latest = useLatest(o);
  const machine = useMemo(
    () =>
      pickerMachine.provide({
        actions: {
          search: ({ self }, { text }) =>
            void latest.current.search(text).then(
              (r) => self.send({ type: 'search.answered', query: text, items: r.items, more: r.more }),
              (e: unknown) => self.send({ type: 'search.failed', query: text, code: problemCode(e) }),
            ),
          choose: (_, { item }) => latest.current.onChoose(item as T | null),
        },
      }),
    [latest],
  );
  const [state, send] = useMachine(machine, { input: { chosen: o.known, searchBlank: o.searchBlank ?? false }, inspect });
  const chosenId = state.context.chosen?.id ?? null;
  const knownId = o.known?.id ?? null;
  useEffect(() => {
    if (knownId !== chosenId) send({ type: 'choice.known', item: latest.current.known });
    // Only a change of the form's value from outside (not each choice made here, which the form then holds).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the id the form holds
  }, [knownId]);
  return { state, send, items: state.context.items as readonly T[], chosen: state.context.chosen as T | null };
}
