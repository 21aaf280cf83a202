import { SearchIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageIntro } from '@/components/page-intro';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export default function ContactsPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageIntro
        description="The people and businesses you call, with their phone numbers and details."
        actions={
          <Button disabled>
            <UserPlusIcon aria-hidden="true" />
            Add Contact
          </Button>
        }
      />
      <div className="relative max-w-md">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input type="search" aria-label="Search contacts" placeholder="Search contacts..." className="pl-9" />
      </div>
      <EmptyState
        icon={UsersIcon}
        title="No contacts"
        description="Add your first contact to start scheduling calls."
      />
    </div>
  );
}
