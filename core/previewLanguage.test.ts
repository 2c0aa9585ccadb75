import { describe, expect, it } from 'vitest';
import { previewLanguage, previewPath } from './previewLanguage';

describe('the preview language a page address carries', () => {
  it('is a known short code, or nothing', () => {
    expect(previewLanguage(previewPath('/updates', 'th').split('?')[1])).toBe('th');
    expect(previewLanguage('?preview=th')).toBe('th');
    expect(previewLanguage('?preview=xx')).toBeNull();
    expect(previewLanguage('?other=th')).toBeNull();
    expect(previewLanguage(undefined)).toBeNull();
  });
});
