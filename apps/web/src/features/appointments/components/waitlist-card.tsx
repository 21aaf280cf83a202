import { CALL_OUTCOME_LABELS } from '@callwise/shared/calls';
import {
  SLOT_OFFER_STATUS_LABELS,
  type SlotOffer,
  type WaitlistEntry,
} from '@callwise/shared/schemas/waitlist';
import { ListPlusIcon, UserRoundXIcon, UsersRoundIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useRemoveFromWaitlist, useSlotOffers, useWaitlist } from '@/features/appointments/api/waitlist';
import { wishesOf } from '@/features/appointments/utils/waitlist';
import { useContactNames } from '@/lib/contact-names';
import { formatDate, formatDateTime } from '@/lib/dates';

const ADD_BUTTON_ID = 'waitlist-add';

const OFFER_BADGE: Record<SlotOffer['status'], NonNullable<BadgeProps['variant']>> = {
  open: 'secondary',
  filled: 'success',
  taken: 'neutral',
  expired: 'neutral',
  exhausted: 'warning',
};

/** Who the offer went to and how it ended: "Called 2 · Taken by Tia Takes". */
function offerSummary(offer: SlotOffer, names: Map<string, string>): string {
  const called = offer.calls.filter((call) => call.call_id !== null).length;
  const who = offer.filled_contact_id ? (names.get(offer.filled_contact_id) ?? 'a contact') : null;
  const last = offer.calls.at(-1);
  const answered = last?.outcome ? `, last answer: ${CALL_OUTCOME_LABELS[last.outcome]}` : '';
  if (who) return `Taken by ${who} · called ${called}`;
  return called === 0 ? 'Nobody called yet' : `Called ${called}${answered}`;
}

function WaitingList({ entries, names }: { entries: WaitlistEntry[]; names: Map<string, string> }) {
  const remove = useRemoveFromWaitlist();
  return (
    <ul className="grid gap-2" aria-label="Waiting">
      {entries.map((entry) => {
        const name = names.get(entry.contact_id) ?? 'Contact';
        return (
          <li key={entry.id} className="flex min-w-0 items-center gap-3 rounded-lg border px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{name}</p>
              <p className="text-muted-foreground [overflow-wrap:anywhere]">{wishesOf(entry)}</p>
              <p className="text-xs text-muted-foreground">Waiting since {formatDate(entry.created_at)}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${name} from the waitlist`}
              disabled={remove.isPending}
              onClick={() => {
                // Awaited here: the row (and this list) is gone once the waitlist reloads without it.
                remove
                  .mutateAsync(entry.id)
                  .then(() => {
                    toast.success('Removed from the waitlist', { description: name });
                    // The button pressed is gone with its row: the focus stays in the card.
                    document.getElementById(ADD_BUTTON_ID)?.focus();
                  })
                  .catch(() => undefined);
              }}
            >
              <UserRoundXIcon aria-hidden="true" />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function OfferList({ offers, names }: { offers: SlotOffer[]; names: Map<string, string> }) {
  return (
    <ul className="grid gap-2" aria-label="Freed slots">
      {offers.map((offer) => (
        <li key={offer.id} className="flex min-w-0 items-start gap-3 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium">
              {formatDateTime(offer.starts_at)}
              {offer.staff ? ` · ${offer.staff}` : ''}
            </p>
            <p className="text-muted-foreground [overflow-wrap:anywhere]">
              {offer.service ? `${offer.service} · ` : ''}
              {offerSummary(offer, names)}
            </p>
          </div>
          <Badge variant={OFFER_BADGE[offer.status]} className="shrink-0">
            {SLOT_OFFER_STATUS_LABELS[offer.status]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * The waitlist: who waits for a time to free up (and what suits them), and the freed slots offered to them by call,
 * with who was called and who took each.
 */
export function WaitlistCard({ onAdd }: { onAdd: () => void }) {
  const waitlist = useWaitlist();
  const offers = useSlotOffers();
  const entries = waitlist.data ?? [];
  const recent = (offers.data ?? []).slice(0, 10);
  const names = useContactNames([
    ...entries.map((entry) => entry.contact_id),
    ...recent.flatMap((offer) => (offer.filled_contact_id ? [offer.filled_contact_id] : [])),
  ]);

  let body: ReactNode;
  if (waitlist.isError && !waitlist.data) {
    body = (
      <LoadError
        title="The waitlist could not be loaded"
        message={waitlist.error.message}
        retrying={waitlist.isFetching}
        onRetry={() => void waitlist.refetch()}
      />
    );
  } else if (waitlist.isPending) {
    body = (
      <div className="grid gap-2" role="status" aria-label="Loading the waitlist">
        <Skeleton className="h-14 w-full rounded-lg" />
        <Skeleton className="h-14 w-full rounded-lg" />
      </div>
    );
  } else if (entries.length === 0) {
    body = (
      <EmptyState
        icon={UsersRoundIcon}
        headingLevel="h3"
        title="Nobody is waiting"
        description="Add customers who want an earlier time. When an appointment is cancelled or moved, we call them one after another, and the first who presses 1 gets it."
      />
    );
  } else {
    body = <WaitingList entries={entries} names={names} />;
  }

  return (
    <Card role="region" aria-labelledby="waitlist-heading">
      <CardHeader>
        <CardTitle as="h2" id="waitlist-heading">
          Waitlist
        </CardTitle>
        <CardDescription>Freed times are offered by call to the customers they suit.</CardDescription>
        <CardAction>
          <Button id={ADD_BUTTON_ID} variant="outline" onClick={onAdd}>
            <ListPlusIcon aria-hidden="true" />
            Add to Waitlist
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div aria-busy={waitlist.isFetching || undefined}>{body}</div>
        {recent.length > 0 && (
          <section aria-labelledby="waitlist-offers-heading" className="grid gap-3">
            <h3 id="waitlist-offers-heading" className="text-sm font-semibold">
              Freed slots
            </h3>
            <OfferList offers={recent} names={names} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}
