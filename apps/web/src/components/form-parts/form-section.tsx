import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One part of a long form (Recipient, Message, Who, When): a card named by its title, with a line under it. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  /** The title's id, which names the group. */
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="gap-5" role="group" aria-labelledby={id}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h3" id={id}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}
