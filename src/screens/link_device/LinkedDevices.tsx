import type { LinkDeviceInfo } from '../../../machines/deviceLinkMachine';
import { t } from '../../i18n';

/** The devices sharing this reading (this one included), each with its unlink button; `done`: they have just been linked. */
export function LinkedDevices({
  devices,
  busy,
  done,
  onUnlink,
}: {
  devices: LinkDeviceInfo[];
  busy: boolean;
  done: boolean;
  onUnlink: (id: string) => void;
}) {
  return (
    <section className="link-device__box" aria-labelledby="link-devices" data-testid="linked-devices">
      <h2 id="link-devices">{t('sync.linkDevicesHeading')}</h2>
      {done ? (
        <p className="link-device__notice" role="status" data-testid="link-done">
          {t('sync.linkDone')}
        </p>
      ) : null}
      {devices.length === 0 ? (
        <p className="link-device__hint">{t('sync.linkNone')}</p>
      ) : (
        <ul className="link-device__list">
          {devices.map((d) => (
            <li key={d.id} className="link-device__device" data-testid="linked-device">
              <span>
                {d.name || t('sync.linkUnnamed')}
                {d.thisDevice ? <span className="link-device__this">{t('sync.linkThisDevice')}</span> : null}
              </span>
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-label={t('sync.linkUnlinkNamed', { name: d.name || t('sync.linkUnnamed') })}
                onClick={() => onUnlink(d.id)}
              >
                {t('sync.linkUnlink')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
