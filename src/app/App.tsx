import { useEffect, useState } from 'react';
import { call } from '../api/client';
import { t } from '../i18n';

/** Minimal first screen (replaced by the shell issue): titles from the API. */
export function App() {
  const [names, setNames] = useState<string[] | null>(null);
  useEffect(() => {
    call('/title_list/allV2')
      .then((r) => {
        const v = r.data.case === 'allTitlesViewV2' ? r.data.value.allTitlesGroup : [];
        setNames(v.map((g) => g.theTitle));
      })
      .catch(() => setNames([]));
  }, []);
  return (
    <main>
      <h1>{t('common.appName')}</h1>
      {names === null ? <p>{t('common.loading')}</p> : <ul>{names.map((n) => <li key={n}>{n}</li>)}</ul>}
    </main>
  );
}
