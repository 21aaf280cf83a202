import type { Invoice } from '@callwise/shared/schemas/billing';

export const INVOICE_STATUS_LABELS: Record<Invoice['status'], string> = {
  paid: 'Paid',
  open: 'Open',
  void: 'Void',
  uncollectible: 'Uncollectible',
  draft: 'Draft',
};

/** How an invoice is named in its links' accessible names: its number, or "(draft)" before it has one. */
export function invoiceNumber(invoice: Pick<Invoice, 'number'>): string {
  return invoice.number ?? '(draft)';
}
