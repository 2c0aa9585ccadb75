import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { t } from '../../i18n';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import './static.css';

/** The demo FAQ accordion (/faq, /webview/faq/{language}); one item open at a time. */
const FAQ_ITEMS = ['free', 'languages', 'app', 'favorites', 'comments', 'region'] as const;

export default function FaqScreen() {
  const [open, setOpen] = useState<string | null>(null);
  const id = useId();
  const [path] = useLocation();
  return (
    <main className="static-page faq" data-screen="faq">
      {/* The app's webview (/webview/faq/…) has no site around it to lead back to. */}
      {path.startsWith('/webview/') ? null : <Breadcrumbs items={[{ label: t('static.faqTitle') }]} />}
      <h1>{t('static.faqTitle')}</h1>
      <div className="accordion">
        {FAQ_ITEMS.map((k) => {
          const expanded = open === k;
          return (
            <section key={k} className="accordion__item">
              <h2>
                <button
                  type="button"
                  className="accordion__toggle"
                  aria-expanded={expanded}
                  aria-controls={`${id}-${k}`}
                  onClick={() => setOpen(expanded ? null : k)}
                >
                  {t(`static.faq_${k}Q`)}
                </button>
              </h2>
              <div id={`${id}-${k}`} className="accordion__panel" hidden={!expanded}>
                <p>{t(`static.faq_${k}A`)}</p>
              </div>
            </section>
          );
        })}
      </div>
    </main>
  );
}
