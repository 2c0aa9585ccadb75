import { useState } from 'react';
import { isRole, TOKEN_MAX_DAYS, TOKEN_ROLES } from '../../../core/console/roles';
import { call, type Answer } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { useReauth } from '../../ui/reauth';
import { Field, Problem, RolePicker, Roles, Secret, TableWrap } from '../../ui/ui';

const DAY = 86_400;

type Token = Answer<'GET /tokens'>['tokens'][number];

/** Every token with its roles, expiry and last use; revoked, or its revoke button. */
function TokenTable({ tokens, onRevoked }: { tokens: Token[] | undefined; onRevoked: () => void }) {
  return (
    <TableWrap label={t('console.area.tokens')}>
      <table className="c-table">
        <thead>
          <tr>
            <th scope="col">{t('console.tokens.name')}</th>
            <th scope="col">{t('console.staff.roles')}</th>
            <th scope="col">{t('console.tokens.expires')}</th>
            <th scope="col">{t('console.me.lastUsed')}</th>
            <th scope="col">{t('console.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {tokens?.map((k) => (
            <tr key={k.id}>
              <th scope="row">{k.name}</th>
              <td>
                <Roles roles={k.roles} />
              </td>
              <td>{when(k.expiresAt)}</td>
              <td>{when(k.lastUsedAt)}</td>
              <td>
                {k.revokedAt ? (
                  t('console.tokens.revoked', { at: when(k.revokedAt) })
                ) : (
                  <button
                    type="button"
                    className="c-button c-button--quiet"
                    onClick={() => void call('DELETE /tokens/:id', { params: { id: k.id } }).then(onRevoked)}
                  >
                    {t('console.tokens.revoke')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** API tokens for automation: named, scoped to roles, with an expiry (at most TOKEN_MAX_DAYS); shown once; made after the password again. */
export default function TokensScreen() {
  const { data, error, reload } = useCall('GET /tokens', {});
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [days, setDays] = useState('90');
  const [created, setCreated] = useState<string | null>(null);
  const reauth = useReauth(reload);
  return (
    <>
      <h1>{t('console.area.tokens')}</h1>
      <Problem code={error ?? reauth.failure} />
      <form
        aria-labelledby="new-token"
        onSubmit={(e) => {
          e.preventDefault();
          // The API takes the expiry as a time; the member chooses it in days from now.
          const expiresAt = Math.floor(Date.now() / 1000) + Number(days) * DAY;
          // Making a token asks for the password again (the dialog shows a wrong one's message).
          reauth.run(() =>
            call('POST /tokens', { body: { name: name.trim(), roles: roles.filter(isRole), expiresAt } }).then((a) => {
              setCreated(a.token);
              setName('');
              setRoles([]);
            }),
          );
        }}
      >
        <h2 id="new-token">{t('console.tokens.new')}</h2>
        <Field label={t('console.tokens.name')} required value={name} onChange={(e) => setName(e.target.value)} />
        <RolePicker all={TOKEN_ROLES} value={roles} onChange={setRoles} legend={t('console.staff.roles')} />
        <Field
          label={t('console.tokens.days')}
          type="number"
          min={1}
          max={TOKEN_MAX_DAYS}
          hint={t('console.tokens.daysHint', { days: TOKEN_MAX_DAYS })}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
        <button type="submit" className="c-button" disabled={reauth.busy || roles.length === 0 || name.trim() === ''}>
          {t('console.tokens.create')}
        </button>
      </form>
      {created ? (
        <div>
          <h2>{t('console.tokens.shownOnce')}</h2>
          <Secret lines={[created]} fileName="api-token.txt" label={t('console.tokens.shownOnce')} />
        </div>
      ) : null}
      <TokenTable tokens={data?.tokens} onRevoked={reload} />
      {reauth.dialog}
    </>
  );
}
