import { Link } from 'wouter';
import { t } from '../../i18n';

/** Where /history leads to reading on another device. */
export function LinkDeviceEntry() {
  return (
    <p className="history__link-device">
      <Link href="/link_device" data-testid="history-link-device">
        {t('sync.linkEntry')}
      </Link>
    </p>
  );
}
