import { FileTextIcon, PlusIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';

export default function ScriptsPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="Reusable call scripts. Use {{name}}, {{date}} and {{time}} to personalise every call."
        actions={
          <Button disabled>
            <PlusIcon aria-hidden="true" />
            New Script
          </Button>
        }
      />
      <EmptyState
        icon={FileTextIcon}
        title="No scripts"
        description="Create a script for your reminders, confirmations or follow-ups, then use it for any call."
      />
    </div>
  );
}
