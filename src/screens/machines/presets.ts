import { DEFAULT_DISPLAY, DEFAULT_TITLE } from '../../../core/viewer/readerSettings';

/**
 * The stepper's named inputs and event payloads per machine: the values
 * the app passes (written from where each machine is used). Inputs and
 * payloads recorded from live actors are offered beside these.
 */
export interface Preset {
  name: string;
  value: Record<string, unknown>;
}

/** A time the presets use as "now" (seconds since the epoch). */
const NOW = 1_760_000_000;
const DAY = 86_400;

const geometry = (count: number) => ({
  mode: 'horizontal',
  rtl: true,
  viewport: { width: 1280, height: 800 },
  count,
  tops: [],
  contentHeight: 800,
});

const languages = {
  defaultUi: 'en',
  defaultContent: ['en'],
  available: [
    { code: 'en', titlesCount: 120 },
    { code: 'fr', titlesCount: 40 },
    { code: 'es', titlesCount: 35 },
  ],
};

export const INPUTS: Record<string, Preset[]> = {
  appInstallBanner: [
    { name: 'never dismissed', value: { dismissedAt: null, now: NOW } },
    { name: 'dismissed yesterday', value: { dismissedAt: NOW - DAY, now: NOW } },
    { name: 'dismissed a month ago', value: { dismissedAt: NOW - 31 * DAY, now: NOW } },
    { name: 'favorited page', value: { dismissedAt: null, now: NOW, requireNeverDismissed: true } },
  ],
  campaignRedirect: [
    { name: 'United States', value: { region: 'us' } },
    { name: 'France', value: { region: 'fr' } },
  ],
  carousel: [
    { name: '5 banners', value: { count: 5 } },
    { name: 'one banner', value: { count: 1 } },
  ],
  chapterSort: [
    { name: 'ascending', value: { descending: false } },
    { name: 'descending', value: { descending: true } },
  ],
  commentLike: [
    { name: 'not liked', value: { liked: false, likes: 12 } },
    { name: 'liked', value: { liked: true, likes: 13 } },
  ],
  favoriteToggle: [
    { name: 'not a favorite', value: { subscribed: false } },
    { name: 'a favorite', value: { subscribed: true } },
  ],
  languageSettings: [
    { name: 'first visit (French browser)', value: { storedService: null, storedContent: null, browser: 'fr' } },
    { name: 'chosen before', value: { storedService: 'en', storedContent: ['en', 'es'], browser: 'en' } },
  ],
  pageLoader: [
    { name: 'first page', value: { index: 0 } },
    { name: 'page 5', value: { index: 4 } },
  ],
  pageResolution: [
    { name: 'chapter, nothing stored', value: { chapterId: 1000001, stored: null } },
    { name: 'chapter, low stored', value: { chapterId: 1000001, stored: 'low' } },
  ],
  paging: [
    { name: '12 spreads, right to left', value: { geometry: geometry(12), index: 0 } },
    { name: 'opened at spread 5', value: { geometry: geometry(12), index: 4 } },
  ],
  popup: [
    { name: 'not seen', value: { popupId: 7, seen: false } },
    { name: 'seen', value: { popupId: 7, seen: true } },
  ],
  promoPopup: [
    {
      name: 'running, never shown',
      value: { config: { start: NOW - DAY, end: NOW + DAY, regions: ['US'] }, now: NOW, region: 'US', lastShown: null },
    },
    {
      name: 'other region',
      value: { config: { start: NOW - DAY, end: NOW + DAY, regions: ['US'] }, now: NOW, region: 'FR', lastShown: null },
    },
    {
      name: 'shown an hour ago',
      value: { config: { start: NOW - DAY, end: NOW + DAY, regions: ['US'] }, now: NOW, region: 'US', lastShown: NOW - 3600 },
    },
  ],
  pushSubscription: [
    { name: 'supported, not asked', value: { supported: true, permission: 'default' } },
    { name: 'granted before', value: { supported: true, permission: 'granted' } },
    { name: 'denied', value: { supported: true, permission: 'denied' } },
    { name: 'unsupported browser', value: { supported: false, permission: 'default' } },
  ],
  pushToken: [
    { name: 'sent today', value: { lastUpdated: NOW - 3600, now: NOW } },
    { name: 'sent a month ago', value: { lastUpdated: NOW - 31 * DAY, now: NOW } },
  ],
  readerSettings: [
    { name: 'defaults, horizontal', value: { display: DEFAULT_DISPLAY, title: DEFAULT_TITLE, mode: 'horizontal' } },
    { name: 'defaults, vertical', value: { display: DEFAULT_DISPLAY, title: DEFAULT_TITLE, mode: 'vertical' } },
  ],
};

