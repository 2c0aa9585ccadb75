import { useState } from 'react';
import { isRole, ROLES, type Role } from '../../../core/console/roles';
import type { StaffMember } from '../../../core/console/schemas/admin';
import { t } from '../../i18n';
import { when } from '../../ui/format';
import { RolePicker, Roles } from '../../ui/ui';

export function MemberRow({
  member: m,
  busy,
  onRoles,
  onDisabled,
  onReset,
  onEndSessions,
}: {
  member: StaffMember;
  busy: boolean;
  onRoles: (roles: Role[]) => void;
  onDisabled: (disabled: boolean) => void;
  onReset: () => void;
  onEndSessions: () => void;
}) {
  const [editing, setEditing] = useState<string[] | null>(null);
  return (
    <tr>
      <th scope="row">
        {m.name}
        <br />
        <small>{m.email}</small>
        {m.disabled ? <strong className="c-tag">{t('console.staff.disabled')}</strong> : null}
      </th>
      <td>
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onRoles(editing.filter(isRole));
              setEditing(null);
            }}
          >
            <RolePicker all={ROLES} value={editing} onChange={setEditing} legend={t('console.staff.rolesOf', { name: m.name })} />
            <button type="submit" className="c-button" disabled={busy || editing.length === 0}>
              {t('console.common.save')}
            </button>
            <button type="button" className="c-button c-button--quiet" onClick={() => setEditing(null)}>
              {t('console.common.cancel')}
            </button>
          </form>
        ) : (
          <Roles roles={m.roles} />
        )}
      </td>
      <td>{when(m.lastSignInAt)}</td>
      <td className="c-actions">
        <button type="button" className="c-button c-button--quiet" disabled={busy} onClick={() => setEditing([...m.roles])}>
          {t('console.staff.changeRoles')}
        </button>
        <button type="button" className="c-button c-button--quiet" disabled={busy} onClick={() => onDisabled(!m.disabled)}>
          {m.disabled ? t('console.staff.enable') : t('console.staff.disable')}
        </button>
        <button type="button" className="c-button c-button--quiet" disabled={busy} onClick={onReset}>
          {t('console.staff.resetFactors')}
        </button>
        <button type="button" className="c-button c-button--quiet" disabled={busy} onClick={onEndSessions}>
          {t('console.staff.endSessions')}
        </button>
      </td>
    </tr>
  );
}
