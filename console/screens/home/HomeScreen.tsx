import { Link } from 'wouter';
import { t, type ConsoleKey } from '../../i18n';
import { useMember } from '../../ui/sessionContext';
import { Roles } from '../../ui/ui';

/** An area to open from the home: its address, and the keys of its name and of its hint. */
export interface AreaLink {
  path: string;
  name: ConsoleKey;
  hint: ConsoleKey;
}

/** Who you are, and what your roles let you do: `areas`, the other areas they reach (the shell's navigation gives them). */
export default function HomeScreen({ areas }: { areas: readonly AreaLink[] }) {
  const member = useMember();
  return (
    <>
      <h1>{t('console.home.title', { name: member.name })}</h1>
      <p>
        {member.email} · <Roles roles={member.roles} />
      </p>
      {member.languages.length ? <p>{t('console.home.languages', { languages: member.languages.join(', ') })}</p> : null}
      <ul className="c-cards">
        {areas.map((a) => (
          <li key={a.path}>
            <Link href={a.path}>{t(a.name)}</Link>
            <p>{t(a.hint)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
