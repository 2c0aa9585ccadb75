import { t } from '../i18n';
import { Loading as SharedLoading } from '../../web/Loading';

/** The shared loading text (web/Loading.tsx) in the reader's words (LOADING). */
export function Loading() {
  return <SharedLoading label={t('common.loading')} />;
}
