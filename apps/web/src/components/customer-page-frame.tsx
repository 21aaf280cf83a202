import type { ReactNode } from 'react';
import { LogoMark } from '@/components/logo';

/**
 * The frame of a page the business's customer opens from a link (their appointment, unsubscribing): narrow,
 * centred, no workspace or marketing chrome (the customer is the business's), and who sends it at the foot.
 */
export function CustomerPageFrame({ footer, children }: { footer: string; children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-6 sm:py-10">
        {children}
      </main>
      <footer className="flex items-center justify-center gap-1.5 px-4 pb-6 text-xs text-muted-foreground">
        <LogoMark className="size-4" />
        {footer}
      </footer>
    </div>
  );
}
