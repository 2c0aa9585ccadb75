import { t } from '../../i18n';
import './errors.css';

/** Geo-block screen: image only (000 §2); the alt text carries the message. */
export default function BlockingScreen() {
  return (
    <main className="error-screen error-screen--image" data-screen="blocking">
      <meta name="robots" content="noindex" />
      <img src="/images/blocking.svg" alt={t('errors.blockingAlt')} width={640} height={400} />
    </main>
  );
}
