import type { SETTINGS_SECTIONS, SettingsSectionId } from '@callwise/shared/routes';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';

/**
 * The sections of Settings as links (a nav landmark; the current one has aria-current="page"): those the member's
 * role can use. On a narrow screen the row scrolls sideways inside itself, never the page.
 */
export function SettingsNav({
  sections,
  current,
}: {
  sections: ReadonlyArray<(typeof SETTINGS_SECTIONS)[number]>;
  current: SettingsSectionId;
}) {
  const list = useRef<HTMLUListElement>(null);
  // The current section in sight on a narrow screen: the row scrolls, the page does not.
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>(`[data-section="${current}"]`);
    if (!row || !link) return;
    const left = link.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + link.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = left - (row.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav aria-label="Settings sections" className="min-w-0">
      <ul ref={list} className="flex gap-1 overflow-x-auto border-b [scrollbar-width:thin]">
        {sections.map((section) => {
          const active = section.id === current;
          return (
            <li key={section.id} className="shrink-0">
              <Link
                to={section.path}
                data-section={section.id}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  active
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )}
              >
                {section.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
