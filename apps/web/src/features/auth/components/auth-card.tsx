import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';

/** The centred card of the sign-in pages (sign in, two-factor code, new password, joining a business). */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md shadow-md">
        <CardHeader className="justify-items-center text-center">
          <LogoMark className="mb-2 size-10" />
          <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">{children}</CardContent>
        {footer && <CardFooter className="justify-center border-t pt-6">{footer}</CardFooter>}
      </Card>
    </div>
  );
}
