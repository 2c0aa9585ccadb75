import type { Answer } from '../../api/call';
import { call } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { Roles } from '../../ui/ui';

type Invitation = Answer<'GET /invitations'>['invitations'][number];

/** What an invitation is now, with its moment: open until, used, withdrawn, expired. */
function stateText(i: Invitation): string {
  switch (i.state) {
    case 'used':
      return t('console.staff.used', { at: when(i.usedAt) });
    case 'withdrawn':
      return t('console.staff.withdrawn', { at: when(i.expiresAt) });
    case 'expired':
      return t('console.staff.expired', { at: when(i.expiresAt) });
    default:
      return t('console.staff.expires', { at: when(i.expiresAt) });
  }
}

/** The invitations: whom for, which roles, what became of them; only an open one can be withdrawn. */
export function InvitationList({ invitations, onWithdrawn }: { invitations: Invitation[] | undefined; onWithdrawn: () => void }) {
  return (
    <section aria-labelledby="invitations">
      <h2 id="invitations">{t('console.staff.invitations')}</h2>
      <ul className="c-list">
        {invitations?.map((i) => (
          <li key={i.id}>
            <span>
              {i.email || t('console.staff.firstOwnerLink')} · <Roles roles={i.roles} /> · {stateText(i)}
            </span>
            {i.state === 'open' ? (
              <button
                type="button"
                className="c-button c-button--quiet"
                aria-label={t('console.staff.withdrawNamed', { email: i.email || t('console.staff.firstOwnerLink') })}
                onClick={() => void call('DELETE /invitations/:id', { params: { id: i.id } }).then(onWithdrawn)}
              >
                {t('console.staff.withdraw')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
