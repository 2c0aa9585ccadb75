import { useState } from 'react';
import { problemCode } from '../../api/client';
import { call } from '../../api/call';
import { locale, t } from '../../i18n';
import { useCall } from '../../ui/useLoad';
import { useReauth } from '../../ui/reauth';
import { Notice, Problem, TableWrap } from '../../ui/ui';
import { InvitationList } from './InvitationList';
import { InviteForm } from './InviteForm';
import { LinkShown, type MadeLink } from './LinkShown';
import { MemberRow } from './MemberRow';

/** Staff: members (roles, disable, reset second factor, end sessions) and invitations. */
export default function StaffScreen() {
  const staff = useCall('GET /staff', {});
  const invitations = useCall('GET /invitations', {});
  const [notice, setNotice] = useState<string | null>(null);
  const [made, setMade] = useState<MadeLink | null>(null);
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
      {made ? <LinkShown made={made} /> : null}
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
                  reauth.run(() =>
                    // The mail goes in this console's language: the member's own is not known to the server.
                    call('POST /staff/:id/reset-factors', { params: { id: m.id }, query: { locale: locale() } }).then((a) =>
                      setMade({ link: a.link, email: m.email, mail: a.mail }),
                    ),
                  )
                }
                onEndSessions={() => act(call('DELETE /staff/:id/sessions', { params: { id: m.id } }), t('console.staff.sessionsEnded'))}
              />
            ))}
          </tbody>
        </table>
      </TableWrap>
      <InviteForm
        onInvited={(l) => {
          setMade(l);
          invitations.reload();
        }}
      />
      <InvitationList invitations={invitations.data?.invitations} onWithdrawn={invitations.reload} />
      {reauth.dialog}
    </>
  );
}
