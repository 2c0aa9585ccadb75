import { useState } from 'react';
import { problemCode } from '../../api/client';
import { call, type Answer } from '../../api/call';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { useCall } from '../../ui/useLoad';
import { useReauth } from '../../ui/reauth';
import { Notice, Problem, Roles, Secret, TableWrap } from '../../ui/ui';
import { InviteForm } from './InviteForm';
import { MemberRow } from './MemberRow';

type Invitation = Answer<'GET /invitations'>['invitations'][number];

/** The invitations: whom for, which roles, used or when they expire; an unused one can be withdrawn. */
function InvitationList({ invitations, onWithdrawn }: { invitations: Invitation[] | undefined; onWithdrawn: () => void }) {
  return (
    <section aria-labelledby="invitations">
      <h2 id="invitations">{t('console.staff.invitations')}</h2>
      <ul className="c-list">
        {invitations?.map((i) => (
          <li key={i.id}>
            <span>
              {i.email || t('console.staff.firstOwnerLink')} · <Roles roles={i.roles} /> ·{' '}
              {i.usedAt ? t('console.staff.used', { at: when(i.usedAt) }) : t('console.staff.expires', { at: when(i.expiresAt) })}
            </span>
            {i.usedAt ? null : (
              <button
                type="button"
                className="c-button c-button--quiet"
                onClick={() => void call('DELETE /invitations/:id', { params: { id: i.id } }).then(onWithdrawn)}
              >
                {t('console.staff.withdraw')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Staff: members (roles, disable, reset second factor, end sessions) and invitations. */
export default function StaffScreen() {
  const staff = useCall('GET /staff', {});
  const invitations = useCall('GET /invitations', {});
  const [notice, setNotice] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reauth = useReauth(staff.reload);
  const act = (p: Promise<unknown>, done: string) =>
    p.then(
      () => {
        setFailure(null);
        setNotice(done);
        staff.reload();
      },
      (e: unknown) => setFailure(problemCode(e)),
    );

  return (
    <>
      <h1>{t('console.area.staff')}</h1>
      <Problem code={staff.error ?? failure ?? reauth.failure} />
      <Notice text={notice} />
      {link ? (
        <div>
          <h2>{t('console.staff.link')}</h2>
          <Secret lines={[link]} fileName="enrolment-link.txt" label={t('console.staff.link')} />
        </div>
      ) : null}
      <TableWrap label={t('console.area.staff')}>
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">{t('console.staff.member')}</th>
              <th scope="col">{t('console.staff.roles')}</th>
              <th scope="col">{t('console.staff.lastSignIn')}</th>
              <th scope="col">{t('console.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {staff.data?.members.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                busy={reauth.busy}
                onRoles={(roles) =>
                  reauth.run(() => call('PATCH /staff/:id', { params: { id: m.id }, body: { roles, version: m.version } }))
                }
                onDisabled={(disabled) =>
                  act(
                    call('PATCH /staff/:id', { params: { id: m.id }, body: { disabled, version: m.version } }),
                    t(disabled ? 'console.staff.disabledDone' : 'console.staff.enabledDone'),
                  )
                }
                onReset={() =>
                  reauth.run(() => call('POST /staff/:id/reset-factors', { params: { id: m.id } }).then((a) => setLink(a.link)))
                }
                onEndSessions={() => act(call('DELETE /staff/:id/sessions', { params: { id: m.id } }), t('console.staff.sessionsEnded'))}
              />
            ))}
          </tbody>
        </table>
      </TableWrap>
      <InviteForm
        onInvited={(l) => {
          setLink(l);
          invitations.reload();
        }}
      />
      <InvitationList invitations={invitations.data?.invitations} onWithdrawn={invitations.reload} />
      {reauth.dialog}
    </>
  );
}
