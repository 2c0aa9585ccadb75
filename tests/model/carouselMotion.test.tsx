import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { create } from '@bufbuild/protobuf';
import { BannerSchema } from '../../core/gen/manga/v1/common_pb';
import { HomeCarousel } from '../../src/screens/home/HomeCarousel';
import { saveControls } from '../../src/lib/storage';
import type { TimerClock } from '../../src/lib/timers';
import { loadTestMessages } from './shellHelpers';

/** The home carousel plays by itself unless the reader asked for reduced motion (the viewer's Controls setting). */
function armedTimers(): number {
  const timers = new Set<number>();
  let next = 1;
  const clock: TimerClock = {
    setTimeout: () => {
      timers.add(next);
      return next++;
    },
    clearTimeout: (id) => void timers.delete(id),
  };
  const banners = [1, 2, 3].map((id) => create(BannerSchema, { id, imageUrl: `/img/banner/${id}.webp`, width: 1200, height: 400 }));
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <HomeCarousel banners={banners} clock={clock} />
    </Router>,
  );
  return timers.size;
}

describe('home carousel and reduced motion', () => {
  beforeEach(() => {
    loadTestMessages();
    localStorage.clear();
    cleanup();
  });

  it('autoplays with full motion, not with reduced motion', () => {
    saveControls({ motion: 'full' });
    expect(armedTimers()).toBe(1);
    cleanup();
    saveControls({ motion: 'reduce' });
    expect(armedTimers()).toBe(0);
  });
});
