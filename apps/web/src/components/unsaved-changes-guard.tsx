import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';

/**
 * While a form has unsaved changes (`when`), leaving its page for another one (a settings section, the sidebar,
 * Back) asks "Discard unsaved changes?" with Stay and Discard, and a reload or closing the tab gets the browser's
 * own prompt. A change of the address's query or hash alone is not leaving.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  const discarding = useRef(false);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved meanwhile (or reset): a blocked move goes ahead without asking.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked' && !discarding.current) blocker.reset();
        discarding.current = false;
      }}
      title="Discard unsaved changes?"
      description="You changed this section without saving. Leave it and lose those changes, or stay to save them."
      cancelLabel="Stay"
      confirmLabel="Discard"
      onConfirm={() => {
        if (blocker.state !== 'blocked') return;
        discarding.current = true;
        blocker.proceed();
      }}
    />
  );
}
