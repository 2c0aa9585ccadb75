import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import type { ReleaseGroup } from '../../../core/console/schemas/releaseGroups';
import { locale, t, tBuilt } from '../../i18n';
import { showIn } from '../../ui/zonedTime';
import { useCall } from '../../ui/useLoad';
import { languageName } from '../calendar/countdown';

/** The open release group a chapter goes out with, or null while it is not in one (read again when `seen` changes). */
export function useChapterGroup(chapterId: number, seen: number): ReleaseGroup | null | undefined {
  const r = useCall('GET /release-groups', { query: { chapterId } });
  const { reload } = r;
  const first = useRef(seen);
  useEffect(() => {
    if (first.current !== seen) reload();
  }, [seen, reload]);
  return r.data ? (r.data.groups[0] ?? null) : undefined;
}

/**
 * On a chapter's release panel: the release it goes out with (its state, time
 * and languages, a link to it), or, for a draft, a link to release it together
 * with its other language editions.
 */
export function ReleaseGroupNote({
  chapterId,
  group,
  draft,
  zone,
}: {
  chapterId: number;
  group: ReleaseGroup | null;
  draft: boolean;
  zone: string;
}) {
  const l = locale();
  if (!group)
    return draft ? (
      <p>
        <Link href={`/chapters/${chapterId}/release-group`}>{t('console.releaseGroup.withOthers')}</Link>
      </p>
    ) : null;
  return (
    <div className="c-alert c-alert--info">
      <p>
        {t('console.releaseGroup.partOf', {
          name: group.name,
          languages: group.members.map((m) => languageName(m.language, l)).join(', '),
        })}
        {' · '}
        {tBuilt(`console.releaseGroup.state.${group.state}`)}
        {group.startAt ? ` · ${showIn(group.startAt, zone, l)}` : ''}
      </p>
      <Link href={`/releases/${group.id}`}>{t('console.releaseGroup.open')}</Link>
    </div>
  );
}
