import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { TransitionAction } from '../../core/gen/manga/v1/common_pb';
import { actionHref } from '../lib/links';

/**
 * A link that follows a banner or popup action (src/lib/links.ts): inside
 * the app through the router, outside in a new tab. onFollow runs first
 * (tap logs, analytics); returning false from it cancels the navigation
 * (e.g. the carousel ignores a drag).
 */
export function ActionLink({
  action,
  children,
  className,
  onFollow,
  label,
}: {
  action: TransitionAction | undefined;
  children: ReactNode;
  className?: string;
  onFollow?: (e: MouseEvent<HTMLAnchorElement>) => boolean | void;
  label?: string;
}) {
  const [, navigate] = useLocation();
  const { href, external } = actionHref(action);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (onFollow?.(e) === false) {
      e.preventDefault();
      return;
    }
    if (!href) {
      e.preventDefault();
      return;
    }
    if (!external && !e.metaKey && !e.ctrlKey && !e.shiftKey && e.button === 0) {
      e.preventDefault();
      navigate(href);
    }
  };
  return (
    <a
      href={href || undefined}
      className={className}
      onClick={onClick}
      aria-label={label}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}
