import { useId, useState } from 'react';
import { t } from '../../i18n';
import './static.css';

/** The demo FAQ accordion (/faq, /webview/faq/{language}); one item open at a time. */
const FAQ_ITEMS = ['free', 'languages', 'app', 'favorites', 'comments', 'region'] as const;

export default function FaqScreen() {
  const [open, setOpen] = useState<string | null>(null);
  const id = useId();
  return (
    <main className="static-page faq" data-screen="faq">
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
