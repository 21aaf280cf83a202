import type { Script } from '@callwise/shared/schemas/scripts';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useDeleteScript } from '@/features/scripts/api/delete-script';
import { useReturnFocus } from '@/hooks/use-return-focus';

/** Asks before a script is deleted; the toast tells when it is gone. */
export function DeleteScriptDialog({ script, onClose }: { script: Script | null; onClose: () => void }) {
  const remove = useDeleteScript();
  const returnFocus = useReturnFocus();
  // The script stays named while the dialog fades out after the choice.
  const [shown, setShown] = useState(script);
  if (script && script !== shown) setShown(script);
  return (
    <AlertDialog open={script !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent {...returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this script?</AlertDialogTitle>
          <AlertDialogDescription>
            {shown ? `"${shown.title}" will be deleted. ` : ''}Calls already placed with it keep their text.
            This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (script) remove.mutate({ id: script.id, title: script.title });
            }}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
