import { PhoneIcon, PhoneOffIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect } from 'react';
import { LogoMark } from '@/components/logo';
import { Badge } from '@/components/ui/badge';

/** The landing page's simulated call closes by itself after this long (product spec section 9). */
export const INCOMING_CALL_AUTO_CLOSE_MS = 5000;

export interface IncomingCallOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
}

/** A full-screen simulated incoming call that demonstrates the product; no call is placed. */
export function IncomingCallOverlay({ open, onOpenChange, onAccept }: IncomingCallOverlayProps) {
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => onOpenChange(false), INCOMING_CALL_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onOpenChange]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-[oklch(0.2_0.06_275)]/95 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby="incoming-call-description"
          className="fixed inset-0 z-50 flex flex-col items-center justify-between px-6 py-16 text-white outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          <div className="flex flex-col items-center text-center">
            <Badge className="gap-1.5 bg-success text-success-foreground">
              <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
              Live
            </Badge>
            <DialogPrimitive.Title className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">
              Incoming Call
            </DialogPrimitive.Title>
            <p className="mt-2 text-lg text-indigo-100">AI Assistant</p>
          </div>

          <div className="flex flex-col items-center gap-6 text-center">
            <span className="flex size-28 animate-ring items-center justify-center rounded-full bg-white/10">
              <LogoMark className="size-16" />
            </span>
            <p id="incoming-call-description" className="max-w-xs text-indigo-100">
              Calling to demonstrate our service
            </p>
          </div>

          <div className="flex w-full max-w-xs items-center justify-between">
            <div className="flex flex-col items-center gap-2">
              <DialogPrimitive.Close
                aria-label="Decline call"
                className="flex size-16 items-center justify-center rounded-full bg-destructive text-destructive-foreground shadow-lg outline-none transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-white/60"
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
                className="flex size-16 items-center justify-center rounded-full bg-success text-success-foreground shadow-lg outline-none transition-transform hover:scale-105 focus-visible:ring-4 focus-visible:ring-white/60"
              >
                <PhoneIcon aria-hidden="true" className="size-7" />
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
