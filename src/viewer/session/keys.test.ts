import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYS } from '../../../core/viewer/controls';
import { keyOutcome, type KeyContext } from './keys';

const k = (key: string, o: Partial<{ altKey: boolean; ctrlKey: boolean; inField: boolean }> = {}) => ({
  key,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ctrlKey: false,
  inField: false,
  ...o,
});
const at: KeyContext = {
  menuOpen: false,
  dragging: false,
  zoomed: false,
  mode: 'horizontal',
  rtl: false,
  keys: DEFAULT_KEYS,
  centre: { x: 50, y: 40 },
};

describe('viewer keys', () => {
  it('page in the reading direction, and say so (the browser must not scroll)', () => {
    expect(keyOutcome(k('ArrowRight'), at)).toEqual({ to: 'paging', event: { type: 'page.next' }, pages: true });
    expect(keyOutcome(k('ArrowRight'), { ...at, rtl: true })).toEqual({ to: 'paging', event: { type: 'page.prev' }, pages: true });
  });
  it('with a menu open only Escape counts: it closes the menu', () => {
    expect(keyOutcome(k('Escape'), { ...at, menuOpen: true })).toEqual({ to: 'menus' });
    expect(keyOutcome(k('ArrowRight'), { ...at, menuOpen: true })).toBe(null);
  });
  it('Escape lets go of a drag before it leaves the zoom; 0 resets the zoom', () => {
    expect(keyOutcome(k('Escape'), { ...at, dragging: true, zoomed: true })).toEqual({
      to: 'paging',
      event: { type: 'drag.cancel' },
      pages: false,
    });
    expect(keyOutcome(k('Escape'), { ...at, zoomed: true })).toEqual({ to: 'paging', event: { type: 'zoom.reset' }, pages: false });
    expect(keyOutcome(k('0'), { ...at, zoomed: true })).toEqual({ to: 'paging', event: { type: 'zoom.reset' }, pages: false });
    expect(keyOutcome(k('Escape'), at)).toBe(null);
  });
  it('O toggles the spread offset in horizontal reading (not vertical, not with a menu open)', () => {
    const toggle = { to: 'settings', event: { type: 'spreadOffset.toggle' } };
    expect(keyOutcome(k('o'), at)).toEqual(toggle);
    expect(keyOutcome(k('O'), at)).toEqual(toggle);
    expect(keyOutcome(k('o'), { ...at, mode: 'vertical' })).toBe(null);
    expect(keyOutcome(k('o'), { ...at, menuOpen: true })).toBe(null);
    expect(keyOutcome(k('o', { ctrlKey: true }), at)).toBe(null);
  });
  it('leaves modified keys and typing alone', () => {
    expect(keyOutcome(k('ArrowRight', { altKey: true }), at)).toBe(null);
    expect(keyOutcome(k('ArrowRight', { ctrlKey: true }), at)).toBe(null);
    expect(keyOutcome(k(' ', { inField: true }), at)).toBe(null);
  });
  it('every other action through the key map, remapped keys included', () => {
    expect(keyOutcome(k('PageDown'), at)).toEqual({ to: 'paging', event: { type: 'page.next' }, pages: true });
    expect(keyOutcome(k('End'), at)).toEqual({ to: 'paging', event: { type: 'page.last' }, pages: true });
    expect(keyOutcome(k('z'), at)).toEqual({ to: 'paging', event: { type: 'zoom.toggle', x: 50, y: 40 }, pages: false });
    expect(keyOutcome(k('S'), at)).toEqual({ to: 'menu', menu: 'settings' });
    expect(keyOutcome(k('m'), at)).toEqual({ to: 'bar' });
    expect(keyOutcome(k('d'), at)).toEqual({ to: 'direction', mode: 'vertical' });
    expect(keyOutcome(k('['), at)).toEqual({ to: 'app', action: 'prevChapter' });
    expect(keyOutcome(k('?'), at)).toEqual({ to: 'app', action: 'help' });
    const keys = { ...DEFAULT_KEYS, nextPage: 'j' };
    expect(keyOutcome(k('j'), { ...at, keys })).toEqual({ to: 'paging', event: { type: 'page.next' }, pages: true });
    expect(keyOutcome(k('PageDown'), { ...at, keys })).toBe(null);
    // Space and the arrows keep their meaning whatever the map says.
    expect(keyOutcome(k(' '), { ...at, keys })).toEqual({ to: 'paging', event: { type: 'page.next' }, pages: true });
  });
});
