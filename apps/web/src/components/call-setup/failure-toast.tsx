import type { ExternalToast } from 'sonner';
import { isApiError } from '@/lib/api-error';

/** A failure toast's text: what failed, with the server's own reason under it when there is one. */
export function FailureDetail({ summary, detail }: { summary: string; detail: string | null }) {
  return (
    <span className="grid gap-1">
      <span>{summary}</span>
      {detail && <span>{detail}</span>}
    </span>
  );
}

/** The server's reason for refusing a request, when it is about the request (not a fault of the server). */
export function refusalDetail(error: unknown): string | null {
  return isApiError(error) && error.status < 500 ? error.message : null;
}

/** For a refusal because the plan's calls are used up: an Upgrade button on the toast, which stays longer. */
export function upgradeOffer(error: unknown, onUpgrade: () => void): ExternalToast {
  return isApiError(error) && error.code === 'call_limit_reached'
    ? { action: { label: 'Upgrade', onClick: onUpgrade }, duration: 10_000 }
    : {};
}
