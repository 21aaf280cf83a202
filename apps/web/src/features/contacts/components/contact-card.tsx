import { formatPhone } from '@callwise/shared/phone';
import type { Contact } from '@callwise/shared/schemas/contacts';
import {
  BadgeCheckIcon,
  EllipsisVerticalIcon,
  GlobeIcon,
  HistoryIcon,
  MailIcon,
  PencilIcon,
  PhoneCallIcon,
  PhoneIcon,
  ShieldAlertIcon,
  ShieldCheckIcon,
  Trash2Icon,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { ConsentHistoryDialog } from '@/features/contacts/components/consent-history-dialog';
import { CONSENT } from '@/features/contacts/utils/consent';
import { timezoneLabel } from '@/features/contacts/utils/timezones';
import { formatDate } from '@/lib/dates';

/** Where Call Now goes: the dashboard's schedule view with this contact picked. */
export const callNowPath = (contact: Pick<Contact, 'id'>) =>
  `${paths.dashboard}?${new URLSearchParams({ schedule: '1', contact: contact.id })}`;

/** "Maria Lopez" -> "ML"; words without a letter ("Unit 4") are passed over. */
function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word));
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return (
    letters
      .map((word) => (word ? Array.from(word)[0] : ''))
      .join('')
      .toUpperCase() || '#'
  );
}

/** What the contact agreed to, always shown: calls cannot go to a contact without consent. */
function ConsentBadges({ contact }: { contact: Contact }) {
  const details = [
    contact.consent_at && `Since ${formatDate(contact.consent_at)}`,
    contact.consent_source,
    contact.consent_recorded_by && `recorded by ${contact.consent_recorded_by}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const none = contact.consent === 'none' && !contact.existing_customer;
  return (
    <span className="contents" data-testid="consent-badges">
      {none ? (
        <Badge variant="warning" title="No consent on record: record it before scheduling calls.">
          <ShieldAlertIcon aria-hidden="true" />
          {CONSENT.none.badge}
        </Badge>
      ) : (
        contact.consent !== 'none' && (
          <Badge
            variant={contact.consent === 'marketing' ? 'success' : 'secondary'}
            title={details || undefined}
          >
            <ShieldCheckIcon aria-hidden="true" />
            {CONSENT[contact.consent].badge}
            <span className="sr-only"> consent</span>
          </Badge>
        )
      )}
      {contact.existing_customer && (
        <Badge variant="secondary" title={details || undefined}>
          <BadgeCheckIcon aria-hidden="true" />
          Existing customer
        </Badge>
      )}
    </span>
  );
}

/** One contact: who, how to reach them, their tags and consent, and what can be done with them. */
export function ContactCard({
  contact,
  selected,
  onSelectedChange,
  onEdit,
  onDelete,
  canExport,
}: {
  contact: Contact;
  /** Whether the contact is chosen for a bulk action. */
  selected: boolean;
  onSelectedChange: (contact: Contact, selected: boolean) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  /** The member's role may download the consent history as CSV. */
  canExport: boolean;
}) {
  const headingId = `contact-${contact.id}`;
  // The card's menu opens its own dialogs; when one closes, the focus goes back to the menu's button.
  const menuTrigger = useRef<HTMLButtonElement | null>(null);
  const [consentHistory, setConsentHistory] = useState(false);
  return (
    <li aria-labelledby={headingId} data-testid="contact-card" className="@container min-w-0">
      <Card className="h-full gap-4 py-5">
        <div className="flex items-start gap-3 px-5">
          <Checkbox
            checked={selected}
            onCheckedChange={(checked) => onSelectedChange(contact, checked === true)}
            aria-label={`Select ${contact.name}`}
            className="mt-3"
          />
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary-soft-foreground"
          >
            {initials(contact.name)}
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="truncate leading-snug font-semibold" title={contact.name}>
              {contact.name}
            </h2>
            <p className="truncate text-sm text-muted-foreground" title={contact.company}>
              {contact.company}
            </p>
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button ref={menuTrigger} variant="ghost" size="icon" className="-mt-1 -mr-2 size-8 shrink-0">
                <EllipsisVerticalIcon aria-hidden="true" />
                <span className="sr-only">More actions for {contact.name}</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent
              align="end"
              // The dialog the item opens takes the focus: the menu does not hand it back to its button.
              onCloseAutoFocus={(event) => {
                if (consentHistory) event.preventDefault();
              }}
            >
              <DropdownMenuItem onSelect={() => setConsentHistory(true)}>
                <HistoryIcon aria-hidden="true" />
                Consent history
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>

        <dl className="grid gap-1.5 px-5 text-sm">
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <PhoneIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">Phone</span>
            </dt>
            <dd className="min-w-0 truncate">
              <a
                href={`tel:${contact.phone}`}
                className="rounded-sm tabular-nums outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {formatPhone(contact.phone)}
              </a>
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <MailIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="min-w-0 truncate">
              <a
                href={`mailto:${contact.email}`}
                title={contact.email}
                className="rounded-sm outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {contact.email}
              </a>
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            <dt>
              <GlobeIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">Time zone</span>
            </dt>
            <dd className="min-w-0 truncate text-muted-foreground" title={contact.timezone ?? undefined}>
              {contact.timezone ? timezoneLabel(contact.timezone) : 'Time zone unknown'}
            </dd>
          </div>
        </dl>

        <div className="flex flex-wrap items-center gap-1.5 px-5">
          <ConsentBadges contact={contact} />
          {contact.tags.length > 0 && (
            <ul aria-label="Tags" className="contents">
              {contact.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="neutral">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="mt-auto flex items-center gap-2 border-t px-5 pt-4">
          <Button asChild size="sm">
            <Link to={callNowPath(contact)}>
              <PhoneCallIcon aria-hidden="true" />
              Call Now<span className="sr-only"> {contact.name}</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" className="ml-auto" onClick={() => onEdit(contact)}>
            <PencilIcon aria-hidden="true" />
            <span className="sr-only @xs:not-sr-only">Edit</span>
            <span className="sr-only"> {contact.name}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:bg-destructive-soft hover:text-destructive-soft-foreground"
            onClick={() => onDelete(contact)}
          >
            <Trash2Icon aria-hidden="true" />
            <span className="sr-only @xs:not-sr-only">Delete</span>
            <span className="sr-only"> {contact.name}</span>
          </Button>
        </div>
      </Card>
      <ConsentHistoryDialog
        contact={contact}
        open={consentHistory}
        onOpenChange={setConsentHistory}
        canExport={canExport}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          menuTrigger.current?.focus({ preventScroll: true });
        }}
      />
    </li>
  );
}
