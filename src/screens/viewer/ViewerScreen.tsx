import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import type { ImgQuality } from '../../../core/viewer/imageQuality';
import { pageResolutionMachine } from '../../../machines/pageResolutionMachine';
import { ApiCallError } from '../../api/client';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { t } from '../../i18n';
import { inspect } from '../../lib/inspector';
import { getServiceLang, mirrorPrefsCookies } from '../../lib/prefs';
import { STORAGE } from '../../../core/storageKeys';
import { loadMangaViewer } from '../../viewer/api';
import { storedResolution, viewerQueryKey } from '../../../core/viewer/chapterQuery';
import { dismissFirstPage } from '../../boot/chapterStartHandOver';
import { takePrefetchedViewer } from '../../viewer/prefetch';
import { ViewerStage } from './ViewerStage';
import './viewer.css';

/** Viewer data error: the Spanish popup's body for Spanish readers, else the English one. */
export function viewerErrorText(e: unknown): string {
  const err = e instanceof ApiCallError ? e.error : undefined;
  const popup = getServiceLang() === 'esp' ? err?.spanishPopup : err?.englishPopup;
  return popup?.body || err?.englishPopup?.body || t('viewer.loadError');
}

/** /viewer/{chapterId}: the chapter viewer, outside the shell. */
export default function ViewerScreen() {
  const params = useParams<{ chapterId: string }>();
  const chapterId = Number(params.chapterId) || 0;
  const [data, setData] = useState<{ viewer: MangaViewer; quality: ImgQuality } | null>(null);
  const failure = useRef<unknown>(null);
  const ctrl = useRef<AbortController | null>(null);

  const [machine] = useState(() =>
    pageResolutionMachine.provide({
      actions: {
        loadViewer: ({ self }, { chapterId: id, quality }) => {
          ctrl.current?.abort();
          const c = new AbortController();
          ctrl.current = c;
          const p = takePrefetchedViewer(viewerQueryKey(id, quality)) ?? loadMangaViewer(id, quality, c.signal);
          p.then(
            (v) => {
              if (c.signal.aborted) return;
              setData({ viewer: v, quality });
              self.send({ type: 'viewer.loaded' });
            },
            (e: unknown) => {
              if (c.signal.aborted) return;
              failure.current = e;
              self.send({ type: 'viewer.failed' });
            },
          );
        },
        saveResolution: (_, { resolution }) => {
          localStorage.setItem(STORAGE.pageResolution, resolution);
          mirrorPrefsCookies();
        },
        alertError: () => window.alert(viewerErrorText(failure.current)),
      },
    }),
  );
  const [state, send, actor] = useMachine(machine, { input: { chapterId, stored: storedResolution() }, inspect });

  useEffect(() => {
    if (actor.getSnapshot().context.chapterId !== chapterId) send({ type: 'chapter.open', chapterId });
  }, [chapterId, actor, send]);
  useEffect(() => () => ctrl.current?.abort(), []);
  // The first pages drawn ahead of the viewer (firstPaint.ts) never stay over an error or another screen.
  const failed = state.matches('failed');
  useEffect(() => {
    if (failed) dismissFirstPage();
  }, [failed]);
  useEffect(() => dismissFirstPage, []);

  // The chapter on screen stays while a resolution change refetches it.
  const current = data && (data.viewer.chapterId === chapterId || data.viewer.chapterId === 0) ? data : null;
  return (
    <main className="viewer" data-screen="viewer" data-state={String(state.value)}>
      {current && state.matches('failed') && (
        <div className="viewer__failbar" role="alert" data-testid="viewer-failbar">
          <span>{t('viewer.loadError')}</span>
          <button type="button" className="viewer__button" onClick={() => send({ type: 'viewer.retry' })}>
            {t('viewer.retry')}
          </button>
        </div>
      )}
      {current ? (
        <ViewerStage
          key={current.viewer.chapterId}
          viewer={current.viewer}
          quality={current.quality}
          resolution={state.context.resolution}
          onResolution={(r) => send({ type: 'resolution.set', resolution: r })}
          reloading={state.matches('loading')}
        />
      ) : state.matches('failed') ? (
        <div className="viewer__status" role="alert">
          <p>{t('viewer.loadError')}</p>
          <button type="button" className="viewer__button" onClick={() => send({ type: 'viewer.retry' })}>
            {t('viewer.retry')}
          </button>
        </div>
      ) : (
        <div className="viewer__status" aria-busy="true">
          {t('viewer.loading')}
        </div>
      )}
    </main>
  );
}
