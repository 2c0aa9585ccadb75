import { assign, setup } from 'xstate';
import { chooseLanguages } from '../core/languageChoice';

/**
 * Service and content languages (000 §3 Language state; 001 §4).
 *
 * First use (nothing stored): the languages view of GET /api/language gives
 * the defaults: service language = stored value, else the browser's, else
 * the server's default UI language; content languages = its three defaults.
 * A service-language change stores it, resets content languages to just
 * that language, refetches, re-registers the push token if notifications are
 * permitted, and reloads. Content languages toggle one by one (one at least
 * stays on). Closing the settings reloads the page (001 §4), changed or not;
 * a route change while they are open closes them, reloading only after a
 * toggle.
 * Codes are short codes ("en"); effects are provided actions.
 */
interface AvailableLang {
  code: string;
  titlesCount: number;
}

export interface LanguagesPayload {
  defaultUi: string;
  defaultContent: string[];
  available: AvailableLang[];
}

export interface LanguageSettingsInput {
  storedService: string | null;
  storedContent: string[] | null;
  /** The browser's language as a short code, when it is one of ours. */
  browser: string | null;
}

export interface LanguageSettingsContext extends LanguageSettingsInput {
  serviceLang: string;
  contentLangs: string[];
  available: AvailableLang[];
  firstUse: boolean;
  wantOpen: boolean;
  dirty: boolean;
}

export type LanguageSettingsEvent =
  | { type: 'languages.loaded'; languages: LanguagesPayload }
  | { type: 'languages.failed' }
  | { type: 'settings.open' }
  | { type: 'settings.close' }
  | { type: 'route.changed' }
  | { type: 'service.select'; lang: string }
  | { type: 'content.toggle'; lang: string };

export const languageSettingsMachine = setup({
  types: {
    input: {} as LanguageSettingsInput,
    context: {} as LanguageSettingsContext,
    events: {} as LanguageSettingsEvent,
  },
  actions: {
    loadLanguages: () => {},
    saveLanguages: (_, _p: { serviceLang: string; contentLangs: string[] }) => {},
    applyServiceLang: (_, _p: { serviceLang: string }) => {},
    refetch: () => {},
    reregisterPush: (_, _p: { serviceLang: string }) => {},
    reload: () => {},
  },
  guards: {
    isFirstUse: ({ context }) => context.firstUse,
    wantsOpen: ({ context }) => context.wantOpen,
    isDirty: ({ context }) => context.dirty,
    isOtherServiceLang: ({ context, event }) => event.type === 'service.select' && event.lang !== context.serviceLang,
    canToggle: ({ context, event }) =>
      event.type === 'content.toggle' && !(context.contentLangs.length === 1 && context.contentLangs[0] === event.lang),
  },
}).createMachine({
  id: 'languageSettings',
  context: ({ input }) => {
    const firstUse = !input.storedService || !input.storedContent?.length;
    const serviceLang = input.storedService ?? input.browser ?? 'en';
    return {
      ...input,
      serviceLang,
      contentLangs: input.storedContent?.length ? input.storedContent : [serviceLang],
      available: [],
      firstUse,
      wantOpen: false,
      dirty: false,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      entry: 'loadLanguages',
      on: {
        'settings.open': { actions: assign({ wantOpen: true }) },
        'languages.loaded': {
          target: 'deciding',
          actions: assign(({ context, event }) => {
            const l = event.languages;
            if (!context.firstUse) return { available: l.available };
            return { available: l.available, ...chooseLanguages(context, l) };
          }),
        },
        'languages.failed': { target: 'deciding' },
      },
    },
    deciding: {
      always: [
        {
          guard: 'isFirstUse',
          target: 'deciding',
          reenter: true,
          actions: [
            { type: 'saveLanguages', params: ({ context }) => ({ serviceLang: context.serviceLang, contentLangs: context.contentLangs }) },
            { type: 'applyServiceLang', params: ({ context }) => ({ serviceLang: context.serviceLang }) },
            assign({ firstUse: false }),
          ],
        },
        { guard: 'wantsOpen', target: 'open', actions: assign({ wantOpen: false }) },
        { target: 'closed' },
      ],
    },
    closed: {
      on: { 'settings.open': 'open' },
    },
    open: {
      on: {
        // 001 §4: "Changing it or closing the settings reloads the page", with or without a change.
        'settings.close': { target: 'reloading' },
        // Leaving the page with the settings open closes them; only a change needs the reload there.
        'route.changed': [{ guard: 'isDirty', target: 'reloading' }, { target: 'closed' }],
        'service.select': {
          guard: 'isOtherServiceLang',
          target: 'reloading',
          actions: [
            assign(({ event }) => ({ serviceLang: event.lang, contentLangs: [event.lang] })),
            { type: 'saveLanguages', params: ({ context }) => ({ serviceLang: context.serviceLang, contentLangs: context.contentLangs }) },
            'refetch',
            { type: 'reregisterPush', params: ({ context }) => ({ serviceLang: context.serviceLang }) },
          ],
        },
        'content.toggle': {
          guard: 'canToggle',
          actions: [
            assign(({ context, event }) => ({
              dirty: true,
              contentLangs: context.contentLangs.includes(event.lang)
                ? context.contentLangs.filter((c) => c !== event.lang)
                : [...context.contentLangs, event.lang],
            })),
            { type: 'saveLanguages', params: ({ context }) => ({ serviceLang: context.serviceLang, contentLangs: context.contentLangs }) },
          ],
        },
      },
    },
    reloading: { entry: 'reload' },
  },
});
