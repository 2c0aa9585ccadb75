import { useState, type KeyboardEvent } from 'react';
import type { Chapter } from '../../../core/console/schemas/catalog';
import type { BoardPage, PageBoardEvent } from '../../../machines/console/pageBoardMachine';
import { API_BASE } from '../../api/client';
import { t } from '../../i18n';
import { Problem } from '../../ui/ui';
import { PageCard } from './PageCard';
import { usePageBoard } from './usePageBoard';

const thumbSrc = (url: string) => (url.startsWith('/console/') ? url : `${API_BASE}${url}`);

/**
 * The board's keyboard: Space or Enter grabs a page and drops it, the
 * arrows move it (forward is left in a right-to-left series), Escape puts
 * it back; the grab and the cancel are announced here, the moves by the machine.
 */
function keyHandler(
  board: { pages: readonly BoardPage[]; grabbed: string | null; rtl: boolean },
  send: (e: PageBoardEvent) => void,
  announce: (text: string) => void,
) {
  const { pages, grabbed, rtl } = board;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  return (e: KeyboardEvent, id: string) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      if (grabbed === id) send({ type: 'page.drop' });
      else if (!grabbed) {
        send({ type: 'page.grab', id });
        announce(t('console.board.grabbed', { position: pages.findIndex((p) => p.id === id) + 1, total: pages.length }));
      }
    } else if (grabbed === id && (e.key === forward || e.key === 'ArrowDown')) {
      e.preventDefault();
      send({ type: 'page.move', by: 1 });
    } else if (grabbed === id && (e.key === back || e.key === 'ArrowUp')) {
      e.preventDefault();
      send({ type: 'page.move', by: -1 });
    } else if (grabbed === id && e.key === 'Escape') {
      send({ type: 'page.cancel' });
      announce(t('console.board.cancelled'));
    }
  };
}

/**
 * The page board: thumbnails in reading order (right to left for a
 * right-to-left series), reordered by drag or by keyboard (Space grabs,
 * arrows move, Space drops, Escape puts back; every move is announced),
 * pages typed, removed, replaced or inserted.
 */
export function PageBoard({ chapter, onChapter }: { chapter: Chapter; onChapter: (c: Chapter) => void }) {
  const { snap, send, announcement, announce } = usePageBoard(chapter, onChapter);
  const [dragged, setDragged] = useState<string | null>(null);
  const { pages, grabbed, problem } = snap.context;
  const byId = new Map(chapter.pages.map((p) => [String(p.id), p]));
  const rtl = chapter.rightToLeft;
  const busy = !snap.matches('viewing') && !snap.matches('moving');
  const onKey = keyHandler({ pages, grabbed, rtl }, send, announce);

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
