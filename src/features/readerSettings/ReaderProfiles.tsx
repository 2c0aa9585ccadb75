/**
 * The reading profiles of the open viewer (core/viewer/readerProfiles.ts): the readerProfiles machine's actor,
 * above the chapter's stage so that it outlives it. As a title's chapter opens, the title's default profile
 * is applied first (when it is not the one in use), before the stage reads the settings. A profile switched
 * from the header's menu is written whole (profileStore.ts), then the stage is made again (`generation`
 * changes: the stage's key) so that every part of the viewer reads the new settings at once, at the page the
 * reader was on; the menu's button takes the focus back.
 */
import { useMachine } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import { BUILT_IN_PROFILES, findProfile, sameSettings, type StoredProfiles } from '../../../core/viewer/readerProfiles';
import { readerProfilesMachine, type ProfileEntry, type ReaderProfilesEvent } from '../../../machines/readerProfilesMachine';
import { inspect } from '../../../web/inspector';
import { t } from '../../i18n';
import { browserProfileStore, profileEdits, type ProfileStore } from './profileStore';

export interface ReaderProfilesValue {
  state: SnapshotFrom<typeof readerProfilesMachine>;
  send: (e: ReaderProfilesEvent) => void;
  /** Whether the settings in use differ from the active profile's (changed since it was applied). */
  changed: () => boolean;
  /** The stage's generation (it changes as a switch makes the stage again). */
  generation: number;
  /** True once for the generation a switch made: that stage's menu button takes the focus. */
  takeFocus: (generation: number) => boolean;
}

const Ctx = createContext<ReaderProfilesValue | null>(null);

/** The open viewer's profiles; null outside a viewer (the chrome rendered alone). */
export const useReaderProfiles = () => useContext(Ctx);

/** Built-in profiles first (named in the interface's language), then the reader's. */
export function profileEntries(s: StoredProfiles): ProfileEntry[] {
  return [
    ...BUILT_IN_PROFILES.map((p) => ({ id: p.id, name: t(`profiles.builtin_${p.id}`), builtIn: true })),
    ...s.profiles.map((p) => ({ id: p.id, name: p.name, builtIn: false })),
  ];
}

interface Props {
  titleId: number;
  store?: ProfileStore;
  /** The stage, keyed by the generation. */
  children: (generation: number) => ReactNode;
}

export function ReaderProfilesProvider({ titleId, store = browserProfileStore, children }: Props) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const s = store.load();
    const d = s.titleDefaults[String(titleId)];
    const starting = d && d !== s.active ? store.apply(titleId, d) : Promise.resolve(true);
    void starting.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [store, titleId]);
  return ready ? (
    <ProfilesActor titleId={titleId} store={store}>
      {children}
    </ProfilesActor>
  ) : null;
}

function ProfilesActor({ titleId, store, children }: Required<Props>) {
  const [generation, setGeneration] = useState(0);
  const [{ machine, focus }] = useState(() => {
    const edits = profileEdits(store, titleId);
    const focus = focusAfterSwitch();
    const machine = readerProfilesMachine.provide({
      actions: {
        applyProfile: ({ self }, id) => {
          void store.apply(titleId, id).then((ok) => {
            if (ok) setGeneration(focus.next());
            self.send({ type: ok ? 'switch.applied' : 'switch.failed' });
          });
        },
        saveProfile: (_, { id, name }) => edits.add(id, name),
        renameProfile: (_, { id, name }) => edits.rename(id, name),
        deleteProfile: (_, id) => edits.remove(id),
        saveTitleDefault: (_, id) => edits.setTitleDefault(id),
      },
    });
    return { machine, focus };
  });
  const [input] = useState(() => {
    const s = store.load();
    return { profiles: profileEntries(s), active: s.active, titleDefault: s.titleDefaults[String(titleId)] ?? null };
  });
  const [state, send] = useMachine(machine, { input, inspect });
  const value: ReaderProfilesValue = {
    state,
    send,
    changed: () => {
      const active = state.context.active && findProfile(store.load(), state.context.active);
      return !!active && !sameSettings(store.current(titleId), active.settings);
    },
    generation,
    takeFocus: focus.take,
  };
  return <Ctx.Provider value={value}>{children(generation)}</Ctx.Provider>;
}

/** The stage generation a switch made, whose menu button takes the focus (once). */
function focusAfterSwitch() {
  let made = 0;
  let at = -1;
  return {
    next: () => (at = ++made),
    take: (g: number) => {
      if (g !== at) return false;
      at = -1;
      return true;
    },
  };
}
