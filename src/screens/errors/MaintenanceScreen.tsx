import { t } from '../../i18n';
import './errors.css';

/** Maintenance screen: image only (000 §2); the alt text carries the message. */
export default function MaintenanceScreen() {
  return (
    <main className="error-screen error-screen--image" data-screen="maintenance">
      <meta name="robots" content="noindex" />
      <img src="/images/maintenance.svg" alt={t('errors.maintenanceAlt')} width={640} height={400} />
    </main>
  );
}
