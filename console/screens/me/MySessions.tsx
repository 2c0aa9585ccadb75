import { call } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { Problem, TableWrap } from '../../ui/ui';

export function MySessions() {
  const { data, error, reload } = useCall('GET /me/sessions', {});
  return (
    <section aria-labelledby="my-sessions">
      <h2 id="my-sessions">{t('console.me.sessions')}</h2>
      <Problem code={error} />
      <TableWrap label={t('console.me.sessions')}>
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">{t('console.me.device')}</th>
              <th scope="col">{t('console.me.address')}</th>
              <th scope="col">{t('console.me.lastUsed')}</th>
              <th scope="col">{t('console.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.sessions.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.device} {s.current ? <strong>({t('console.me.thisSession')})</strong> : null}
                </td>
                <td>{s.address}</td>
                <td>{when(s.lastUsedAt)}</td>
                <td>
                  {s.current ? null : (
                    <button
                      type="button"
                      className="c-button c-button--quiet"
                      onClick={() => void call('DELETE /me/sessions/:id', { params: { id: s.id } }).then(reload, reload)}
                    >
                      {t('console.me.endSession')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}
