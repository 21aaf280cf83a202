import { formatUsd } from '@callwise/shared/billing';
import type { Charge, ChargeKind } from '@callwise/shared/schemas/billing';
import { ReceiptTextIcon, RotateCwIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCharges } from '@/features/billing/api/get-charges';
import { BILLING_HISTORY_ID } from '@/features/billing/components/billing-section-id';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';

const KINDS: Record<ChargeKind, { label: string; variant: BadgeProps['variant'] }> = {
  subscription: { label: 'Plan', variant: 'secondary' },
  overage: { label: 'Extra call', variant: 'warning' },
  refund: { label: 'Refund', variant: 'success' },
};

function ChargesTable({ charges }: { charges: Charge[] }) {
  return (
    <Table aria-label="Charges">
      <TableHeader>
        <TableRow>
          <TableHead className="hidden sm:table-cell">Date</TableHead>
          <TableHead>Description</TableHead>
          <TableHead className="hidden sm:table-cell">Type</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {charges.map((charge) => {
          const kind = KINDS[charge.kind];
          return (
            <TableRow key={charge.id}>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {formatDate(charge.created_at)}
              </TableCell>
              <TableCell className="whitespace-normal sm:min-w-48">
                {charge.description}
                {/* On a narrow screen the date and type go under the description, so the amount stays in view. */}
                <span className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground sm:hidden">
                  <span className="whitespace-nowrap">{formatDate(charge.created_at)}</span>
                  <Badge variant={kind.variant}>{kind.label}</Badge>
                </span>
              </TableCell>
              <TableCell className="hidden sm:table-cell">
                <Badge variant={kind.variant}>{kind.label}</Badge>
              </TableCell>
              <TableCell
                className={cn(
                  'text-right font-medium whitespace-nowrap tabular-nums',
                  charge.amount_usd < 0 && 'text-success-soft-foreground',
                )}
              >
                {formatUsd(charge.amount_usd)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Settings → Billing History: every charge of the account, newest first, with Load more. */
export function BillingHistory({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const charges = useCharges();
  const rows = charges.data?.pages.flatMap((page) => page.data) ?? [];

  let body: ReactNode;
  if (charges.isPending) {
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading billing history">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-9 w-full" />
        ))}
      </div>
    );
  } else if (charges.isError && rows.length === 0) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="text-destructive">Your billing history could not be loaded.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void charges.refetch()}
          disabled={charges.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={charges.isFetching ? 'animate-spin' : undefined} />
          Try again
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={ReceiptTextIcon}
        headingLevel="h3"
        title="No charges yet"
        description="Plan charges, calls beyond your plan and their refunds will be listed here."
        className="py-10"
      />
    );
  } else {
    body = (
      <div className="grid gap-4">
        <ChargesTable charges={rows} />
        <LoadMore
          hasMore={charges.hasNextPage}
          loading={charges.isFetchingNextPage}
          onLoadMore={() => void charges.fetchNextPage()}
          shown={rows.length}
          noun={{ one: 'charge', other: 'charges' }}
        />
      </div>
    );
  }

  return (
    <Card id={BILLING_HISTORY_ID} className="scroll-mt-20" aria-labelledby="billing-history-heading">
      <CardHeader>
        <CardTitle
          as="h2"
          id="billing-history-heading"
          ref={headingRef}
          tabIndex={-1}
          className="outline-none"
        >
          Billing History
        </CardTitle>
        <CardDescription>Every charge and refund on your account, newest first.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
