import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  languageSettingsMachine,
  type LanguageSettingsEvent,
  type LanguageSettingsInput,
  type LanguagesPayload,
} from './languageSettingsMachine';
import { actionLog, after, expectFullCoverage, machinePaths } from '../tests/model/machineTestkit';

const LANGUAGES: LanguagesPayload = {
  defaultUi: 'en',
  defaultContent: ['en', 'es', 'fr'],
  available: ['en', 'es', 'fr'].map((code) => ({ code, titlesCount: 10 })),
};
const LOADED: LanguageSettingsEvent = { type: 'languages.loaded', languages: LANGUAGES };
const FIRST_USE: LanguageSettingsInput = { storedService: null, storedContent: null, browser: 'fr' };
const STORED: LanguageSettingsInput = { storedService: 'en', storedContent: ['en', 'es'], browser: null };
const EVENTS: LanguageSettingsEvent[] = [
  LOADED,
  { type: 'languages.failed' },
  { type: 'settings.open' },
  { type: 'settings.close' },
  { type: 'route.changed' },
  { type: 'service.select', lang: 'fr' },
  { type: 'service.select', lang: 'en' },
  { type: 'content.toggle', lang: 'es' },
  { type: 'content.toggle', lang: 'en' },
];
const EFFECTS = ['loadLanguages', 'saveLanguages', 'applyServiceLang', 'refetch', 'reregisterPush', 'reload'] as const;

describe('languageSettingsMachine', () => {
  it('paths reach every state and transition', () => {
    expectFullCoverage(
      'languageSettings',
      languageSettingsMachine,
      machinePaths(languageSettingsMachine, { inputs: [FIRST_USE, STORED], events: EVENTS }),
    );
  });

  it("first use: the browser's language, the server's default content languages, stored once", () => {
    const log = actionLog(...EFFECTS);
    const a = createActor(languageSettingsMachine.provide({ actions: log.actions }), { input: FIRST_USE }).start();
    a.send(LOADED);
    expect(a.getSnapshot().value).toBe('closed');
    expect(a.getSnapshot().context).toMatchObject({ serviceLang: 'fr', contentLangs: ['fr', 'en', 'es'], firstUse: false });
    expect(log.calls).toEqual([
      ['loadLanguages', undefined],
      ['saveLanguages', { serviceLang: 'fr', contentLangs: ['fr', 'en', 'es'] }],
      ['applyServiceLang', { serviceLang: 'fr' }],
    ]);
    // Without an answer: the browser's language alone.
    expect(after(languageSettingsMachine, { ...FIRST_USE, browser: null }, [{ type: 'languages.failed' }]).context).toMatchObject({
      serviceLang: 'en',
      contentLangs: ['en'],
    });
  });

  it('stored languages are kept; settings asked for while loading open once loaded', () => {
    const log = actionLog(...EFFECTS);
    const s = after(languageSettingsMachine.provide({ actions: log.actions }), STORED, [{ type: 'settings.open' }, LOADED]);
    expect(s.value).toBe('open');
    expect(s.context).toMatchObject({ serviceLang: 'en', contentLangs: ['en', 'es'], available: LANGUAGES.available, wantOpen: false });
    expect(log.names()).toEqual(['loadLanguages']);
  });

  it('another service language stores it with only itself as content, refetches, re-registers push and reloads', () => {
    const log = actionLog(...EFFECTS);
    const m = languageSettingsMachine.provide({ actions: log.actions });
    const same = after(m, STORED, [LOADED, { type: 'settings.open' }, { type: 'service.select', lang: 'en' }]);
    expect(same.value).toBe('open');
    const s = after(m, STORED, [LOADED, { type: 'settings.open' }, { type: 'service.select', lang: 'fr' }]);
    expect(s.value).toBe('reloading');
    expect(s.context).toMatchObject({ serviceLang: 'fr', contentLangs: ['fr'] });
    expect(log.calls.slice(2)).toEqual([
      ['saveLanguages', { serviceLang: 'fr', contentLangs: ['fr'] }],
      ['refetch', undefined],
      ['reregisterPush', { serviceLang: 'fr' }],
      ['reload', undefined],
    ]);
  });

  it('content languages toggle one by one, one at least stays on; closing reloads, with or without a toggle', () => {
    const open: LanguageSettingsEvent[] = [LOADED, { type: 'settings.open' }];
    const toggled = after(languageSettingsMachine, STORED, [
      ...open,
      { type: 'content.toggle', lang: 'es' },
      { type: 'content.toggle', lang: 'en' },
    ]);
    expect(toggled.context.contentLangs).toEqual(['en']);
    expect(after(languageSettingsMachine, STORED, [...open, { type: 'content.toggle', lang: 'fr' }]).context.contentLangs).toEqual([
      'en',
      'es',
      'fr',
    ]);
    // 001 §4: closing the settings reloads the page, even with nothing changed…
    expect(after(languageSettingsMachine, STORED, [...open, { type: 'settings.close' }]).value).toBe('reloading');
    expect(
      after(languageSettingsMachine, STORED, [...open, { type: 'content.toggle', lang: 'es' }, { type: 'settings.close' }]).value,
    ).toBe('reloading');
    // …while leaving the page with them open reloads only after a change.
    expect(after(languageSettingsMachine, STORED, [...open, { type: 'route.changed' }]).value).toBe('closed');
    expect(after(languageSettingsMachine, STORED, [...open, { type: 'content.toggle', lang: 'es' }, { type: 'route.changed' }]).value).toBe(
      'reloading',
    );
  });
});
