import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import type { ImgQuality } from '../../../core/viewer/imageQuality';
import { pageResolutionMachine } from '../../../machines/pageResolutionMachine';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { errorPopupBody } from '../../api/loadErrors';
import { saveResolution, storedResolution, storedServiceLang } from '../../lib/storage';
import { loadMangaViewer } from '../../viewer/api';
import { viewerQueryKey } from '../../lib/prefs';
import { viewerServices } from '../../boot/viewerServices';
import { ViewerError } from './ViewerError';
import { ViewerStage } from './ViewerStage';
import { PreviewMarker } from './PreviewMarker';
import { ReaderProfilesProvider } from '../../features/readerSettings/ReaderProfiles';
import './viewer.css';

/** Viewer data error: the Spanish popup's body for Spanish readers, else the English one. */
function viewerErrorText(e: unknown): string {
  return errorPopupBody(e, storedServiceLang()) ?? t('viewer.loadError');
}

type Shown = { viewer: MangaViewer; quality: ImgQuality };

/** The page-resolution machine with its effects: the chapter's data loaded (prefetched if it was), the choice saved, a failure told. */
function viewerLoading(onLoaded: (d: Shown) => void) {
  let ctrl: AbortController | null = null;
  let failure: unknown = null;
  const machine = pageResolutionMachine.provide({
    actions: {
      loadViewer: ({ self }, { chapterId: id, quality }) => {
        ctrl?.abort();
        const c = new AbortController();
        ctrl = c;
        const p = viewerServices().prefetch.takeViewer(viewerQueryKey(id, quality)) ?? loadMangaViewer(id, quality, c.signal);
        p.then(
          (v) => {
            if (c.signal.aborted) return;
            onLoaded({ viewer: v, quality });
            self.send({ type: 'viewer.loaded' });
          },
          (e: unknown) => {
            if (c.signal.aborted) return;
            failure = e;
            self.send({ type: 'viewer.failed' });
          },
        );
      },
      saveResolution: (_, { resolution }) => saveResolution(resolution),
      alertError: () => window.alert(viewerErrorText(failure)),
    },
  });
  return { machine, abort: () => ctrl?.abort(), failure: () => failure };
}

/** /viewer/{chapterId}: the chapter viewer, outside the shell. */
export default function ViewerScreen() {
  const params = useParams<{ chapterId: string }>();
  const chapterId = Number(params.chapterId) || 0;
  const [data, setData] = useState<Shown | null>(null);
  const [{ machine, abort, failure }] = useState(() => viewerLoading(setData));
  const [state, send, actor] = useMachine(machine, { input: { chapterId, stored: storedResolution() }, inspect });

  useEffect(() => {
    if (actor.getSnapshot().context.chapterId !== chapterId) send({ type: 'chapter.open', chapterId });
  }, [chapterId, actor, send]);
  useEffect(() => abort, [abort]);
  // The first pages drawn ahead of the viewer (src/boot/chapterStartDrawing.ts) never stay over an error or another screen.
  const failed = state.matches('failed');
  const { firstPages } = viewerServices();
  useEffect(() => {
    if (failed) firstPages.dismiss();
  }, [failed, firstPages]);
  useEffect(() => () => firstPages.dismiss(), [firstPages]);

  // The chapter on screen stays while a resolution change refetches it.
  const current = data && (data.viewer.chapterId === chapterId || data.viewer.chapterId === 0) ? data : null;
  return (
    <main className="viewer" data-screen="viewer" data-state={String(state.value)}>
      <PreviewMarker />
      {current && state.matches('failed') && (
        <div className="viewer__failbar" role="alert" data-testid="viewer-failbar">
          <span>{t('viewer.loadError')}</span>
          <button type="button" className="viewer__button" onClick={() => send({ type: 'viewer.retry' })}>
            {t('viewer.retry')}
          </button>
        </div>
      )}
      {current ? (
        <ReaderProfilesProvider key={current.viewer.titleId} titleId={current.viewer.titleId}>
          {(generation) => (
            <ViewerStage
              key={`${current.viewer.chapterId}:${generation}`}
              viewer={current.viewer}
              quality={current.quality}
              resolution={state.context.resolution}
              onResolution={(r) => send({ type: 'resolution.set', resolution: r })}
              reloading={state.matches('loading')}
            />
          )}
        </ReaderProfilesProvider>
      ) : state.matches('failed') ? (
        <ViewerError
          error={failure()}
          chapterId={chapterId}
          titleId={data?.viewer.titleId}
          titleName={data?.viewer.titleName}
          onRetry={() => send({ type: 'viewer.retry' })}
        />
      ) : (
        <div className="viewer__status" aria-busy="true">
          {t('viewer.loading')}
        </div>
      )}
    </main>
  );
}
