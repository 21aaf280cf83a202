import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The card beside a call form (below it on a phone): what will happen, then Cancel and the form's own button. */
export function ReviewCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: string;
  /** Cancel, then the submit button: side by side on a tablet, the submit button on top elsewhere. */
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="gap-5 lg:sticky lg:top-20">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row lg:flex-col-reverse">{actions}</div>
      </CardContent>
    </Card>
  );
}
