import { t } from '../../i18n';
import { MySessions } from './MySessions';
import { MyFactors } from './MyFactors';
import { PasswordChange } from './PasswordChange';

/** The member's own sessions, second factors and password. */
export default function MeScreen() {
  return (
    <>
      <h1>{t('console.area.me')}</h1>
      <MySessions />
      <MyFactors />
      <PasswordChange />
    </>
  );
}
