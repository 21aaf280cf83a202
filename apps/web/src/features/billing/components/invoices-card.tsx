import { formatUsd } from '@callwise/shared/billing';
import type { Invoice } from '@callwise/shared/schemas/billing';
import { RotateCwIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useInvoices } from '@/features/billing/api/get-invoices';
import { INVOICE_STATUS_LABELS, invoiceNumber } from '@/features/billing/utils/invoices';
import { formatDate } from '@/lib/dates';

const STATUS_VARIANTS: Record<Invoice['status'], BadgeProps['variant']> = {
  paid: 'success',
  open: 'warning',
  void: 'neutral',
  uncollectible: 'destructive',
  draft: 'outline',
};

const linkClass = 'font-medium whitespace-nowrap text-primary underline underline-offset-4';

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const number = invoiceNumber(invoice);
  return (
    <li
      data-testid="invoice"
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{invoice.number ?? 'Draft'}</span>
          <Badge variant={STATUS_VARIANTS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
        </div>
        <p className="text-[0.8125rem] break-words text-muted-foreground">
          <span className="whitespace-nowrap">{formatDate(invoice.created_at)}</span>
          {invoice.description ? ` · ${invoice.description}` : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:shrink-0 sm:justify-end">
        <span className="font-medium tabular-nums">{formatUsd(invoice.amount_usd)}</span>
        {invoice.invoice_url ? (
          <a
            href={invoice.invoice_url}
            target="_blank"
            rel="noreferrer"
            className={linkClass}
            aria-label={`View invoice ${number} (opens in a new tab)`}
          >
            View invoice
          </a>
        ) : null}
        {invoice.pdf_url ? (
          <a
            href={invoice.pdf_url}
            target="_blank"
            rel="noreferrer"
            className={linkClass}
            aria-label={`PDF of invoice ${number} (opens in a new tab)`}
          >
            PDF
          </a>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Settings → Billing's invoices from Stripe (shown only with that provider): each with its number, date, amount
 * and status, a link to Stripe's page for it (to pay it, or its receipt) and its PDF.
 */
export function InvoicesCard() {
  const invoices = useInvoices();

  let body: ReactNode;
  if (invoices.isPending) {
    body = (
      <div className="grid gap-3" role="status" aria-label="Loading invoices">
        {['a', 'b', 'c'].map((key) => (
          <Skeleton key={key} className="h-12 w-full" />
        ))}
      </div>
    );
  } else if (invoices.isError) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="text-destructive">Your invoices could not be loaded.</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void invoices.refetch()}
          disabled={invoices.isFetching}
        >
          <RotateCwIcon aria-hidden="true" className={invoices.isFetching ? 'animate-spin' : undefined} />
          Try again
        </Button>
      </div>
    );
  } else if (invoices.data.data.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        No invoices yet. Your first one comes with your first payment.
      </p>
    );
  } else {
    body = (
      <ul aria-label="Invoices" className="grid divide-y">
        {invoices.data.data.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
    );
  }

  return (
    <Card aria-labelledby="invoices-heading" data-testid="billing-invoices">
      <CardHeader>
        <CardTitle as="h2" id="invoices-heading">
          Invoices
        </CardTitle>
        <CardDescription>Your invoices from Stripe, newest first.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
