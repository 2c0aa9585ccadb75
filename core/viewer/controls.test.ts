import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLS, DEFAULT_KEYS, actionOfKey, keyConflict, motionReduced, normalKey, parseControls } from './controls';

describe('reader controls', () => {
  it('keys: letters in lower case, lone modifiers none', () => {
    expect(normalKey('S')).toBe('s');
    expect(normalKey('Shift')).toBe(null);
    expect(normalKey('Spacebar')).toBe(' ');
    expect(actionOfKey(DEFAULT_KEYS, 'S')).toBe('settings');
    expect(actionOfKey(DEFAULT_KEYS, 'q')).toBe(null);
  });

  it('conflicts: reserved keys and other actions’ keys', () => {
    expect(keyConflict(DEFAULT_KEYS, 'help', ' ')).toEqual({ reserved: true });
    expect(keyConflict(DEFAULT_KEYS, 'help', 's')).toEqual({ with: 'settings' });
    expect(keyConflict(DEFAULT_KEYS, 'settings', 's')).toBe(null);
  });

  it('parses stored values, sanitising each field', () => {
    expect(parseControls(null)).toEqual(DEFAULT_CONTROLS);
    expect(
      parseControls({ keys: { help: 'H', settings: 'ArrowLeft' }, layout: 'kindle', wheel: 'pages', motion: 'reduce', invertX: 1 }),
    ).toEqual({
      ...DEFAULT_CONTROLS,
      keys: { ...DEFAULT_KEYS, help: 'h' },
      layout: 'kindle',
      wheel: 'pages',
      motion: 'reduce',
    });
    // Two actions on one key: the defaults.
    expect(parseControls({ keys: { help: 's' } }).keys).toEqual(DEFAULT_KEYS);
  });

  it('reduced motion: the setting, or the system when automatic', () => {
    expect([
      motionReduced('auto', true),
      motionReduced('auto', false),
      motionReduced('reduce', false),
      motionReduced('full', true),
    ]).toEqual([true, false, true, false]);
  });
});
