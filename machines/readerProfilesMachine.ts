import { assign, setup } from 'xstate';
import { nameProblem, nextProfileId, USER_PROFILES_MAX, cleanName, type NameProblem } from '../core/viewer/readerProfiles';

/**
 * Reading profiles (the viewer header's profile menu, core/viewer/readerProfiles.ts): `closed` until the reader
 * opens the menu; choosing a profile there switches to it (`switching` while its settings are written by the
 * injected `applyProfile`, which answers `switch.applied` once every setting is kept, or `switch.failed` when
 * the browser kept none of them: nothing half applied), then `applied` (the menu closed, the profile in use)
 * or `failed` (try again or close). From the menu the reader saves the settings in use as a new profile of
 * their own (`naming`), renames one (`renaming`) or deletes one after confirming (`confirmingDelete`); built-in
 * profiles are neither renamed nor deleted. A name is refused (empty, too long, another profile's) with the
 * reason shown until a good one is given or the edit cancelled. The title's default profile (applied as a
 * chapter of the title opens) is chosen in the menu. Each change is saved through an injected action.
 */
export interface ProfileEntry {
  id: string;
  /** As shown (built-in ones in the interface's language). */
  name: string;
  builtIn: boolean;
}

export type ReaderProfilesEvent =
  | { type: 'menu.open' }
  | { type: 'menu.close' }
  | { type: 'profile.switch'; id: string }
  | { type: 'switch.applied' }
  | { type: 'switch.failed' }
  | { type: 'save.start' }
  | { type: 'rename.start'; id: string }
  | { type: 'delete.start'; id: string }
  | { type: 'name.submit'; name: string }
  | { type: 'delete.confirm' }
  | { type: 'edit.cancel' }
  | { type: 'titleDefault.set'; id: string | null };

export interface ReaderProfilesInput {
  profiles: ProfileEntry[];
  active: string | null;
  titleDefault: string | null;
}

export interface ReaderProfilesContext extends ReaderProfilesInput {
  /** The profile being switched to, renamed or deleted. */
  target: string | null;
  /** Why the name last given was refused. */
  problem: NameProblem | null;
}

type Ev<T extends ReaderProfilesEvent['type']> = Extract<ReaderProfilesEvent, { type: T }>;

const known = (c: ReaderProfilesContext, id: unknown) => c.profiles.some((p) => p.id === id);
const own = (c: ReaderProfilesContext, id: unknown) => c.profiles.some((p) => p.id === id && !p.builtIn);
const problemOf = (c: ReaderProfilesContext, name: string) =>
  nameProblem(
    name,
    c.profiles.filter((p) => p.id !== c.target).map((p) => p.name),
  );

export const readerProfilesMachine = setup({
  types: {
    context: {} as ReaderProfilesContext,
    events: {} as ReaderProfilesEvent,
    input: {} as ReaderProfilesInput,
  },
  actions: {
    applyProfile: (_, _id: string) => {},
    saveProfile: (_, _p: { id: string; name: string }) => {},
    renameProfile: (_, _p: { id: string; name: string }) => {},
    deleteProfile: (_, _id: string) => {},
    saveTitleDefault: (_, _id: string | null) => {},
    setTarget: assign(({ event }) => ({ target: (event as { id: string }).id, problem: null })),
    startNaming: assign({ target: null, problem: null }),
    setProblem: assign(({ context, event }) => ({ problem: problemOf(context, (event as Ev<'name.submit'>).name) })),
    setActive: assign(({ context }) => ({ active: context.target })),
    addProfile: assign(({ context, event }) => {
      const id = nextProfileId(context.profiles.map((p) => p.id));
      const name = cleanName((event as Ev<'name.submit'>).name);
      return { profiles: [...context.profiles, { id, name, builtIn: false }], active: id, target: id };
    }),
    setName: assign(({ context, event }) => ({
      profiles: context.profiles.map((p) => (p.id === context.target ? { ...p, name: cleanName((event as Ev<'name.submit'>).name) } : p)),
    })),
    removeProfile: assign(({ context }) => ({
      profiles: context.profiles.filter((p) => p.id !== context.target),
      active: context.active === context.target ? null : context.active,
      titleDefault: context.titleDefault === context.target ? null : context.titleDefault,
    })),
    setTitleDefault: assign(({ event }) => ({ titleDefault: (event as Ev<'titleDefault.set'>).id })),
  },
  guards: {
    knownProfile: ({ context, event }) => known(context, (event as { id?: unknown }).id),
    ownProfile: ({ context, event }) => own(context, (event as { id?: unknown }).id),
    hasRoom: ({ context }) => context.profiles.filter((p) => !p.builtIn).length < USER_PROFILES_MAX,
    goodName: ({ context, event }) => event.type === 'name.submit' && problemOf(context, event.name) === null,
    knownOrNone: ({ context, event }) => event.type === 'titleDefault.set' && (event.id === null || known(context, event.id)),
  },
}).createMachine({
  id: 'readerProfiles',
  context: ({ input }) => ({ ...input, target: null, problem: null }),
  initial: 'closed',
  states: {
    closed: { on: { 'menu.open': 'open' } },
    /** The menu: the profiles, what can be done with them, the title's default. */
    open: {
      on: {
        'menu.close': 'closed',
        'profile.switch': {
          guard: 'knownProfile',
          target: 'switching',
          actions: ['setTarget', { type: 'applyProfile', params: ({ event }) => event.id }],
        },
        'save.start': { guard: 'hasRoom', target: 'naming', actions: 'startNaming' },
        'rename.start': { guard: 'ownProfile', target: 'renaming', actions: 'setTarget' },
        'delete.start': { guard: 'ownProfile', target: 'confirmingDelete', actions: 'setTarget' },
        'titleDefault.set': {
          guard: 'knownOrNone',
          actions: ['setTitleDefault', { type: 'saveTitleDefault', params: ({ event }) => event.id }],
        },
      },
    },
    switching: {
      on: {
        'switch.applied': { target: 'applied', actions: 'setActive' },
        'switch.failed': 'failed',
      },
    },
    /** The profile's settings in use; the menu closed. */
    applied: { on: { 'menu.open': 'open' } },
    /** None of the profile's settings were kept. */
    failed: {
      on: {
        'profile.switch': {
          guard: 'knownProfile',
          target: 'switching',
          actions: ['setTarget', { type: 'applyProfile', params: ({ event }) => event.id }],
        },
        'menu.close': 'closed',
      },
    },
    naming: {
      on: {
        'name.submit': [
          {
            guard: 'goodName',
            target: 'open',
            actions: ['addProfile', { type: 'saveProfile', params: ({ context }) => ({ id: context.active!, name: nameOf(context) }) }],
          },
          { actions: 'setProblem' },
        ],
        'edit.cancel': 'open',
      },
    },
    renaming: {
      on: {
        'name.submit': [
          {
            guard: 'goodName',
            target: 'open',
            actions: ['setName', { type: 'renameProfile', params: ({ context }) => ({ id: context.target!, name: nameOf(context) }) }],
          },
          { actions: 'setProblem' },
        ],
        'edit.cancel': 'open',
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': {
          target: 'open',
          actions: [{ type: 'deleteProfile', params: ({ context }) => context.target! }, 'removeProfile'],
        },
        'edit.cancel': 'open',
      },
    },
  },
});

/** The target profile's name (after addProfile or setName have run). */
function nameOf(c: ReaderProfilesContext): string {
  return c.profiles.find((p) => p.id === c.target)?.name ?? '';
}
