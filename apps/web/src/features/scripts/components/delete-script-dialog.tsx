import type { Script } from '@callwise/shared/schemas/scripts';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteScript } from '@/features/scripts/api/delete-script';

/** Asks before a script is deleted; the toast tells when it is gone. */
export function DeleteScriptDialog({ script, onClose }: { script: Script | null; onClose: () => void }) {
  const remove = useDeleteScript();
  // The script stays named while the dialog fades out after the choice.
  const [shown, setShown] = useState(script);
  if (script && script !== shown) setShown(script);
  return (
    <ConfirmDialog
      open={script !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this script?"
      description={`${shown ? `"${shown.title}" will be deleted. ` : ''}Calls already placed with it keep their text. This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => {
        if (script) remove.mutate({ id: script.id, title: script.title });
      }}
    />
  );
}
