import type { ReactNode } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Error toasts are kept per flow (a form, or the mutations sharing an error title) so that the flow's next success
 * takes them away: an error that has been put right must not linger next to the "saved" that follows it. Sonner
 * is loaded on the first toast, as in `notify`.
 */
const shown = new Map<string, Set<string | number>>();
/** Numbers the errors whose text is not a plain string. */
let untitled = 0;

/**
 * Shows an error toast of a flow; the flow's next success ends it. The same error again is the same toast (its id
 * is the flow and the error's text); another error is a toast of its own, so that it is never swallowed by an
 * earlier toast that is closing at that moment.
 */
export function flowError(flow: string, title: ReactNode, options: ExternalToast = {}): void {
  const text = typeof options.description === 'string' ? options.description : String(++untitled);
  const id = options.id ?? `${flow}:error:${text}`;
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
