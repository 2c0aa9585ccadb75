import { useState } from 'react';
import { Timers, windowClock, type TimerClock } from '../../lib/timers';
import { useLocation } from 'wouter';
import { useMachine } from '@xstate/react';
import { AUTOPLAY_MS, carouselMachine } from '../../../machines/carouselMachine';
import type { Banner } from '../../../core/gen/manga/v1/common_pb';
import { t } from '../../i18n';
import { inspect } from '../../../web/inspector';
import { actionHref } from '../../lib/links';
import { logBannerTap } from '../../api/tapLog';
import { useSlidesPerView } from './useSlidesPerView';
import { motionReduced } from '../../../core/viewer/controls';
import { storedControls } from '../../lib/storage';
import './HomeCarousel.css';

/** Whether the reader asked for reduced motion (the viewer's Controls setting, or the system's preference). */
function reducedMotion(): boolean {
  const system = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return motionReduced(storedControls().motion, system);
}

/**
 * The home top-banner carousel, driven by carouselMachine: autoplay (none with
 * reduced motion), pause on hover, loop, drag to turn, click to follow only
 * when the pointer barely moved.
 */
/** `clock`: the timer source (tests pass a manual one). */
export function HomeCarousel({ banners, clock = windowClock }: { banners: Banner[]; clock?: TimerClock }) {
  const perView = useSlidesPerView();
  const [state, send] = useCarouselMachine(banners, clock);
  if (banners.length === 0) return null;
  const { index } = state.context;
  // Loop: show perView banners starting at index, wrapping around.
  const shown = Array.from({ length: Math.min(perView, banners.length) }, (_, k) => banners[(index + k) % banners.length]);
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('home.topBanners')}
      data-state={String(state.value)}
      data-index={index}
      onMouseEnter={() => send({ type: 'pointer.enter' })}
      onMouseLeave={() => send({ type: 'pointer.leave' })}
    >
      <div className="carousel__track">
        {shown.map((b, k) => (
          <a
            key={`${b.id}-${k}`}
            className={`carousel__slide carousel__slide--${k + 1}`}
            href={actionHref(b.action).href || undefined}
            draggable={false}
            data-banner-id={b.id}
            aria-label={t('home.bannerN', { n: ((index + k) % banners.length) + 1, total: banners.length })}
            onPointerDown={(e) => send({ type: 'pointer.down', x: e.clientX })}
            onClick={(e) => {
              e.preventDefault();
              send({ type: 'pointer.click', x: e.clientX, bannerId: b.id });
            }}
          >
            <img src={b.imageUrl} alt="" width={b.width || 1200} height={b.height || 400} draggable={false} />
          </a>
        ))}
      </div>
      {banners.length > 1 ? <CarouselControls banners={banners} index={index} send={send} /> : null}
    </section>
  );
}

/** The carousel's machine: autoplay on the given clock (none with reduced motion), a click follows the banner. */
function useCarouselMachine(banners: Banner[], clock: TimerClock) {
  const [timers] = useState(() => new Timers(clock));
  const [, navigate] = useLocation();
  return useMachine(
    carouselMachine.provide({
      actions: {
        scheduleTick: ({ self }) => {
          timers.clear();
          // Reduced motion (the reader's setting, or the system's when it follows it): no autoplay.
          if (reducedMotion()) return;
          timers.after(AUTOPLAY_MS, () => self.send({ type: 'carousel.elapsed' }));
        },
        cancelTick: () => {
          timers.clear();
        },
        followBanner: (_, { bannerId }) => {
          const b = banners.find((x) => x.id === bannerId);
          if (!b) return;
          logBannerTap(b.id);
          const { href, external } = actionHref(b.action);
          if (!href) return;
          if (external) window.open(href, '_blank', 'noopener,noreferrer');
          else navigate(href);
        },
      },
    }),
    { input: { count: banners.length }, inspect },
  );
}

/** The previous and next arrows and a dot per banner. */
function CarouselControls({ banners, index, send }: { banners: Banner[]; index: number; send: ReturnType<typeof useCarouselMachine>[1] }) {
  return (
    <>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        aria-label={t('home.previous')}
        onClick={() => send({ type: 'carousel.prev' })}
      >
        ‹
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        aria-label={t('home.next')}
        onClick={() => send({ type: 'carousel.next' })}
      >
        ›
      </button>
      <div className="carousel__dots" role="tablist">
        {banners.map((b, i) => (
          <button
            key={b.id}
            type="button"
            role="tab"
            aria-selected={i === index}
            aria-label={t('home.bannerN', { n: i + 1, total: banners.length })}
            className="carousel__dot"
            onClick={() => send({ type: 'carousel.goto', index: i })}
          />
        ))}
      </div>
    </>
  );
}