export const PAYLOADS: Record<string, Record<string, Preset[]>> = {
  viewerMenus: {
    'menu.open': [
      { name: 'settings', value: { menu: 'settings' } },
      { name: 'language', value: { menu: 'language' } },
      { name: 'chapters', value: { menu: 'chapters' } },
    ],
  },
  carousel: { 'carousel.goto': [{ name: '3rd', value: { index: 2 } }] },
  languageSettings: {
    'languages.loaded': [{ name: 'en, fr, es', value: { languages } }],
    'service.select': [
      { name: 'fr', value: { lang: 'fr' } },
      { name: 'en', value: { lang: 'en' } },
    ],
    'content.toggle': [{ name: 'es', value: { lang: 'es' } }],
  },
  paging: {
    'layout.set': [{ name: '12 spreads', value: { geometry: geometry(12), index: 0 } }],
    'page.goto': [{ name: 'spread 6', value: { index: 5 } }],
    'drag.move': [{ name: '120 px left', value: { dx: -120, dy: 0 } }],
    'drag.end': [
      { name: 'fling', value: { vx: -2, vy: 0 } },
      { name: 'slow', value: { vx: 0, vy: 0 } },
    ],
    'scroll.by': [{ name: '300 px', value: { dy: 300 } }],
    'scroll.tick': [{ name: '16 ms', value: { dt: 16 } }],
    'zoom.by': [
      { name: 'in ×2', value: { factor: 2, x: 640, y: 400 } },
      { name: 'out ×0.5', value: { factor: 0.5, x: 640, y: 400 } },
    ],
    'zoom.toggle': [{ name: 'at the middle', value: { x: 640, y: 400 } }],
  },
  popup: { 'popup.dontShowAgain': [{ name: 'checked', value: { checked: true } }] },
  pushSubscription: { 'subscription.ready': [{ name: 'token', value: { token: 'fcm-token-1' } }] },
  pushToken: { 'token.received': [{ name: 'token', value: { token: 'fcm-token-1' } }] },
  readerSettings: {
    'mode.changed': [
      { name: 'vertical', value: { mode: 'vertical' } },
      { name: 'horizontal', value: { mode: 'horizontal' } },
    ],
    'fit.set': [
      { name: 'width', value: { fit: 'width' } },
      { name: 'screen', value: { fit: 'screen' } },
    ],
    'firstPageAlone.set': [{ name: 'on', value: { value: true } }],
    'columnWidth.set': [{ name: 'portrait 720', value: { orientation: 'portrait', value: 720 } }],
    'columnPadding.set': [{ name: 'landscape 80', value: { orientation: 'landscape', value: 80 } }],
    'autoCrop.set': [{ name: 'on', value: { value: true } }],
    'brightness.set': [{ name: '120', value: { value: 120 } }],
    'contrast.set': [{ name: '80', value: { value: 80 } }],
    'grayscale.set': [{ name: 'on', value: { value: true } }],
    'sepia.set': [{ name: 'on', value: { value: true } }],
    'invert.set': [{ name: 'on', value: { value: true } }],
  },
  thumbPreview: {
    'preview.hover': [{ name: 'spread 5', value: { slot: 4 } }],
    'preview.scrub': [{ name: 'spread 12', value: { slot: 11 } }],
  },
  thumbStrip: {
    'strip.open': [{ name: 'sheet 1', value: { sheet: 0 } }],
    'strip.jump': [{ name: 'spread 12', value: { slot: 11 } }],
  },
};

/** The events the explorer offers for a machine: each type with the payloads the app sends (or none). */
export function offeredEvents(name: string, types: readonly string[]): Array<{ type: string } & Record<string, unknown>> {
  return [...new Set(types.filter((e) => e && e !== 'xstate.init'))].sort().flatMap((type) => {
    const variants = PAYLOADS[name]?.[type] ?? [];
    return variants.length ? variants.map((v) => ({ ...v.value, type })) : [{ type }];
  });
}

/** The inputs the explorer starts a machine with when it searches paths (none: started without one). */
export function presetInputs(name: string): unknown[] {
  return (INPUTS[name] ?? []).map((p) => p.value);
}
