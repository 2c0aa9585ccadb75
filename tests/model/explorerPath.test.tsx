import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AnyActorRef } from 'xstate';
import { favoriteToggleMachine } from '../../machines/favoriteToggleMachine';
import { addInspectionListener } from '../../web/inspector';
import { takenKeys } from '../../src/screens/machines/machineReplay';
import { foundAsRecordedPath, pathToTransition } from '../../src/screens/machines/pathToEdge';
import { offeredEvents, presetInputs } from '../../src/screens/machines/presets';
import { FavoriteToggle } from '../../src/screens/title/FavoriteToggle';
import { installGate, type Gate } from './gate';
import { useRealApi } from './realApi';
import { recordedOptions } from './recordedPath';
import { loadTestMessages } from './shellHelpers';

/**
 * The explorer's "path to any edge", run against the UI: for a copy of the
 * favorite toggle's coverage that lacks an edge, the path the explorer
 * generates (and exports: the same function, tests/e2e/explorerCoverage.test.ts
 * checks the file equals it) is performed on the real toggle with the real
 * API, and the app's own actor takes that edge.
 */
describe('a path the explorer generates to an uncovered edge', () => {
  const api = useRealApi();
  let gate: Gate;
  beforeEach(() => {
    loadTestMessages();
    gate = installGate(/\/api\/title_list\/bookmark/);
  });
  afterEach(() => {
    gate.uninstall();
    cleanup();
  });

  for (const key of ['favoriteToggle.unsubscribing favorite.failed#0', 'favoriteToggle.subscribing favorite.done#0'])
    it(`reaches ${key} in the UI`, async () => {
      const found = pathToTransition(
        favoriteToggleMachine,
        key,
        presetInputs('favoriteToggle'),
        offeredEvents('favoriteToggle', favoriteToggleMachine.events),
      );
      expect(found).not.toBeNull();
      const path = foundAsRecordedPath('favoriteToggle', found!);
      const { inputs, sequences } = recordedOptions(path);
      const taken: string[] = [];
      const stop = addInspectionListener((e) => {
        const logic = (e.actorRef as AnyActorRef & { logic?: { id?: string } }).logic;
        if (logic?.id === favoriteToggleMachine.id) taken.push(...takenKeys(e));
      });
      try {
        const input = inputs![0] as { subscribed: boolean };
        render(<FavoriteToggle titleId={api.catalog.titles[2].id} subscribed={input.subscribed} />);
        const actions: Record<string, () => unknown> = {
          'favorite.toggle': () => fireEvent.click(screen.getByRole('button')),
          'favorite.done': () => gate.release('pass'),
          'favorite.failed': () => gate.release('fail'),
          'error.dismiss': () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
        };
        for (const [i, event] of ((sequences as unknown[][])[0] as Array<{ type: string }>).entries()) {
          if (event.type === 'favorite.done' || event.type === 'favorite.failed') await waitFor(() => expect(gate.pending()).toBe(1));
          await actions[event.type]();
          const want = path.steps[i].value as string;
          const busy = want === 'subscribing' || want === 'unsubscribing';
          await waitFor(() =>
            expect(screen.getByRole<HTMLButtonElement>('button', { name: busy ? 'LOADING' : /favorite/i }).disabled).toBe(busy),
          );
        }
        await waitFor(() => expect(taken).toContain(key));
      } finally {
        stop();
      }
    });
});
