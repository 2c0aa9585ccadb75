import { Link } from 'wouter';
import { t } from '../../i18n';
import { useMember } from '../../app/session';
import { areasFor } from '../../app/nav';
import { Roles } from '../../app/ui';

/** Who you are, and what your roles let you do. */
export default function HomeScreen() {
  const member = useMember();
  return (
    <>
      <h1>{t('console.home.title', { name: member.name })}</h1>
      <p>
        {member.email} · <Roles roles={member.roles} />
      </p>
      {member.languages.length ? <p>{t('console.home.languages', { languages: member.languages.join(', ') })}</p> : null}
      <ul className="c-cards">
        {areasFor(member.roles)
          .filter((a) => a.path !== '/')
          .map((a) => (
            <li key={a.path}>
              <Link href={a.path}>{t(`console.area.${a.key}`)}</Link>
              <p>{t(`console.areaHint.${a.key}`)}</p>
            </li>
          ))}
      </ul>
    </>
  );
}
