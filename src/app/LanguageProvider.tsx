import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { languageSettingsMachine, type LanguagesPayload } from '../../machines/languageSettingsMachine';
import { call } from '../api/client';
import type { Languages } from '../../core/gen/manga/v1/misc_pb';
import { initI18n, isLocale, locale } from '../i18n';
import { inspect } from '../lib/inspector';
import { byLanguage, byShort } from '../../core/languages';
import { browserLanguage, languagesInput } from '../lib/prefs';
import { saveLanguages } from '../lib/storage';
import { usePrefs } from '../lib/usePrefs';
import { Loading } from '../ui/Loading';
import { reregisterPushToken } from '../features/push/push';

export type LanguageActor = ActorRefFrom<typeof languageSettingsMachine>;
const Ctx = createContext<LanguageActor | null>(null);

export function toPayload(l: Languages): LanguagesPayload {
  const short = (x: number) => byLanguage(x)?.short ?? '';
  return {
    defaultUi: short(l.defaultUiLanguage) || 'en',
    defaultContent: [l.defaultContentLanguageOne, l.defaultContentLanguageTwo, l.defaultContentLanguageThree].map(short).filter(Boolean),
    available: l.availableLanguages.map((a) => ({ code: short(a.language), titlesCount: a.titlesCount })).filter((a) => a.code),
  };
}

/**
 * Holds the languageSettings actor for the whole app. On first use it
 * waits for the defaults before rendering the routes, so every screen's
 * first call already carries the right lang/clang.
 */
export function LanguageProvider({ children, reload = () => window.location.reload() }: { children: ReactNode; reload?: () => void }) {
  const [switching, setSwitching] = useState(false);
  const prefs = usePrefs();
  const actor = useActorRef(
    languageSettingsMachine.provide({
      actions: {
        loadLanguages: ({ self }) => {
          call('/language')
            .then((r) => {
              if (!r.languages) throw new Error('no languages view');
              self.send({ type: 'languages.loaded', languages: toPayload(r.languages) });
            })
            .catch(() => self.send({ type: 'languages.failed' }));
        },
        saveLanguages: (_, p) => saveLanguages(p.serviceLang, p.contentLangs),
        applyServiceLang: (_, p) => {
          if (!isLocale(p.serviceLang) || p.serviceLang === locale()) return;
          setSwitching(true);
          void initI18n(p.serviceLang).finally(() => setSwitching(false));
        },
        refetch: () => window.dispatchEvent(new CustomEvent('languages-changed')),
        reregisterPush: (_, p) => {
          const svc = byShort(p.serviceLang)?.service;
          if (svc) void reregisterPushToken(svc);
        },
        reload,
      },
    }),
    { input: { ...languagesInput(prefs), browser: browserLanguage() }, inspect },
  );
  const firstUse = useSelector(actor, (s) => s.matches('loading') && s.context.firstUse);
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'route.changed' });
  }, [location, actor]);
  return <Ctx.Provider value={actor}>{firstUse || switching ? <Loading /> : children}</Ctx.Provider>;
}

export function useLanguageActor(): LanguageActor {
  const a = useContext(Ctx);
  if (!a) throw new Error('LanguageProvider missing');
  return a;
}
