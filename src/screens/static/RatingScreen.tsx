import { useEffect } from 'react';
import { useParams } from 'wouter';
import { t } from '../../i18n';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import './static.css';

const RATINGS = [
  { key: 'allAges', color: '#2e9d4f', mark: 'A' },
  { key: 'teen', color: '#e0a100', mark: 'T' },
  { key: 'teenPlus', color: '#d4412a', mark: 'T+' },
] as const;

/** /rating/{language}: the content ratings (all ages, teen, teen plus). Anchors #allAges, #teen, #teenPlus. */
export default function RatingScreen() {
  const { language } = useParams<{ language: string }>();
  useEffect(() => {
    document.title = `${t('static.ratingTitle')} | ${t('common.appName')}`;
  }, []);
  return (
    <main className="static-page" data-screen="rating" data-language={language}>
      <Breadcrumbs items={[{ label: t('static.ratingTitle') }]} />
      <h1>{t('static.ratingTitle')}</h1>
      <p className="lead">{t('static.ratingLead')}</p>
      {RATINGS.map((r) => (
        <section key={r.key} id={r.key} className="rating-item">
          <span className="rating-item__mark" style={{ background: r.color }} aria-hidden="true">
            {r.mark}
          </span>
          <div>
            <h2>{t(`static.rating_${r.key}`)}</h2>
            <p>{t(`static.rating_${r.key}Body`)}</p>
          </div>
        </section>
      ))}
    </main>
  );
}
