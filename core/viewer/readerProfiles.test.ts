import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLS } from './controls';
import {
  BUILT_IN_PROFILES,
  findProfile,
  nameProblem,
  nextProfileId,
  parseProfileSettings,
  parseStoredProfiles,
  sameSettings,
  USER_PROFILES_MAX,
} from './readerProfiles';

const webtoon = BUILT_IN_PROFILES[1].settings;

describe('reading profiles: stored values sanitised', () => {
  it('keeps good profiles; drops damaged ones, doubled ids and names, and those past the limit', () => {
    const good = (id: string, name: string) => ({ id, name, settings: webtoon });
    const raw = {
      profiles: [
        good('u1', ' Night  '),
        good('u1', 'Again'),
        good('u2', 'night'),
        { id: 'x9', name: 'Bad id', settings: webtoon },
        good('u3', ''),
        'junk',
        ...Array.from({ length: 12 }, (_, i) => good(`u${10 + i}`, `P${i}`)),
      ],
      active: 'u2',
      titleDefaults: { '12': 'webtoon', '13': 'u10', '14': 'gone', bad: 'manga' },
    };
    const s = parseStoredProfiles(raw);
    expect(s.profiles.length).toBe(USER_PROFILES_MAX);
    expect(s.profiles[0]).toEqual({ id: 'u1', name: 'Night', settings: webtoon });
    expect(s.profiles.map((p) => p.id)).not.toContain('u2');
    expect(s.active).toBeNull();
    expect(s.titleDefaults).toEqual({ '12': 'webtoon', '13': 'u10' });
    expect(parseStoredProfiles('nonsense')).toEqual({ profiles: [], active: null, titleDefaults: {} });
  });

  it('settings of the wrong kind take their defaults, each through its own parser', () => {
    const s = parseProfileSettings({
      mode: 'sideways',
      display: { fit: 'width' },
      controls: { layout: 'off', keys: 7 },
      autoScrollLevel: 99,
    });
    expect(s.mode).toBe('horizontal');
    expect(s.display.fit).toBe('width');
    expect(s.controls).toEqual({ ...DEFAULT_CONTROLS, layout: 'off' });
    expect(s.autoScrollLevel).toBe(10);
    expect(sameSettings(webtoon, JSON.parse(JSON.stringify(webtoon)) as typeof webtoon)).toBe(true);
    expect(sameSettings(webtoon, BUILT_IN_PROFILES[0].settings)).toBe(false);
  });

  it('names and ids', () => {
    expect(nameProblem('   ', [])).toBe('empty');
    expect(nameProblem('x'.repeat(41), [])).toBe('long');
    expect(nameProblem('ม'.repeat(40), [])).toBeNull();
    expect(nameProblem('webtoon  (vertical)', ['Webtoon (vertical)'])).toBe('taken');
    expect(nextProfileId(['manga', 'u2', 'u7'])).toBe('u8');
    expect(nextProfileId([])).toBe('u1');
    expect(findProfile({ profiles: [], active: null, titleDefaults: {} }, 'comic')?.settings.display.fit).toBe('width');
  });
});
