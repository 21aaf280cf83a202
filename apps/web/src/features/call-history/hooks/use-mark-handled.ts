import type { Call } from '@callwise/shared/schemas/calls';
import { useState } from 'react';
import { toast } from 'sonner';
import { useSetCallHandled } from '@/features/call-history/api/mark-handled';

const MARK_LABEL = /^Mark the call to .* handled$/;

/** The Mark handled buttons on screen, in order (the table's or the cards', whichever is displayed). */
function markButtons(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('button[aria-label]')).filter(
    (button) => MARK_LABEL.test(button.getAttribute('aria-label') ?? '') && button.offsetParent !== null,
  );
}

/**
 * Working through the Needs attention view: Mark handled takes the call off the list at once (the server
 * follows), with an Undo in the toast; the focus moves to the next call's Mark handled (else the view's
 * toggle), so the owner can go on with the keyboard.
 */
export function useMarkHandled({ fallbackFocus }: { fallbackFocus: () => HTMLElement | null }) {
  const mutation = useSetCallHandled();
  /** Calls marked handled here, hidden before the list is read again. */
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const setHiddenFor = (id: string, hide: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (hide) next.add(id);
      else next.delete(id);
      return next;
    });

  const markHandled = (call: Call) => {
    const index = markButtons().findIndex(
      (button) => button.getAttribute('aria-label') === `Mark the call to ${call.recipient_name} handled`,
    );
    setHiddenFor(call.id, true);
    requestAnimationFrame(() => {
      const buttons = markButtons();
      (buttons[Math.max(0, Math.min(index, buttons.length - 1))] ?? fallbackFocus())?.focus();
    });
    mutation.mutate(
      { id: call.id, handled: true },
      {
        onError: () => setHiddenFor(call.id, false),
        onSuccess: () =>
          toast.success('Marked handled', {
            description: `The call to ${call.recipient_name} left Needs attention.`,
            action: {
              label: 'Undo',
              onClick: () =>
                mutation.mutate(
                  { id: call.id, handled: false },
                  {
                    onSuccess: () => {
                      setHiddenFor(call.id, false);
                      toast.success('Back in Needs attention', {
                        description: `The call to ${call.recipient_name} needs attention again.`,
                      });
                    },
                  },
                ),
            },
          }),
      },
    );
  };

  return { hidden, markHandled };
}
