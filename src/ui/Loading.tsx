import { t } from '../i18n';
import './Loading.css';

/** The documents' loading text (LOADING). */
export function Loading() {
  return (
    <p className="loading" role="status" aria-live="polite">
      {t('common.loading')}
    </p>
  );
}
