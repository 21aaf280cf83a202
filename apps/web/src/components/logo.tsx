import { PRODUCT_NAME } from '@callwise/shared/product';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The Callwise mark: a handset with a rising sound wave, on the brand gradient. */
export function LogoMark({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 32 32"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cn('size-8 shrink-0', className)}
      {...props}
    >
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        fill="#fff"
        d="M10.9 7.5c.5 0 .9.3 1.1.8l1.3 3.2c.2.5 0 1-.3 1.3l-1.6 1.3a9.6 9.6 0 0 0 4.5 4.5l1.3-1.6c.3-.4.9-.5 1.3-.3l3.2 1.3c.5.2.8.6.8 1.1v2.6c0 1.2-1 2.1-2.2 2A15.7 15.7 0 0 1 8 9.7c-.1-1.2.8-2.2 2-2.2h.9Z"
      />
      <path stroke="#c7d2fe" strokeWidth="1.8" strokeLinecap="round" d="M19 8.5v4M22 6.5v8M25 9.5v2" />
    </svg>
  );
}

/** The mark and the product name; used as the home link in headers and the sidebar. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark className={markClassName} />
      <span className="text-lg">{PRODUCT_NAME}</span>
    </span>
  );
}
