import { useEffect, useEffectEvent, useState, type CSSProperties, type PointerEvent } from 'react';
import { useMachine } from '@xstate/react';
import type { CounterPages } from '../../../core/viewer/pageCounter';
import { thumbPreviewMachine } from '../../../machines/thumbPreviewMachine';
import { inspect } from '../../../web/inspector';
import { t } from '../../i18n';
import type { ThumbSheets } from '../../viewer/thumbSheets';
import { pagesLabel, SpreadPictures } from './PageThumbs';
import './slider.css';

interface Props {
  index: number;
  count: number;
  /** What the counter shows at each spread. */
  pages: (CounterPages | null)[];
  /** Each spread's own pages (none on a banner). */
  slotPages: number[][];
  rtl: boolean;
  sheets: ThumbSheets | null;
  onGoto: (i: number) => void;
}

/** Half the slider thumb's width (px): viewer.css draws it 16 px wide in every engine. */
const THUMB_HALF = 8;

const counterText = (at: CounterPages | null) =>
  at &&
  (at.first === at.last
    ? t('viewer.pageOf', { current: at.first, total: at.total })
    : t('viewer.pagesOf', { first: at.first, last: at.last, total: at.total }));

/** The track's part read so far (viewer.css): filled from the side reading starts on. */
const fill = (at: number, last: number, rtl: boolean) =>
  ({ '--fill': `${last > 0 ? (at / last) * 100 : 100}%`, '--fill-to': rtl ? 'left' : 'right' }) as CSSProperties;

/**
 * The page counter and the slider (its thumb follows a drag until released),
 * with the thumbnail of the spread under the pointer or at the thumb over it
 * (thumbPreviewMachine): the pages' pictures in reading order and their numbers.
 * A key on the slider turns the viewer at once; a drag shows where it goes and
 * turns it where it is let go (no page is laid out, decoded or uploaded for
 * every spread it passes: bench/viewerFrames, input 5).
 */
export function PageSlider({ index, count, pages, slotPages, rtl, sheets, onGoto }: Props) {
  const [drag, setDrag] = useState<number | null>(null);
  // A pointer holds the thumb: the viewer goes where it is let go (the preview shows the way there).
  const [held, setHeld] = useState(false);
  const [preview, send] = useMachine(thumbPreviewMachine, { inspect });
  const shown = drag ?? index;
  const at = pages[Math.min(shown, pages.length - 1)] ?? null;
  const last = Math.max(1, count) - 1;
  const release = () => {
    if (held && drag !== null && drag !== index) onGoto(drag);
    setHeld(false);
    setDrag(null);
    send({ type: 'preview.release' });
  };
  // A drag let go off the slider still ends it.
  const latestRelease = useEffectEvent(release);
  useEffect(() => {
    if (!held) return undefined;
    const up = () => latestRelease();
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [held]);
  const hover = (e: PointerEvent<HTMLInputElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    if (e.pointerType === 'touch' || r.width <= 0) return;
    // The thumb's middle runs THUMB_HALF px in from each end, as the range input maps a press.
    const inset = r.width > 4 * THUMB_HALF ? THUMB_HALF : 0;
    const f = Math.min(1, Math.max(0, (e.clientX - r.left - inset) / (r.width - 2 * inset)));
    send({ type: 'preview.hover', slot: Math.round((rtl ? 1 - f : f) * last) });
  };
  return (
    <>
      <span className="viewer__counter" data-testid="viewer-counter" aria-live="polite">
        {counterText(at)}
      </span>
      <span className="viewer__slider-box">
        <input
          type="range"
          className="viewer__slider"
          aria-label={t('viewer.slider')}
          data-testid="viewer-slider"
          dir={rtl ? 'rtl' : 'ltr'}
          min={1}
          max={last + 1}
          step={1}
          value={Math.min(shown + 1, last + 1)}
          style={fill(Math.min(shown, last), last, rtl)}
          aria-valuetext={at ? t('controls.pageAnnounce', { n: at.first, total: at.total }) : undefined}
          onChange={(e) => {
            const v = Number(e.target.value) - 1;
            setDrag(v);
            send({ type: 'preview.scrub', slot: v });
            // A key turns the viewer at once; a pointer where it is let go.
            if (!held) onGoto(v);
          }}
          onPointerDown={() => setHeld(true)}
          onPointerMove={hover}
          onPointerLeave={() => send({ type: 'preview.leave' })}
          onPointerUp={release}
          onBlur={release}
          onKeyDown={(e) => {
            if (e.key === 'Escape') send({ type: 'preview.release' });
          }}
        />
        {!preview.matches('hidden') && (
          <SliderPreview
            slot={Math.min(preview.context.slot, last)}
            last={last}
            pages={slotPages[preview.context.slot] ?? []}
            counter={pages[preview.context.slot] ?? null}
            rtl={rtl}
            sheets={sheets}
          />
        )}
      </span>
    </>
  );
}

/** The spread's pictures and numbers over the slider, where its thumb is for that spread (aria-hidden: the slider says the page). */
function SliderPreview({
  slot,
  last,
  pages,
  counter,
  rtl,
  sheets,
}: {
  slot: number;
  last: number;
  pages: number[];
  counter: CounterPages | null;
  rtl: boolean;
  sheets: ThumbSheets | null;
}) {
  const f = last > 0 ? slot / last : 0;
  const label = pages.length ? pagesLabel(pages) : counter ? pagesLabel([counter.first, counter.last]) : '';
  return (
    <span
      className="viewer__thumb-preview"
      data-testid="thumb-preview"
      data-slot={slot}
      aria-hidden="true"
      style={{ left: `clamp(72px, ${(rtl ? 1 - f : f) * 100}%, calc(100% - 72px))` }}
    >
      {pages.length > 0 && <SpreadPictures sheets={sheets} pages={pages} rtl={rtl} />}
      <span className="viewer__thumb-label">{label}</span>
    </span>
  );
}
