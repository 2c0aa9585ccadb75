/**
 * Reading profiles: named sets of reader settings switched in one go from the
 * viewer's header. A profile is a complete snapshot of the settings it names:
 * the reading direction (viewer mode), the display settings (fit, vertical
 * column, spreads, crop, e-ink, wide pages split), the colour filter, the
 * controls (key map, tap zones and their inversion, wheel, motion) and
 * auto-scroll's level. The spread offset stays the title's own (it fixes one
 * title's pairing, not a taste). Three built-in profiles come with the app
 * (their names are the interface's, in each language); the reader keeps up to
 * USER_PROFILES_MAX of their own. What is stored (one JSON value, synced to
 * linked devices with the other reader settings) is the reader's profiles, the
 * one in use and each title's default profile (the most recent
 * TITLE_DEFAULTS_MAX). Plain data with sanitising parsers: a stored value may
 * come from an older build, another device or be tampered with.
 */
import { DEFAULT_CONTROLS, parseControls, type ControlSettings } from './controls';
import { clampAutoScrollLevel } from './autoScroll';
import {
  DEFAULT_DISPLAY,
  DEFAULT_FILTER,
  parseDisplaySettings,
  parseTitleSettings,
  type ColorFilter,
  type DisplaySettings,
} from './readerSettings';
import { parseViewerMode, type ViewerMode } from './viewerMode';

export interface ProfileSettings {
  mode: ViewerMode;
  display: DisplaySettings;
  filter: ColorFilter;
  controls: ControlSettings;
  autoScrollLevel: number;
}

interface ReaderProfile {
  id: string;
  /** The reader's name for it; empty for a built-in profile (the interface names those). */
  name: string;
  settings: ProfileSettings;
}

export interface StoredProfiles {
  /** The reader's own profiles, in the order made. */
  profiles: ReaderProfile[];
  /** The profile last applied (a built-in's id or one of the reader's), null when none. */
  active: string | null;
  /** Title id → the profile applied when a chapter of that title opens; the most recent last. */
  titleDefaults: Record<string, string>;
}

export const USER_PROFILES_MAX = 8;
export const PROFILE_NAME_MAX = 40;
const TITLE_DEFAULTS_MAX = 100;

const BUILT_IN_IDS = ['manga', 'webtoon', 'comic'] as const;
type BuiltInId = (typeof BUILT_IN_IDS)[number];

const base: ProfileSettings = {
  mode: 'horizontal',
  display: DEFAULT_DISPLAY,
  filter: DEFAULT_FILTER,
  controls: DEFAULT_CONTROLS,
  autoScrollLevel: 4,
};

/** Manga read page by page, a cover alone; webtoons down one column; comics across, each page the window's width. */
export const BUILT_IN_PROFILES: readonly ReaderProfile[] = [
  { id: 'manga', name: '', settings: base },
  {
    id: 'webtoon',
    name: '',
    settings: {
      ...base,
      mode: 'vertical',
      display: { ...DEFAULT_DISPLAY, portrait: { maxWidth: 800, padding: 0 }, landscape: { maxWidth: 720, padding: 0 } },
      controls: { ...DEFAULT_CONTROLS, layout: 'kindle' },
      autoScrollLevel: 3,
    },
  },
  {
    id: 'comic',
    name: '',
    settings: {
      ...base,
      display: { ...DEFAULT_DISPLAY, fit: 'width', firstPageAlone: false },
      controls: { ...DEFAULT_CONTROLS, layout: 'leftRight', wheel: 'pages' },
    },
  },
];

const isBuiltIn = (id: string): id is BuiltInId => (BUILT_IN_IDS as readonly string[]).includes(id);

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A profile's settings from a stored value: each part through its own parser. */
export function parseProfileSettings(raw: unknown): ProfileSettings {
  const o = obj(raw);
  return {
    mode: parseViewerMode(o.mode) ?? base.mode,
    display: parseDisplaySettings(o.display),
    filter: parseTitleSettings({ filter: o.filter }).filter,
    controls: parseControls(o.controls),
    autoScrollLevel: clampAutoScrollLevel(o.autoScrollLevel),
  };
}

/** A name as kept: spaces at the ends and runs of white space folded. */
export const cleanName = (name: string) => name.replace(/\s+/g, ' ').trim();

export type NameProblem = 'empty' | 'long' | 'taken';

/** Why a name cannot be a profile's (`others`: the names of the other profiles, built-in ones as shown); null when it can. */
export function nameProblem(name: string, others: readonly string[]): NameProblem | null {
  const n = cleanName(name);
  if (!n) return 'empty';
  if ([...n].length > PROFILE_NAME_MAX) return 'long';
  return others.some((o) => cleanName(o).toLocaleLowerCase() === n.toLocaleLowerCase()) ? 'taken' : null;
}

/** The id for a new profile of the reader's: u1, u2, … one past the highest in use. */
export function nextProfileId(ids: readonly string[]): string {
  const n = ids.map((id) => /^u(\d{1,6})$/.exec(id)?.[1]).reduce((m, d) => (d ? Math.max(m, Number(d)) : m), 0);
  return `u${n + 1}`;
}

function parseProfile(raw: unknown): ReaderProfile | null {
  const o = obj(raw);
  const name = typeof o.name === 'string' ? cleanName(o.name) : '';
  if (typeof o.id !== 'string' || !/^u\d{1,6}$/.test(o.id) || !name || [...name].length > PROFILE_NAME_MAX) return null;
  return { id: o.id, name, settings: parseProfileSettings(o.settings) };
}

/** The stored profiles: damaged entries, doubled ids or names and any past the limits dropped; an unknown active or default forgotten. */
export function parseStoredProfiles(raw: unknown): StoredProfiles {
  const o = obj(raw);
  const profiles: ReaderProfile[] = [];
  for (const p of Array.isArray(o.profiles) ? o.profiles : []) {
    const got = parseProfile(p);
    if (!got || profiles.length >= USER_PROFILES_MAX) continue;
    if (
      profiles.some((q) => q.id === got.id) ||
      nameProblem(
        got.name,
        profiles.map((q) => q.name),
      )
    )
      continue;
    profiles.push(got);
  }
  const known = (id: unknown): id is string => typeof id === 'string' && (isBuiltIn(id) || profiles.some((p) => p.id === id));
  const defaults = Object.entries(obj(o.titleDefaults)).filter(([t, id]) => /^\d{1,12}$/.test(t) && known(id)) as Array<[string, string]>;
  return {
    profiles,
    active: known(o.active) ? o.active : null,
    titleDefaults: Object.fromEntries(defaults.slice(-TITLE_DEFAULTS_MAX)),
  };
}

/** A profile by id among the built-in ones and the reader's. */
export function findProfile(s: StoredProfiles, id: string): ReaderProfile | undefined {
  return BUILT_IN_PROFILES.find((p) => p.id === id) ?? s.profiles.find((p) => p.id === id);
}

/** Whether two snapshots hold the same settings (after sanitising both). */
export function sameSettings(a: ProfileSettings, b: ProfileSettings): boolean {
  return JSON.stringify(parseProfileSettings(a)) === JSON.stringify(parseProfileSettings(b));
}
