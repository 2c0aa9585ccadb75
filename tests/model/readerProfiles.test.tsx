import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { STORAGE } from '../../core/storageKeys';
import { BUILT_IN_PROFILES, parseStoredProfiles, type StoredProfiles } from '../../core/viewer/readerProfiles';
import {
  readerProfilesMachine,
  type ReaderProfilesContext,
  type ReaderProfilesEvent,
  type ReaderProfilesInput,
} from '../../machines/readerProfilesMachine';
import { profileEntries, ReaderProfilesProvider } from '../../src/features/readerSettings/ReaderProfiles';
import { browserProfileStore, type ProfileStore } from '../../src/features/readerSettings/profileStore';
import { saveReaderProfiles, saveViewerMode, storedReaderProfiles, storedViewerMode } from '../../src/lib/storage';
import { ProfileSwitcher } from '../../src/screens/viewer/ProfileSwitcher';
import { loadTestMessages } from './shellHelpers';
import { runUiModel } from './uiModel';

/**
 * readerProfilesMachine's paths on the real header button and menu (ProfileSwitcher, ProfileMenu) under the
 * real provider and the browser's storage (jsdom's): each event is what the reader does (the button, a
 * profile, the name form, the delete question, the title's default), a switch's outcome is the real
 * application answering, held until the step lets it go (a failure: the storage refusing every write).
 * Each state is checked as the reader sees it and as it is stored. The stage under the provider is a stand-in
 * that counts how often it was made (a switch makes it again). Two real browsers, linked:
 * tests/e2e/readerProfiles.test.ts.
 */
const TITLE = 42;
const SEEDED: StoredProfiles = {
  profiles: [{ id: 'u1', name: 'Bedtime', settings: { ...BUILT_IN_PROFILES[1].settings, autoScrollLevel: 2 } }],
  active: 'manga',
  titleDefaults: {},
};

let release: (() => void) | null = null;
let refuseWrites: { mockRestore: () => void } | null = null;
const allowWrites = () => {
  refuseWrites?.mockRestore();
  refuseWrites = null;
};
/** The browser's store, its application held until a step lets it go. */
const held: ProfileStore = {
  ...browserProfileStore,
  apply: (titleId, id) => new Promise<void>((r) => (release = r)).then(() => browserProfileStore.apply(titleId, id)),
};

function Stage({ generation }: { generation: number }) {
  return (
    <header>
      <ProfileSwitcher />
      <span data-testid="generation">{generation}</span>
    </header>
  );
}

function show() {
  allowWrites();
  saveViewerMode('horizontal');
  saveReaderProfiles(SEEDED);
  render(
    <ReaderProfilesProvider titleId={TITLE} store={held}>
      {(g) => <Stage key={g} generation={g} />}
    </ReaderProfilesProvider>,
  );
  return screen.findByTestId('profile-button');
}

const button = () => screen.getByTestId('profile-button');
const menu = () => within(screen.getByTestId('profile-menu'));
const nameOf = (c: ReaderProfilesContext, id: string | null) => c.profiles.find((p) => p.id === id)?.name;
let made = 0;

/** The state last shown (the events name the profiles as the reader sees them there). */
let seen: ReaderProfilesContext;

