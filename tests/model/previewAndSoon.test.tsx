import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { create } from '@bufbuild/protobuf';
import { TitleDetailViewSchema } from '../../core/gen/manga/v1/title_pb';
import { PreviewMarker } from '../../src/screens/viewer/PreviewMarker';
import { ComingSoon } from '../../src/screens/title/ComingSoon';
import { loadTestMessages } from './shellHelpers';

/** Issue 47: a staff preview link is marked as one; a title published before its first chapter says when it comes. */
describe("the reader's preview marker and coming-soon block", () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  it('a preview link shows "Preview"; a reader’s own viewer shows none', () => {
    loadTestMessages('en');
    window.history.replaceState(null, '', '/viewer/5?preview=tok123');
    render(<PreviewMarker />);
    expect(screen.getByTestId('viewer-preview-marker').textContent).toBe('Preview');
    cleanup();
    window.history.replaceState(null, '', '/viewer/5');
    render(<PreviewMarker />);
    expect(screen.queryByTestId('viewer-preview-marker')).toBeNull();
  });

  it('coming soon: the date in the reader’s language and the schedule text', () => {
    loadTestMessages('th');
    const d = create(TitleDetailViewSchema, { nextTimeStamp: Date.UTC(2026, 5, 5, 12) / 1000, nonAppearanceInfo: 'ทุกวันศุกร์' });
    render(<ComingSoon d={d} />);
    const region = screen.getByRole('region', { name: 'เร็ว ๆ นี้' });
    expect(region.textContent).toContain('ทุกวันศุกร์');
    expect(region.textContent).toContain('2569');
    loadTestMessages('en');
  });
});
