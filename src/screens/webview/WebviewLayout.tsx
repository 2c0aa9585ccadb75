import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { initI18n, isLocale, locale, type Locale } from '../../i18n';
import { byService, byShort } from '../../../core/languages';
import { Loading } from '../../ui/Loading';
import { GlobalErrorOutlet } from '../../app/GlobalErrorOutlet';
import './webview.css';

/** A route language param (service code "esp" or short code "es") as an interface locale. */
function localeFromParam(p: string | undefined): Locale | null {
  if (!p) return null;
  const short = byService(p.toLowerCase())?.short ?? byShort(p.toLowerCase())?.short;
  return short && isLocale(short) ? short : null;
}

/**
 * Pages the mobile app opens in a web view (/webview/...): no shell, and
 * the interface language comes from the route (not stored: the visitor's
 * own choice on the site stays as it was).
 */
export function WebviewLayout({ children, param = 'language' }: { children: ReactNode; param?: string }) {
  const params = useParams<Record<string, string>>();
  const wanted = localeFromParam(params[param]);
  // The locale whose strings this layout loaded (its route's, once they are in).
  const [loaded, setLoaded] = useState<string | null>(null);
  const ready = !wanted || wanted === locale() || loaded === wanted;
  useEffect(() => {
    if (!wanted || wanted === locale()) return undefined;
    let live = true;
    void initI18n(wanted).then(() => live && setLoaded(wanted));
    return () => {
      live = false;
    };
  }, [wanted]);
  return <div className="webview">{ready ? <GlobalErrorOutlet>{children}</GlobalErrorOutlet> : <Loading />}</div>;
}
