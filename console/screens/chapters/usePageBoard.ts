import { useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import type { Chapter, BoardPage as ServerPage } from '../../../core/console/schemas/catalog';
import { pageBoardMachine, type BoardPage, type PageBoardEvent, type PageType } from '../../../machines/console/pageBoardMachine';
import { inspect } from '../../../web/inspector';
import { problemCode } from '../../api/client';
import { t } from '../../i18n';
import { answered, useLatest } from '../../ui/machineEffects';
import { useCatalogEnv, type CatalogEnv } from './env';
import { followJob } from './job';
import { processUploads, readChapter, savePages } from './chapterApi';

const PAGE_TYPES: readonly PageType[] = ['SINGLE', 'LEFT', 'RIGHT', 'DOUBLE'];
const toBoard = (pages: readonly ServerPage[]): BoardPage[] =>
  pages.map((p) => ({ id: String(p.id), type: PAGE_TYPES[p.type] ?? 'SINGLE' }));

type Latest = { readonly current: { chapter: Chapter; onChapter: (c: Chapter) => void } };
type Self = { send: (e: PageBoardEvent) => void };
type Upload = { mode: 'insert' | 'replace'; at: number; file: unknown };

/** The written board adopted: the screen takes the chapter, the machine its pages and version. */
function adopt(latest: Latest, self: Self, c: Chapter) {
  latest.current.onChapter(c);
  self.send({ type: 'save.done', pages: toBoard(c.pages), version: c.version });
}

/**
 * One page sent (tus) and processed in place of the page at `at`, or before
 * it (after the last: appended); the job followed until the board has it.
 */
function uploadPage(env: CatalogEnv, latest: Latest, stopJob: { current: () => void }, self: Self, { mode, at, file }: Upload) {
  const id = latest.current.chapter.id;
  const target = latest.current.chapter.pages[at]?.id;
  const fail = (code: string) => self.send({ type: 'save.failed', code });
  const u = env.makeUploader(id, {
    progress: () => {},
    failed: (_f, code) => fail(code),
    offline: () => {},
    online: () => u.retry(),
    complete: () => {},
    sent: (_f, uploadId) => {
      const where = mode === 'replace' ? { replace: target } : target === undefined ? {} : { before: target };
      processUploads(latest.current.chapter, [uploadId], where).then(
        () => {
          stopJob.current = followJob(env.clock, id, {
            progress: () => {},
            done: (c) => {
              stopJob.current();
              u.close();
              adopt(latest, self, c);
            },
            failed: (code) => {
              stopJob.current();
              fail(code);
            },
          });
        },
        (e: unknown) => (problemCode(e) === 'conflict' ? self.send({ type: 'save.conflict' }) : fail(problemCode(e))),
      );
    },
  });
  if (u.add([file as File]).length === 0) fail('not-an-image');
  else u.start();
}

/** The page board machine's effects: each write of the board at the version last read, its answer told back. */
function provideBoard(
  env: CatalogEnv,
  latest: Latest,
  refs: { read: { current: boolean }; stopJob: { current: () => void } },
  announce: (text: string) => void,
) {
  const answer = (self: Self, write: Promise<Chapter>) =>
    answered(write, {
      done: (c) => adopt(latest, self, c),
      conflict: () => self.send({ type: 'save.conflict' }),
      failed: (code) => self.send({ type: 'save.failed', code }),
    });
  const put = (order: string[], types?: Record<string, number>) => savePages(latest.current.chapter, order, types);
  const loaded = (self: Self, c: Chapter) => self.send({ type: 'board.loaded', pages: toBoard(c.pages), version: c.version });
  return pageBoardMachine.provide({
    actions: {
      loadBoard: ({ self }) => {
        // The screen has just read the chapter; a reload (after a conflict) reads it again.
        if (!refs.read.current) {
          refs.read.current = true;
          return loaded(self, latest.current.chapter);
        }
        readChapter(latest.current.chapter.id).then(
          (c) => {
            latest.current.onChapter(c);
            loaded(self, c);
          },
          () => loaded(self, latest.current.chapter),
        );
      },
      saveOrder: ({ self }, p) => answer(self, put(p.order)),
      removePage: ({ self, context }, p) => answer(self, put(context.pages.filter((x) => x.id !== p.id).map((x) => x.id))),
      setPageType: ({ self, context }, p) =>
        answer(
          self,
          put(
            context.pages.map((x) => x.id),
            { [p.id]: PAGE_TYPES.indexOf(p.pageType) },
          ),
        ),
      uploadPage: ({ self }, p) => uploadPage(env, latest, refs.stopJob, self, p),
      announceMove: (_, p) => announce(t('console.board.moved', { position: p.position, total: p.total })),
    },
  });
}

/**
 * The page board (machines/console/pageBoardMachine.ts) with the real calls
 * and uploads, and what it says to screen readers (`announcement`, each move
 * and grab: the screen sets its own through `announce`).
 */
export function usePageBoard(chapter: Chapter, onChapter: (c: Chapter) => void) {
  const env = useCatalogEnv();
  const latest = useLatest({ chapter, onChapter });
  const [announcement, announce] = useState('');
  const stopJob = useRef<() => void>(() => {});
  const read = useRef(false);
  useEffect(() => () => stopJob.current(), []);
  // eslint-disable-next-line react-hooks/refs -- the effects read `read` and `stopJob` when the machine runs them (on events), never while rendering
  const machine = useMemo(() => provideBoard(env, latest, { read, stopJob }, announce), [env, latest]);
  const [snap, send] = useMachine(machine, { inspect });
  return { snap, send, announcement, announce };
}
