import type { ContactImport } from '@callwise/shared/schemas/contact-imports';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { isImportFinished } from '@/features/contacts/api/get-contact-import';
import { contactsQueryKey } from '@/features/contacts/api/get-contacts';
import { importSummary } from '@/features/contacts/components/import-progress-step';

/**
 * Once an import ends: the list, count and tags are asked again, and a closed dialog (or a failed import) says
 * how it went.
 */
export function useImportAnnouncement(job: ContactImport | undefined, open: boolean) {
  const queryClient = useQueryClient();
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!job || !isImportFinished(job) || announced.current === job.id) return;
    announced.current = job.id;
    void queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    if (job.status === 'failed') {
      toast.error('Error importing contacts', {
        description: `The import of ${job.file_name} stopped before the end: ${importSummary(job)}.`,
      });
    } else if (!open) {
      toast.success('Contacts imported', { description: `${job.file_name}: ${importSummary(job)}.` });
    }
  }, [job, open, queryClient]);
}