function check(s: { value: unknown; context: unknown }) {
  const c = s.context as ReaderProfilesContext;
  seen = c;
  const v = String(s.value);
  const open = !['closed', 'applied'].includes(v);
  expect(button().getAttribute('aria-expanded')).toBe(String(open));
  expect(button().textContent).toBe(c.active ? `Reading profile: ${nameOf(c, c.active)}` : 'Reading profiles');
  expect(screen.queryByTestId('profile-menu') !== null).toBe(open);
  const stored = storedReaderProfiles();
  expect(stored.profiles.map((p) => p.name)).toEqual(c.profiles.filter((p) => !p.builtIn).map((p) => p.name));
  expect(stored.titleDefaults[String(TITLE)] ?? null).toBe(c.titleDefault);
  if (v === 'applied') {
    expect(screen.getByTestId('profile-status').textContent).toBe(`“${nameOf(c, c.active)}” is in use.`);
    expect(Number(screen.getByTestId('generation').textContent)).toBe(made);
    expect(document.activeElement).toBe(button());
    expect(stored.active).toBe(c.active);
    expect(storedViewerMode()).toBe(c.active === 'manga' || c.active === 'comic' ? 'horizontal' : 'vertical');
  }
  if (v === 'open' || v === 'switching' || v === 'failed') {
    const options = menu().getAllByTestId('profile-option');
    expect(options.map((o) => o.textContent)).toEqual(c.profiles.map((p) => p.name));
    expect(options.filter((o) => o.getAttribute('aria-pressed') === 'true').map((o) => o.textContent)).toEqual(
      c.active ? [nameOf(c, c.active)] : [],
    );
    expect(menu().getByLabelText<HTMLSelectElement>('Default profile for this title').value).toBe(c.titleDefault ?? '');
  }
  if (v === 'switching') menu().getByText('Switching…');
  if (v === 'failed') {
    expect(menu().getByRole('alert').textContent).toContain(`“${nameOf(c, c.target)}” could not be applied`);
    // Nothing half applied: the direction and the profile in use as they were.
    expect([storedViewerMode(), stored.active]).toEqual(['horizontal', c.active]);
  }
  if (v === 'naming' || v === 'renaming') {
    const box = menu().getByRole('textbox', { name: v === 'naming' ? 'Name of the new profile' : 'New name' });
    expect(document.activeElement).toBe(box);
    expect(box.getAttribute('aria-invalid')).toBe(String(c.problem !== null));
    if (c.problem === 'empty') expect(menu().getByRole('alert').textContent).toBe('Give the profile a name.');
  }
  if (v === 'confirmingDelete') menu().getByText(`Delete the profile “${nameOf(c, c.target)}”?`);
}

const click = (el: HTMLElement) => fireEvent.click(el);
const EVENTS: Record<string, (e: Record<string, unknown> & { type: string }) => unknown> = {
  'menu.open': () => click(button()),
  'menu.close': () => click(menu().getByRole('button', { name: 'Close' })),
  'profile.switch': (e) => click(menu().getByRole('button', { name: nameOf(seen, e.id as string) ?? String(e.id) })),
  'switch.applied': () => {
    allowWrites();
    made++;
    release?.();
  },
  'switch.failed': () => {
    refuseWrites ??= vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    release?.();
  },
  'save.start': () => click(menu().getByRole('button', { name: 'Save current settings as…' })),
  'rename.start': (e) => click(menu().getByRole('button', { name: `Rename “${nameOf(seen, e.id as string)}”` })),
  'delete.start': (e) => click(menu().getByRole('button', { name: `Delete “${nameOf(seen, e.id as string)}”` })),
  'name.submit': (e) => {
    fireEvent.change(menu().getByRole('textbox'), { target: { value: e.name } });
    click(menu().getByRole('button', { name: 'Save' }));
  },
  'delete.confirm': () => click(menu().getByRole('button', { name: 'Delete' })),
  'edit.cancel': () => click(menu().getByRole('button', { name: 'Cancel' })),
  'titleDefault.set': (e) => fireEvent.change(menu().getByLabelText('Default profile for this title'), { target: { value: e.id ?? '' } }),
};

/** The machine's input as the provider reads it from the seeded storage. */
const inputFor = (): ReaderProfilesInput => {
  const s = parseStoredProfiles(SEEDED);
  return { profiles: profileEntries(s), active: s.active, titleDefault: null };
};

