import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A settings card with an icon before its title (`headingId` names it) and a line under it, then its body. */
export function SettingsFormCard({
  headingId,
  icon: Icon,
  title,
  description,
  children,
}: {
  headingId: string;
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle as="h2" id={headingId} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children}
    </Card>
  );
}
