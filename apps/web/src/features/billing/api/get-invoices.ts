import { type InvoiceList, invoiceListSchema } from '@callwise/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingQueryKey } from '@/features/billing/api/get-billing';
import { api } from '@/lib/api-client';

/** The payment provider's invoices, newest first (none with the local provider). */
export function getInvoices(signal?: AbortSignal): Promise<InvoiceList> {
  return api.get('/billing/invoices', invoiceListSchema, signal);
}

export const invoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...billingQueryKey, 'invoices'],
    queryFn: ({ signal }) => getInvoices(signal),
    // The card says itself that they could not be loaded, with a way to try again.
    meta: { silentErrors: true },
  });

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
