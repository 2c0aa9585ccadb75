import { t } from '../i18n';

/** The documents' loading text (LOADING). */
export function Loading() {
  return (
    <p className="loading" role="status" aria-live="polite">
      {t('common.loading')}
    </p>
  );
}
