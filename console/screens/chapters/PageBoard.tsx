import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useMachine } from '@xstate/react';
import type { Chapter, BoardPage as ServerPage } from '../../../core/console/schemas/catalog';
import { pageBoardMachine, type BoardPage, type PageType } from '../../../machines/console/pageBoardMachine';
import { inspect } from '../../../web/inspector';
import { call } from '../../api/call';
import { API_BASE, ConsoleProblem, problemCode } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { useCatalogEnv } from './env';
import { followJob } from './job';
import { PageCard } from './PageCard';

const PAGE_TYPES: readonly PageType[] = ['SINGLE', 'LEFT', 'RIGHT', 'DOUBLE'];
const toBoard = (pages: readonly ServerPage[]): BoardPage[] =>
  pages.map((p) => ({ id: String(p.id), type: PAGE_TYPES[p.type] ?? 'SINGLE' }));
const thumbSrc = (url: string) => (url.startsWith('/console/') ? url : `${API_BASE}${url}`);

/**
 * The page board: thumbnails in reading order (right to left for a
 * right-to-left series), reordered by drag or by keyboard (Space grabs,
 * arrows move, Space drops, Escape puts back; every move is announced),
 * pages typed, removed, replaced or inserted.
 */
export function PageBoard({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const env = useCatalogEnv();
  // The chapter as last read, for the machine's effects when they run (a write carries its version).
  const latest = useRef({ chapter, onChapter });
  useLayoutEffect(() => {
    latest.current = { chapter, onChapter };
  });
  const [announcement, setAnnouncement] = useState('');
  const stopJob = useRef<() => void>(() => {});
  const read = useRef(false);
  useEffect(() => () => stopJob.current(), []);
  const machine = useMemo(() => {
    const id = () => latest.current.chapter.id;
    type Self = { send: (e: Parameters<typeof pageBoardMachine.transition>[1]) => void };
    const answered = (self: Self, p: Promise<Chapter>) =>
      p.then(
        (c) => {
          latest.current.onChapter(c);
          self.send({ type: 'save.done', pages: toBoard(c.pages), version: c.version });
        },
        (e: unknown) =>
          e instanceof ConsoleProblem && e.code === 'conflict'
            ? self.send({ type: 'save.conflict' })
            : self.send({ type: 'save.failed', code: problemCode(e) }),
      );
    const put = (order: string[], types?: Record<string, number>) =>
      call('PUT /chapters/:id/pages', {
        params: { id: id() },
        body: { order: order.map(Number), ...(types ? { types } : {}), version: latest.current.chapter.version },
      });
    // eslint-disable-next-line react-hooks/refs -- the effects read `latest` when the machine runs them (on events), never while rendering
    return pageBoardMachine.provide({
      actions: {
        loadBoard: ({ self }) => {
          // The screen has just read the chapter; a reload (after a conflict) reads it again.
          if (!read.current) {
            read.current = true;
            const c = latest.current.chapter;
            return self.send({ type: 'board.loaded', pages: toBoard(c.pages), version: c.version });
          }
          call('GET /chapters/:id', { params: { id: id() } }).then(
            (c) => {
              latest.current.onChapter(c);
              self.send({ type: 'board.loaded', pages: toBoard(c.pages), version: c.version });
            },
            () =>
              self.send({ type: 'board.loaded', pages: toBoard(latest.current.chapter.pages), version: latest.current.chapter.version }),
          );
        },
        saveOrder: ({ self }, p) => void answered(self, put(p.order)),
        removePage: ({ self, context }, p) => void answered(self, put(context.pages.filter((x) => x.id !== p.id).map((x) => x.id))),
        setPageType: ({ self, context }, p) =>
          void answered(
            self,
            put(
              context.pages.map((x) => x.id),
              { [p.id]: PAGE_TYPES.indexOf(p.pageType) },
            ),
          ),
        uploadPage: ({ self }, p) => {
          const { mode, at, file } = p;
          const pages = latest.current.chapter.pages;
          const target = pages[at]?.id;
          const fail = (code: string) => self.send({ type: 'save.failed', code });
          const u = env.makeUploader(id(), {
            progress: () => {},
            failed: (_f, code) => fail(code),
            offline: () => {},
            online: () => u.retry(),
            complete: () => {},
            sent: (_f, uploadId) => {
              const where = mode === 'replace' ? { replace: target } : target === undefined ? {} : { before: target };
              call('POST /chapters/:id/process', {
                params: { id: id() },
                body: { uploads: [uploadId], ...where, version: latest.current.chapter.version },
              }).then(
                () => {
                  stopJob.current = followJob(env.clock, id(), {
                    progress: () => {},
                    done: (c) => {
                      stopJob.current();
                      u.close();
                      latest.current.onChapter(c);
                      self.send({ type: 'save.done', pages: toBoard(c.pages), version: c.version });
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
        },
        announceMove: (_, p) => setAnnouncement(t('console.board.moved', { position: p.position, total: p.total })),
      },
    });
  }, [env]);
  const [snap, send] = useMachine(machine, { inspect });
  const [dragged, setDragged] = useState<string | null>(null);
  const { pages, grabbed, problem } = snap.context;
  const byId = new Map(chapter.pages.map((p) => [String(p.id), p]));
  const rtl = chapter.rightToLeft;
  const busy = !snap.matches('viewing') && !snap.matches('moving');

  const onKey = (e: KeyboardEvent, id: string) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (grabbed === id) send({ type: 'page.drop' });
      else if (!grabbed) {
        send({ type: 'page.grab', id });
        setAnnouncement(t('console.board.grabbed', { position: pages.findIndex((p) => p.id === id) + 1, total: pages.length }));
      }
    } else if (grabbed === id && (e.key === forward || e.key === 'ArrowDown')) {
      e.preventDefault();
      send({ type: 'page.move', by: 1 });
    } else if (grabbed === id && (e.key === back || e.key === 'ArrowUp')) {
      e.preventDefault();
      send({ type: 'page.move', by: -1 });
    } else if (grabbed === id && e.key === 'Escape') {
      send({ type: 'page.cancel' });
      setAnnouncement(t('console.board.cancelled'));
    }
  };

  return (
    <section className="c-panel" aria-labelledby="board-title">
      <h2 id="board-title">{t('console.board.title', { count: pages.length })}</h2>
      <p id="board-help" className="c-field__hint">
        {t(rtl ? 'console.board.helpRtl' : 'console.board.help')}
      </p>
      <Problem code={problem} />
      {snap.matches('conflict') ? (
        <button type="button" className="c-button" onClick={() => send({ type: 'conflict.reload' })}>
          {t('console.common.reload')}
        </button>
      ) : null}
      <ol className="c-board" dir={rtl ? 'rtl' : 'ltr'} aria-busy={busy}>
        {pages.map((p, i) => {
          const page = byId.get(p.id);
          return (
            <PageCard
              key={p.id}
              index={i}
              total={pages.length}
              type={p.type}
              name={page?.name ?? ''}
              thumb={page ? thumbSrc(page.thumbUrl) : ''}
              suggestDouble={page?.suggestDouble ?? false}
              grabbed={grabbed === p.id}
              disabled={busy}
              onKeyDown={(e) => onKey(e, p.id)}
              onDragStart={() => setDragged(p.id)}
              onDrop={() => {
                if (dragged && dragged !== p.id) send({ type: 'page.drag', id: dragged, to: i });
                setDragged(null);
              }}
              onType={(pageType) => send({ type: 'page.setType', id: p.id, pageType })}
              onRemove={() => send({ type: 'page.remove', id: p.id })}
              onFile={(mode, file) => send({ type: 'page.upload', mode, at: i, file })}
            />
          );
        })}
      </ol>
      <p className="c-visually-hidden" role="status" aria-live="assertive">
        {announcement}
      </p>
    </section>
  );
}
