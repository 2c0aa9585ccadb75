import { useEffect } from 'react';
import { ARTICLES, REVISIONS, TERMS_PREAMBLE, TERMS_TITLE } from './termsJa';
import './static.css';

/**
 * /terms_web_ja: the Japanese terms of use (001 §2), outside the shell. Each
 * article is #article-N: on the first load the app's scroll handling
 * (src/app/scroll.ts) brings it to the top once drawn; within the page the
 * browser does.
 */
export default function TermsScreen() {
  useEffect(() => {
    document.title = TERMS_TITLE;
    // The whole document is Japanese (the server says so too): screen readers and fonts follow <html lang>.
    const root = document.documentElement;
    const before = root.lang;
    root.lang = 'ja';
    return () => {
      root.lang = before;
    };
  }, []);
  return (
    <main className="static-page terms" lang="ja" data-screen="terms">
      <h1>{TERMS_TITLE}</h1>
      <p>{TERMS_PREAMBLE}</p>
      {ARTICLES.map((a, i) => (
        <section key={a.title} id={`article-${i + 1}`}>
          <h2>{a.title}</h2>
          {a.paragraphs.map((p, j) => (
            <p key={j}>
              {a.paragraphs.length > 1 ? <span className="terms__num">{j + 1}.</span> : null}
              {p}
            </p>
          ))}
          {a.items ? (
            <ol className="terms__items">
              {a.items.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ol>
          ) : null}
        </section>
      ))}
      <section id="revisions">
        <h2>改定履歴</h2>
        <ul>
          {REVISIONS.map((r) => (
            <li key={r.date}>
              {r.date} {r.note}
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
