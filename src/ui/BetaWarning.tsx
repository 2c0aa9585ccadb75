import { t } from '../i18n';
import './BetaWarning.css';

/** Home's beta warning (000 §1): reading log and favorites will not carry over. */
export function BetaWarning() {
  return (
    <p className="beta-warning" role="note">
      <strong>{t('common.betaLabel')}</strong> {t('common.betaWarning')}
    </p>
  );
}
