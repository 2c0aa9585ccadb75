import { useContext, useEffect, type ReactNode } from 'react';
import { AdSlot } from '../../ads/AdSlot';
import { AdsContext } from '../../ads';
import { trackPublisherViewerBanner } from '../../analytics';
import { logTitleBannerTap } from '../../api/tapLog';
import type { Banner } from '../../../core/gen/manga/v1/common_pb';
import type { MangaViewer } from '../../../core/gen/manga/v1/viewer_pb';
import { t } from '../../i18n';
import { ActionLink } from '../../ui/ActionLink';
import type { Layout, Mode, Placement } from '../../../core/viewer/layout';
import { VIEWER } from '../../../core/viewer/layout';
import type { ViewerItem } from '../../../core/viewer/items';
import type { PageStore } from '../../viewer/pageStore';
import { LastPageCard } from './LastPageCard';
import './viewerPages.css';

interface Props {
  layout: Layout;
  items: ViewerItem[];
  index: number;
  store: PageStore;
  viewer: MangaViewer;
  mode: Mode;
}

/** Slots either side of the current one that get DOM overlays. */
const REACH = 2;

/**
 * DOM content laid over the canvas in world coordinates (the parent follows
 * the camera): loading progress and retry for image pages, and the
 * interactive pages (banners, ads, the end page).
 */
export function PageOverlays({ layout, items, index, store, viewer, mode }: Props) {
  const near = layout.placements.filter((p) => p.slot >= index - REACH && p.slot <= index + REACH);
  return (
    <>
      {near.map((p) => {
        const it = items[p.item];
        if (!it) return null;
        const current = p.slot === index;
        if (it.kind === 'manga') return <MangaOverlay key={p.item} p={p} store={store} />;
        return (
          <Scaled key={p.item} p={p} width={it.width} height={it.height} kind={it.kind}>
            <SpecialPage item={it} viewer={viewer} current={current} mode={mode} />
          </Scaled>
        );
      })}
    </>
  );
}

function MangaOverlay({ p, store }: { p: Placement; store: PageStore }) {
  const s = store.state(p.item);
  if (s.status === 'decoded') return null;
  const style = { left: p.x, top: p.y, width: p.w, height: p.h };
  if (s.status === 'failed') {
    return (
      <div className="viewer-page viewer-page--failed" style={style} data-page={p.item} data-status="failed">
        <p>{t('viewer.pageFailed')}</p>
        <button type="button" className="viewer__button" onClick={() => store.retry(p.item)}>
          {t('viewer.retry')}
        </button>
      </div>
    );
  }
  const pct = s.total > 0 ? Math.round((s.loaded / s.total) * 100) : 0;
  return (
    <div className="viewer-page viewer-page--loading" style={style} data-page={p.item} data-status={s.status}>
      <div
        className="viewer-progress"
        role="progressbar"
        aria-label={t('viewer.loadingPage', { n: p.item + 1 })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="viewer-progress__bar" style={{ transform: `scaleX(${pct / 100})` }} />
      </div>
      <span className="viewer-progress__text">{pct}%</span>
    </div>
  );
}

function Scaled({ p, width, height, kind, children }: { p: Placement; width: number; height: number; kind: string; children: ReactNode }) {
  const s = p.w / width;
  return (
    <div
      className="viewer-page viewer-page--special"
      style={{ left: p.x, top: p.y, width: p.w, height: p.h }}
      data-page={p.item}
      data-kind={kind}
    >
      <div className="viewer-special" style={{ width, height, transform: `scale(${s})` }}>
        {children}
      </div>
    </div>
  );
}

function BannerImage({ b, onFollow }: { b: Banner; onFollow: () => void }) {
  return (
    <ActionLink action={b.action} className="viewer-banner" onFollow={onFollow}>
      <img src={b.imageUrl} alt="" width={b.width || undefined} height={b.height || undefined} draggable={false} />
    </ActionLink>
  );
}

/**
 * The advertisement page: an ad network's slot when one is provided, else a
 * house ad whose banner is one of the chapter's own last-page banners (catalog
 * banners for this title and language).
 */
function ViewerAd({ viewer }: { viewer: MangaViewer }) {
  const ads = useContext(AdsContext);
  const end = viewer.pages.find((p) => p.data.case === 'lastPage')?.data;
  const banners = end?.case === 'lastPage' ? end.value.banners : [];
  return (
    <div className="viewer-ad">
      <AdsContext.Provider value={banners.length ? { adapter: ads.adapter, houseAds: banners } : ads}>
        <AdSlot slot="viewer" minHeight={VIEWER.adMinHeight} fill />
      </AdsContext.Provider>
    </div>
  );
}

/** The banner list's heading: the server's "Recommended" is the viewer's own heading, in the reader's language. */
function bannerListTitle(title: string): string {
  return title === 'Recommended' ? t('viewer.recommended') : title;
}

function SpecialPage({ item, viewer, current, mode }: { item: ViewerItem; viewer: MangaViewer; current: boolean; mode: Mode }) {
  const d = item.page.data;
  const insertIds = d.case === 'insertBannerList' ? d.value.banners.map((b) => b.id).join(',') : '';
  useEffect(() => {
    if (!current || d.case !== 'insertBannerList') return;
    // Horizontal insert-banner impressions only on wide windows (documents: section 9).
    if (mode === 'horizontal' && window.innerWidth <= VIEWER.insertBannerImpressionMinWidth) return;
    for (const b of d.value.banners) {
      logTitleBannerTap({ bannerId: b.id, titleId: viewer.titleId, bannerType: 'insert_banner', location: 'viewer', type: 'impression' });
      trackPublisherViewerBanner('Impression', b.id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, insertIds, mode, viewer.titleId]);

  switch (d.case) {
    case 'bannerList': {
      const title = bannerListTitle(d.value.bannerTitle);
      return (
        <section className="viewer-banners" aria-label={title || undefined}>
          {title && <h3 className="viewer-banners__title">{title}</h3>}
          {d.value.banners.map((b) => (
            <BannerImage key={b.id} b={b} onFollow={() => trackPublisherViewerBanner('Click', b.id)} />
          ))}
        </section>
      );
    }
    case 'insertBannerList':
      return (
        <section className="viewer-banners viewer-banners--insert" data-testid="viewer-insert-banner">
          {d.value.banners.map((b) => (
            <BannerImage
              key={b.id}
              b={b}
              onFollow={() => {
                logTitleBannerTap({
                  bannerId: b.id,
                  titleId: viewer.titleId,
                  bannerType: 'insert_banner',
                  location: 'viewer',
                  type: 'click',
                });
                trackPublisherViewerBanner('Click', b.id);
              }}
            />
          ))}
        </section>
      );
    case 'banner':
      return (
        <section className="viewer-banners">
          <BannerImage b={d.value} onFollow={() => trackPublisherViewerBanner('Click', d.value.id)} />
        </section>
      );
    case 'advertisement':
      return <ViewerAd viewer={viewer} />;
    case 'lastPage':
      return <LastPageCard last={d.value} viewer={viewer} />;
    default:
      return null;
  }
}
