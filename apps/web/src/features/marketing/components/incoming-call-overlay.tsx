import { PhoneIcon, PhoneOffIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect } from 'react';
import { LogoMark } from '@/components/logo';
import { useReturnFocus } from '@/hooks/use-return-focus';

/** The landing page's simulated call closes by itself after this long (product spec section 9). */
export const INCOMING_CALL_AUTO_CLOSE_MS = 5000;

export interface IncomingCallOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
}

const roundButton =
  'flex size-16 items-center justify-center rounded-full shadow-lg outline-none transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-white/70 sm:size-[4.5rem]';

/**
 * A full-screen simulated incoming call that demonstrates the product (no call is placed): it rings, and
 * closes by itself after 5 seconds, when declined, or when accepted (the page then opens the demo).
 */
export default function IncomingCallOverlay({ open, onOpenChange, onAccept }: IncomingCallOverlayProps) {
  const returnFocus = useReturnFocus();
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => onOpenChange(false), INCOMING_CALL_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onOpenChange]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-[radial-gradient(circle_at_50%_35%,oklch(0.36_0.14_277),oklch(0.18_0.06_275)_70%)] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          {...returnFocus}
          aria-describedby="incoming-call-description"
          className="fixed inset-0 z-50 flex flex-col items-center justify-between overflow-y-auto px-6 py-12 text-white outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in sm:py-16"
        >
          <div className="flex flex-col items-center text-center">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-3 py-1 text-xs font-semibold tracking-wide text-success-soft-foreground uppercase shadow">
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
              Live
            </span>
            <DialogPrimitive.Title className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">
              Incoming Call
            </DialogPrimitive.Title>
            <p className="mt-2 text-lg text-indigo-100">AI Assistant</p>
          </div>

          <div className="flex flex-col items-center gap-8 py-10 text-center">
            <span aria-hidden="true" className="relative flex size-32 items-center justify-center sm:size-36">
              <span className="absolute inset-0 animate-ring rounded-full" />
              <span className="absolute inset-0 animate-ring rounded-full [animation-delay:0.8s]" />
              <span className="absolute inset-3 rounded-full bg-white/10 ring-1 ring-white/20" />
              <LogoMark className="relative size-16 animate-ring-shake sm:size-20" />
            </span>
            <p id="incoming-call-description" className="max-w-xs text-lg text-indigo-100">
              Calling to demonstrate our service
            </p>
          </div>

          <div className="flex w-full max-w-xs items-start justify-between">
            <div className="flex flex-col items-center gap-2">
              <DialogPrimitive.Close
                aria-label="Decline call"
                className={`${roundButton} bg-destructive text-destructive-foreground`}
              >
                <PhoneOffIcon aria-hidden="true" className="size-7" />
              </DialogPrimitive.Close>
              <span aria-hidden="true" className="text-sm text-indigo-100">
                Decline
              </span>
            </div>
            <div className="flex flex-col items-center gap-2">
              <button
                type="button"
                aria-label="Accept call"
                onClick={onAccept}
                className={`${roundButton} bg-success text-success-foreground`}
              >
                <PhoneIcon aria-hidden="true" className="size-7 animate-ring-shake" />
              </button>
              <span aria-hidden="true" className="text-sm text-indigo-100">
                Accept
              </span>
            </div>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
