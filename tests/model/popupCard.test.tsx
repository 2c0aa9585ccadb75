import { create } from '@bufbuild/protobuf';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupSchema } from '../../core/gen/manga/v1/common_pb';
import { loadTestMessages } from './shellHelpers';
import { PopupCard } from '../../src/ui/PopupCard';

/** The app's own popup kind: an action is offered as Open; a notice with no action offers OK, which closes it. */
const appPopup = (url: string) =>
  create(PopupSchema, {
    popupId: 7,
    data: {
      case: 'appDefault',
      value: { subject: 'Notice', body: 'Reading pauses at 02:00.', imageUrl: '/img/popup/7.webp', action: { url } },
    },
  } as never);

describe('the app popup', () => {
  beforeEach(() => loadTestMessages());
  afterEach(cleanup);

  it('with an action: Open goes there', () => {
    render(<PopupCard popup={appPopup('mangareader://detail/100001')} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/titles/100001');
    expect(screen.queryByRole('button', { name: 'OK' })).toBeNull();
  });

  it('with nowhere to go: OK closes it, and nothing on it is a link', () => {
    const onClose = vi.fn();
    render(<PopupCard popup={appPopup('')} onClose={onClose} />);
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
