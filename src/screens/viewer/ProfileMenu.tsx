/**
 * The reading-profile menu's content, by the machine's state: the profiles (the one in use pressed; a tap
 * switches), renaming and deleting the reader's own, saving the settings in use as a new one, the title's
 * default; the name form (with why a name was refused); the question before a deletion; a switch that
 * failed, with another try. Each state's first control takes the focus as it comes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PROFILE_NAME_MAX, USER_PROFILES_MAX } from '../../../core/viewer/readerProfiles';
import { useReaderProfiles, type ReaderProfilesValue } from '../../features/readerSettings/ReaderProfiles';
import { t } from '../../i18n';

export function ProfileMenu({ onClose }: { onClose: () => void }) {
  const p = useReaderProfiles()!;
  const { state } = p;
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const step = String(state.value);
  useEffect(() => {
    if (step !== 'switching') panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [step]);
  const editing = state.matches('naming') || state.matches('renaming');
  return (
    <div ref={panel} role="dialog" aria-labelledby={titleId} className="profiles__menu" data-testid="profile-menu">
      <h2 id={titleId} className="profiles__title">
        {t('profiles.title')}
      </h2>
      {editing ? (
        <NameForm key={`${step}:${state.context.target ?? ''}`} p={p} />
      ) : state.matches('confirmingDelete') ? (
        <ConfirmDelete p={p} />
      ) : (
        <>
          <ProfileList p={p} />
          <button type="button" className="viewer__button profiles__close" onClick={onClose}>
            {t('profiles.close')}
          </button>
        </>
      )}
    </div>
  );
}

function ProfileList({ p }: { p: ReaderProfilesValue }) {
  const { state, send } = p;
  const c = state.context;
  const editable = state.matches('open');
  const focusId = c.active ?? c.profiles[0]?.id;
  const full = c.profiles.filter((x) => !x.builtIn).length >= USER_PROFILES_MAX;
  const target = c.profiles.find((x) => x.id === c.target);
  return (
    <>
      {state.matches('failed') && target && (
        <div role="alert" className="profiles__error" data-testid="profile-failed">
          <p>{t('profiles.failed', { name: target.name })}</p>
          <button
            type="button"
            className="viewer__button"
            data-autofocus=""
            onClick={() => send({ type: 'profile.switch', id: target.id })}
          >
            {t('profiles.retry')}
          </button>
        </div>
      )}
      {editable && p.changed() && <p className="profiles__note">{t('profiles.changed')}</p>}
      <ul className="profiles__list" aria-busy={state.matches('switching')}>
        {c.profiles.map((x) => (
          <li key={x.id} className="profiles__item">
            <button
              type="button"
              className="profiles__choose"
              aria-pressed={x.id === c.active}
              data-autofocus={editable && x.id === focusId ? '' : undefined}
              data-testid="profile-option"
              onClick={() => send({ type: 'profile.switch', id: x.id })}
            >
              {x.name}
            </button>
            {!x.builtIn && (
              <>
                <IconButton
                  label={t('profiles.rename', { name: x.name })}
                  disabled={!editable}
                  testId="profile-rename"
                  path={PENCIL}
                  onClick={() => send({ type: 'rename.start', id: x.id })}
                />
                <IconButton
                  label={t('profiles.delete', { name: x.name })}
                  disabled={!editable}
                  testId="profile-delete"
                  path={BIN}
                  onClick={() => send({ type: 'delete.start', id: x.id })}
                />
              </>
            )}
          </li>
        ))}
      </ul>
      {state.matches('switching') && (
        <p role="status" className="profiles__note">
          {t('profiles.switching')}
        </p>
      )}
      <button
        type="button"
        className="viewer__button profiles__save"
        disabled={!editable || full}
        data-testid="profile-save-as"
        onClick={() => send({ type: 'save.start' })}
      >
        {t('profiles.saveAs')}
      </button>
      {full && <p className="profiles__note">{t('profiles.full', { max: USER_PROFILES_MAX })}</p>}
      <TitleDefault p={p} disabled={!editable} />
    </>
  );
}

function TitleDefault({ p, disabled }: { p: ReaderProfilesValue; disabled: boolean }) {
  const id = useId();
  const c = p.state.context;
  return (
    <div className="profiles__default">
      <label htmlFor={id}>{t('profiles.titleDefault')}</label>
      <select
        id={id}
        value={c.titleDefault ?? ''}
        disabled={disabled}
        data-testid="profile-title-default"
        onChange={(e) => p.send({ type: 'titleDefault.set', id: e.target.value || null })}
      >
        <option value="">{t('profiles.titleDefaultNone')}</option>
        {c.profiles.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function NameForm({ p }: { p: ReaderProfilesValue }) {
  const { state, send } = p;
  const c = state.context;
  const renaming = state.matches('renaming');
  const [name, setName] = useState(() => (renaming ? (c.profiles.find((x) => x.id === c.target)?.name ?? '') : ''));
  const id = useId();
  return (
    <form
      className="profiles__form"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'name.submit', name });
      }}
    >
      <label htmlFor={id}>{t(renaming ? 'profiles.renameLabel' : 'profiles.nameLabel')}</label>
      <input
        id={id}
        value={name}
        autoComplete="off"
        data-autofocus=""
        data-testid="profile-name"
        aria-invalid={c.problem !== null}
        aria-describedby={c.problem ? `${id}-problem` : undefined}
        onChange={(e) => setName(e.target.value)}
      />
      {c.problem && (
        <p id={`${id}-problem`} role="alert" className="profiles__error" data-testid="profile-name-problem">
          {t(`profiles.problem_${c.problem}`, { max: PROFILE_NAME_MAX })}
        </p>
      )}
      <div className="profiles__actions">
        <button type="submit" className="viewer__button profiles__primary" data-testid="profile-name-save">
          {t('profiles.save')}
        </button>
        <button type="button" className="viewer__button" onClick={() => send({ type: 'edit.cancel' })}>
          {t('profiles.cancel')}
        </button>
      </div>
    </form>
  );
}

function ConfirmDelete({ p }: { p: ReaderProfilesValue }) {
  const { state, send } = p;
  const target = state.context.profiles.find((x) => x.id === state.context.target);
  return (
    <div className="profiles__form">
      <p>{t('profiles.confirmDelete', { name: target?.name ?? '' })}</p>
      <div className="profiles__actions">
        <button
          type="button"
          className="viewer__button"
          data-testid="profile-delete-confirm"
          onClick={() => send({ type: 'delete.confirm' })}
        >
          {t('profiles.deleteConfirm')}
        </button>
        <button type="button" className="viewer__button" data-autofocus="" onClick={() => send({ type: 'edit.cancel' })}>
          {t('profiles.cancel')}
        </button>
      </div>
    </div>
  );
}

const PENCIL = 'M4 17.3V20h2.7l8-8-2.7-2.7zM19.7 7a1 1 0 0 0 0-1.4l-1.3-1.3a1 1 0 0 0-1.4 0l-1.2 1.2 2.7 2.7z';
const BIN = 'M7 6V4h10v2h4v2H3V6zm-1 3h12l-1 11H7z';

function IconButton(b: { label: string; disabled: boolean; testId: string; path: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="viewer__icon profiles__tool"
      aria-label={b.label}
      disabled={b.disabled}
      data-testid={b.testId}
      onClick={b.onClick}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d={b.path} />
      </svg>
    </button>
  );
}