const SWITCH: ReaderProfilesEvent = { type: 'profile.switch', id: 'webtoon' };
const GOOD: ReaderProfilesEvent = { type: 'name.submit', name: '  Night   reading ' };
const EMPTY: ReaderProfilesEvent = { type: 'name.submit', name: '  ' };
const OPEN: ReaderProfilesEvent = { type: 'menu.open' };
const CANCEL: ReaderProfilesEvent = { type: 'edit.cancel' };
const FAILED: ReaderProfilesEvent = { type: 'switch.failed' };
const APPLIED: ReaderProfilesEvent = { type: 'switch.applied' };
const RENAME: ReaderProfilesEvent = { type: 'rename.start', id: 'u1' };
const DELETE: ReaderProfilesEvent = { type: 'delete.start', id: 'u1' };
const EVENT_LIST: ReaderProfilesEvent[] = [
  OPEN,
  { type: 'menu.close' },
  SWITCH,
  APPLIED,
  FAILED,
  { type: 'save.start' },
  RENAME,
  DELETE,
  GOOD,
  EMPTY,
  { type: 'delete.confirm' },
  CANCEL,
  { type: 'titleDefault.set', id: 'u1' },
];

describe('reading profiles in the viewer header (readerProfilesMachine on the real menu)', () => {
  beforeEach(() => {
    loadTestMessages();
    made = 0;
  });
  afterEach(allowWrites);

  it('every state and transition, as the reader sees and stores them', async () => {
    const r = await runUiModel(
      readerProfilesMachine,
      {
        name: 'readerProfiles',
        inputs: [inputFor()],
        events: EVENT_LIST,
        // What the reader sees: the step, the profile in use, the names, the title's default, the one acted on, a refused name.
        serializeState: (s) => {
          const c = s.context as ReaderProfilesContext;
          return JSON.stringify([s.value, c.active, c.profiles.map((p) => `${p.id}:${p.name}`), c.titleDefault, c.target, c.problem]);
        },
        // Switching to the profile already in use changes nothing: a storage refusing writes cannot fail it.
        skipStep: (_from, event, input, before) => {
          if (event.type !== 'switch.failed') return false;
          const a = createActor(readerProfilesMachine, { input: input as ReaderProfilesInput }).start();
          for (const e of before) a.send(e as ReaderProfilesEvent);
          const c = a.getSnapshot().context;
          a.stop();
          return c.target === c.active;
        },
        sequences: [
          [OPEN, { type: 'menu.close' }],
          [OPEN, SWITCH, APPLIED, OPEN],
          [OPEN, SWITCH, FAILED, SWITCH, FAILED, { type: 'menu.close' }],
          [OPEN, { type: 'save.start' }, EMPTY, CANCEL, { type: 'save.start' }, GOOD],
          [OPEN, RENAME, EMPTY, CANCEL, RENAME, GOOD],
          [OPEN, DELETE, CANCEL, DELETE, { type: 'delete.confirm' }],
          [OPEN, { type: 'titleDefault.set', id: 'u1' }],
        ],
      },
      () => ({
        render: async () => {
          made = 0;
          await show();
        },
        // The storage refuses writes from a failure's step to the next step only.
        events: Object.fromEntries(
          Object.entries(EVENTS).map(([type, run]) => [
            type,
            (e: Record<string, unknown> & { type: string }) => {
              if (type !== 'switch.failed') allowWrites();
              return run(e);
            },
          ]),
        ),
        check,
      }),
    );
    expect(r.paths).toBeGreaterThan(7);
  });

  it('the keyboard: Escape closes the menu and gives the focus back; the title’s default is applied as the title opens', async () => {
    await show();
    button().focus();
    fireEvent.click(button());
    expect(document.activeElement?.textContent).toBe('Manga (page by page)');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('profile-menu')).toBeNull();
    expect(document.activeElement).toBe(button());

    // The title's default, set here, is applied the next time the title opens (before the stage is made).
    fireEvent.click(button());
    fireEvent.change(menu().getByLabelText('Default profile for this title'), { target: { value: 'u1' } });
    cleanup();
    render(<ReaderProfilesProvider titleId={TITLE}>{(g) => <Stage key={g} generation={g} />}</ReaderProfilesProvider>);
    expect((await screen.findByTestId('profile-button')).textContent).toBe('Reading profile: Bedtime');
    expect([storedViewerMode(), localStorage.getItem(STORAGE.autoScrollLevel)]).toEqual(['vertical', '2']);
  });
});
