import { useState } from 'react';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import type { ViewerItem } from '../../../core/viewer/items';
import { saveBookmark, removeBookmark } from '../../features/pageBookmarks/pageBookmarks';
import { usePageBookmarks } from '../../features/pageBookmarks/usePageBookmarks';
import { t } from '../../i18n';
import { Modal } from '../../ui/Modal';
import type { ViewerSession } from '../../viewer/session/viewerSession';
import { positionOf } from '../history/useReportPosition';
import { AutoScrollBar } from './AutoScrollBar';
import { useAutoScroll } from './useAutoScroll';
import { useViewerSelector } from './useViewerSession';
import './readerTools.css';

const NO_ITEMS: ViewerItem[] = [];

/** NOTE_MAX of server/routes/api/page_bookmarks. */
const NOTE_MAX = 500;

/** Auto-scroll's control and the page bookmark, above the footer while the bar is shown. */
export function ReaderTools({ session, viewer, visible }: { session: ViewerSession; viewer: MangaViewer; visible: boolean }) {
  const actor = useAutoScroll(session);
  const [open, setOpen] = useState(false);
  const index = useViewerSelector(session, (v) => v.index, 0);
  const items = useViewerSelector(session, (v) => v.items, NO_ITEMS);
  const item = session.resumePosition;
  const marks = usePageBookmarks({ chapterId: viewer.chapterId });
  const mark = marks.find((b) => b.item === item);
  // (index: a page change moves the resume position, read above.)
  void index;
  return (
    <>
      <div className={`reader-tools ${visible ? '' : 'is-hidden'}`} data-testid="reader-tools" aria-hidden={!visible}>
        {actor && <AutoScrollBar actor={actor} />}
        <button
          type="button"
          className="viewer__icon"
          aria-pressed={mark !== undefined}
          aria-label={t(mark ? 'sync.bookmarkEdit' : 'sync.bookmarkAdd')}
          title={t(mark ? 'sync.bookmarkEdit' : 'sync.bookmarkAdd')}
          data-testid="page-bookmark-button"
          onClick={() => setOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill={mark ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" d="M6 3h12v18l-6-4-6 4z" />
          </svg>
        </button>
      </div>
      {open && (
        <BookmarkDialog
          initial={mark?.note ?? ''}
          exists={mark !== undefined}
          onClose={() => setOpen(false)}
          onSave={(note) => {
            const pos = positionOf(viewer.chapterId, item, items);
            void saveBookmark({
              titleId: viewer.titleId,
              titleName: viewer.titleName,
              chapterId: viewer.chapterId,
              chapterName: viewer.chapterName,
              item,
              page: pos?.page ?? 1,
              pageCount: pos?.pageCount ?? 1,
              note,
            });
            setOpen(false);
          }}
          onRemove={() => {
            if (mark) void removeBookmark(mark);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function BookmarkDialog(p: {
  initial: string;
  exists: boolean;
  onClose: () => void;
  onSave: (note: string) => void;
  onRemove: () => void;
}) {
  const [note, setNote] = useState(p.initial);
  return (
    <Modal open onClose={p.onClose} title={t('sync.bookmarkTitle')} className="bookmark-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          p.onSave(note.trim());
        }}
      >
        <label htmlFor="bookmark-note">{t('sync.bookmarkNote')}</label>
        <textarea
          id="bookmark-note"
          className="bookmark-dialog__note"
          maxLength={NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="page-bookmark-note"
        />
        <div className="bookmark-dialog__actions">
          {p.exists && (
            <button type="button" className="button" onClick={p.onRemove} data-testid="page-bookmark-remove">
              {t('sync.bookmarkRemove')}
            </button>
          )}
          <button type="submit" className="button button--primary" data-testid="page-bookmark-save">
            {t('sync.bookmarkSave')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
