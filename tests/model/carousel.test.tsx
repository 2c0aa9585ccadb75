import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { create } from '@bufbuild/protobuf';
import { BannerSchema, TransitionActionSchema } from '../../core/gen/manga/v1/common_pb';
import { carouselMachine } from '../../machines/carouselMachine';
import { HomeCarousel } from '../../src/screens/home/HomeCarousel';
import type { TimerClock } from '../../src/lib/timers';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

const banner = (id: number) =>
  create(BannerSchema, {
    id,
    imageUrl: `/img/banner/${id}.webp`,
    width: 1200,
    height: 400,
    action: create(TransitionActionSchema, { url: `mangareader://detail/${100000 + id}` }),
  });

/** A clock the test fires by hand: 'carousel.elapsed' is "3 s passed". */
function fakeClock() {
  let next = 1;
  const timers = new Map<number, () => void>();
  const clock: TimerClock = {
    setTimeout: (fn) => {
      timers.set(next, fn);
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id),
  };
  return {
    clock,
    armed: () => timers.size,
    fire: () => {
      const all = [...timers.values()];
      timers.clear();
      for (const f of all) f();
    },
  };
}

describe('home carousel (carouselMachine) on the rendered component', () => {
  beforeEach(() => loadTestMessages());

  it('autoplay, hover pause, loop, drag and click', async () => {
    let clock = fakeClock();
    let loc = memoryLocation({ path: '/updates', record: true });
    await runUiModel(
      carouselMachine,
      {
        name: 'carousel',
        inputs: [{ count: 3 }, { count: 1 }],
        events: [
          { type: 'carousel.elapsed' },
          { type: 'carousel.next' },
          { type: 'carousel.prev' },
          { type: 'carousel.goto', index: 2 },
          { type: 'pointer.enter' },
          { type: 'pointer.leave' },
          { type: 'pointer.down', x: 300 },
          { type: 'pointer.click', x: 303, bannerId: 1 },
        ],
        sequences: (input) =>
          (input as { count: number }).count === 1
            ? []
            : [
                [{ type: 'carousel.next' }, { type: 'carousel.prev' }, { type: 'carousel.goto', index: 2 }, { type: 'carousel.elapsed' }],
                [
                  { type: 'pointer.down', x: 300 },
                  { type: 'pointer.click', x: 303, bannerId: 1 },
                ],
                [
                  { type: 'pointer.down', x: 300 },
                  { type: 'pointer.click', x: 200, bannerId: 1 },
                ],
                [
                  { type: 'pointer.down', x: 300 },
                  { type: 'pointer.click', x: 400, bannerId: 1 },
                ],
                [
                  { type: 'pointer.down', x: 300 },
                  { type: 'pointer.click', x: 320, bannerId: 1 },
                ],
                [
                  { type: 'pointer.enter' },
                  { type: 'carousel.next' },
                  { type: 'carousel.prev' },
                  { type: 'carousel.goto', index: 1 },
                  { type: 'pointer.leave' },
                ],
              ],
      },
      (input) => {
        const count = (input as { count: number }).count;
        const banners = Array.from({ length: count }, (_, i) => banner(i + 1));
        let downX = 0;
        return {
          render: () => {
            clock = fakeClock();
            loc = memoryLocation({ path: '/updates', record: true });
            render(
              <Router hook={loc.hook}>
                <HomeCarousel banners={banners} clock={clock.clock} />
              </Router>,
            );
          },
          events: {
            'carousel.elapsed': () => clock.fire(),
            'carousel.next': () => fireEvent.click(screen.getByRole('button', { name: 'Next' })),
            'carousel.prev': () => fireEvent.click(screen.getByRole('button', { name: 'Previous' })),
            'carousel.goto': (e) => fireEvent.click(screen.getAllByRole('tab')[e.index as number]),
            'pointer.enter': () => fireEvent.mouseEnter(document.querySelector('.carousel')!),
            'pointer.leave': () => fireEvent.mouseLeave(document.querySelector('.carousel')!),
            'pointer.down': (e) => {
              downX = e.x as number;
              fireEvent.pointerDown(document.querySelector('.carousel__slide')!, { clientX: downX });
            },
            'pointer.click': (e) => fireEvent.click(document.querySelector('.carousel__slide')!, { clientX: e.x as number }),
          },
          check: (s) => {
            const c = s.context as { index: number };
            // The dot of the banner shown is the selected tab.
            const tabs = screen.queryAllByRole('tab');
            if (tabs.length) expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(tabs.map((_, i) => String(i === c.index)));
            // Autoplay is armed exactly while playing.
            expect(clock.armed()).toBe(s.value === 'playing' ? 1 : 0);
            expect(document.querySelector('.carousel__slide')!.getAttribute('data-banner-id')).toBe(String(banners[c.index].id));
          },
        };
      },
    );
  });

  it('a click that barely moved follows the banner; a drag does not', () => {
    const { hook, history } = memoryLocation({ path: '/updates', record: true });
    render(
      <Router hook={hook}>
        <HomeCarousel banners={[banner(1), banner(2)]} clock={fakeClock().clock} />
      </Router>,
    );
    const slide = document.querySelector('.carousel__slide')!;
    fireEvent.pointerDown(slide, { clientX: 100 });
    fireEvent.click(slide, { clientX: 160 });
    expect(history.at(-1)).toBe('/updates');
    fireEvent.pointerDown(document.querySelector('.carousel__slide')!, { clientX: 100 });
    fireEvent.click(document.querySelector('.carousel__slide')!, { clientX: 102 });
    expect(history.at(-1)).toMatch(/^\/titles\/10000[12]$/);
  });
});
