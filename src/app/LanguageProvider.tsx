import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { languageSettingsMachine, type LanguagesPayload } from '../../machines/languageSettingsMachine';
import { call } from '../api/client';
import type { Languages } from '../../core/gen/manga/v1/misc_pb';
import { initI18n, isLocale, locale } from '../i18n';
import { inspect } from '../../web/inspector';
import { byLanguage, byShort } from '../../core/languages';
import { browserLanguage, languagesInput } from '../lib/prefs';
import { saveLanguages } from '../lib/storage';
import { PrefsContext } from '../lib/usePrefs';
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

const reloadPage = () => window.location.reload();

/**
 * Holds the languageSettings actor for the whole app. On first use it
 * waits for the defaults before rendering the routes, so every screen's
 * first call already carries the right lang/clang.
 */
export function LanguageProvider({ children, reload = reloadPage }: { children: ReactNode; reload?: () => void }) {
  const [switching, setSwitching] = useState(false);
  const readPrefs = useContext(PrefsContext);
  // The machine once (while `reload` is the same), not at each render: every navigation re-renders this provider (it
  // follows the route), and provide() builds the whole machine again (the click's task). The input is
  // read once too: the actor reads it only when it starts.
  const machine = useMemo(
    () =>
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
    [reload],
  );
  const [input] = useState(() => ({ ...languagesInput(readPrefs()), browser: browserLanguage() }));
  const actor = useActorRef(machine, { input, inspect });
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
