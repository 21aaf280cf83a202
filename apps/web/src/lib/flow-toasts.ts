import type { ReactNode } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Error toasts are kept per flow (a form, or the mutations sharing an error title) so that the flow's next success
 * takes them away: an error that has been put right must not linger next to the "saved" that follows it. Sonner
 * is loaded on the first toast, as in `notify`.
 */
const shown = new Map<string, Set<string | number>>();

/** Shows an error toast of a flow; the flow's next error with the same id replaces it, its next success ends it. */
export function flowError(flow: string, title: ReactNode, options: ExternalToast = {}): void {
  const id = options.id ?? `${flow}:error`;
  const ids = shown.get(flow) ?? new Set();
  ids.add(id);
  shown.set(flow, ids);
  void import('sonner').then(({ toast }) => toast.error(title, { ...options, id }));
}

/** Dismisses the error toasts a flow has shown. */
export function dismissFlowErrors(flow: string): void {
  const ids = shown.get(flow);
  if (!ids || ids.size === 0) return;
  shown.delete(flow);
  void import('sonner').then(({ toast }) => {
    for (const id of ids) toast.dismiss(id);
  });
}

/** A success toast of a flow: its earlier error toasts go first. */
export function flowSuccess(flow: string, title: ReactNode, options: ExternalToast = {}): void {
  dismissFlowErrors(flow);
  void import('sonner').then(({ toast }) => toast.success(title, options));
}
