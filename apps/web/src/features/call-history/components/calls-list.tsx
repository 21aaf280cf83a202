import { formatCost, formatDuration } from '@callwise/shared/format';
import { formatPhone } from '@callwise/shared/phone';
import type { Call } from '@callwise/shared/schemas/calls';
import type { ReactNode } from 'react';
import { CallDirectionBadge } from '@/components/call-status-badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { type CallActionHandlers, CallActions } from '@/features/call-history/components/call-actions';
import { CallStatus, CallWhen, dash } from '@/features/call-history/components/call-cells';
import { voiceLabel } from '@/features/call-history/components/call-labels';

const COLUMNS = ['Status', 'Recipient', 'Phone', 'Voice', 'Duration', 'Cost', 'Date', 'Actions'] as const;

export interface CallsListProps extends CallActionHandlers {
  calls: Call[];
  /** Shown under the table's header (or instead of the cards) when there are no calls: loading, empty. */
  placeholder?: ReactNode;
}

const duration = (call: Call) => (call.duration === null ? dash : formatDuration(call.duration));
const cost = (call: Call) => (call.cost === null ? dash : formatCost(call.cost));

/** A call as a table row: status, recipient, number, voice, duration, cost, when, and the actions as icons. */
function CallRow({ call, actions }: { call: Call; actions: CallActionHandlers }) {
  return (
    <TableRow data-testid="call-row">
      <TableCell className="py-2">
        <CallStatus call={call} />
      </TableCell>
      <TableCell className="max-w-56 font-medium" title={call.recipient_name}>
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate">{call.recipient_name}</span>
          <CallDirectionBadge direction={call.direction} />
        </div>
      </TableCell>
      <TableCell className="tabular-nums">{formatPhone(call.phone)}</TableCell>
      <TableCell>{voiceLabel(call.voice)}</TableCell>
      <TableCell className="tabular-nums">{duration(call)}</TableCell>
      <TableCell className="tabular-nums">{cost(call)}</TableCell>
      <TableCell className="py-2 leading-tight">
        <CallWhen call={call} stacked />
      </TableCell>
      <TableCell className="py-1.5">
        <CallActions call={call} {...actions} compact />
      </TableCell>
    </TableRow>
  );
}

/** A call as a card, for narrow screens: the same facts stacked, and the actions as labelled buttons. */
function CallCard({ call, actions }: { call: Call; actions: CallActionHandlers }) {
  const facts: Array<[string, ReactNode, string]> = [
    ['Voice', voiceLabel(call.voice), 'font-medium text-foreground'],
    ['Duration', duration(call), 'font-medium text-foreground tabular-nums'],
    ['Cost', cost(call), 'font-medium text-foreground tabular-nums'],
  ];
  return (
    <li className="grid gap-2 p-4" data-testid="call-card">
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <CallStatus call={call} />
        <CallWhen call={call} stacked={false} />
      </div>
      <div className="min-w-0">
        <div className="flex min-w-0 items-center gap-2">
          <p className="truncate font-medium">{call.recipient_name}</p>
          <CallDirectionBadge direction={call.direction} />
        </div>
        <p className="text-sm text-muted-foreground tabular-nums">{formatPhone(call.phone)}</p>
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {facts.map(([term, value, className]) => (
          <div key={term} className="flex gap-1">
            <dt>{term}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
      <CallActions call={call} {...actions} compact={false} />
    </li>
  );
}

/**
 * The calls as a table where there is room (48rem of container width and up) and as stacked cards below that,
 * so a phone never scrolls sideways. Only one of the two is displayed (and so in the accessibility tree).
 */
export function CallsList({ calls, placeholder, ...actions }: CallsListProps) {
  return (
    <div className="@container">
      <div className="hidden @3xl:block">
        <Table aria-label="Calls">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {COLUMNS.map((column) => (
                <TableHead
                  key={column}
                  scope="col"
                  className={column === 'Actions' ? 'text-right' : undefined}
                >
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {calls.map((call) => (
              <CallRow key={call.id} call={call} actions={actions} />
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="@3xl:hidden">
        {calls.length > 0 && (
          <ul aria-label="Calls" className="divide-y">
            {calls.map((call) => (
              <CallCard key={call.id} call={call} actions={actions} />
            ))}
          </ul>
        )}
      </div>

      {calls.length === 0 && <div className="px-4 py-14 text-center">{placeholder}</div>}
    </div>
  );
}
