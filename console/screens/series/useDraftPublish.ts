import { useEffect, useMemo } from 'react';
import { useMachine } from '@xstate/react';
import type { Series } from '../../../core/console/schemas/catalog';
import { draftPublishMachine, seriesReaders, type DraftPublishEvent } from '../../../machines/console/draftPublishMachine';
import { inspect } from '../../../web/inspector';
import { t } from '../../i18n';
import { answered, useLatest } from '../../ui/machineEffects';
import { backToDraft, publishSoon } from './readersApi';

/** The screen's side: the series as last read, and what to do after a write (its notice, then read the series again; null: just read it). */
interface Latest {
  readonly current: { series: Series; onChanged: (notice: string | null) => void };
}
type Self = { send: (e: DraftPublishEvent) => void };

/** The machine's effects: each write at the version last read, its answer told back, the screen told to read the series again. */
function provideWrites(latest: Latest) {
  const answer = (self: Self, write: Promise<Series>, notice: string) =>
    answered(write, {
      done: (s) => {
        self.send({ type: 'save.done', readers: seriesReaders(s.titles), version: s.version });
        latest.current.onChanged(notice);
      },
      conflict: () => self.send({ type: 'save.conflict' }),
      failed: (code) => self.send({ type: 'save.failed', code }),
    });
  return draftPublishMachine.provide({
    actions: {
      publishSoon: ({ self }, p) =>
        answer(
          self,
          publishSoon({ id: latest.current.series.id, version: p.version }, p.soonAt, p.soonText),
          t('console.readers.published'),
        ),
      backToDraft: ({ self }, p) =>
        answer(self, backToDraft({ id: latest.current.series.id, version: p.version }), t('console.readers.unpublished')),
      reloadSeries: () => latest.current.onChanged(null),
    },
  });
}

/**
 * What readers see of a series and its editor's actions on it
 * (machines/console/draftPublishMachine.ts) with the real calls; every read
 * of the series the screen makes is told to the machine.
 */
export function useDraftPublish(series: Series, onChanged: (notice: string | null) => void) {
  const latest = useLatest({ series, onChanged });
  const machine = useMemo(() => provideWrites(latest), [latest]);
  const [snap, send] = useMachine(machine, { inspect });
  useEffect(() => {
    send({ type: 'series.loaded', readers: seriesReaders(series.titles), version: series.version });
  }, [series, send]);
  return { snap, state: snap.value as string, send };
}
