import {
  CALL_DIRECTION_LABELS,
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  type CallDirection,
  type CallOutcome,
  STATUS_GROUP_LABELS,
  STATUS_GROUPS,
} from '@callwise/shared/calls';
import type { Ref } from 'react';
import { SearchField } from '@/components/search-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { CallFilters } from '@/features/call-history/api/call-filters';
import { outcomeLabel } from '@/features/call-history/components/call-labels';

const ALL_CAMPAIGNS = 'all';

export function CallsToolbar({
  searchRef,
  search,
  onSearchChange,
  status,
  onStatusChange,
  outcome = 'all',
  onOutcomeChange,
  campaignId = null,
  campaigns = [],
  onCampaignChange,
  direction = 'all',
  onDirectionChange,
}: {
  /** The search box, where the focus goes when the filters are cleared. */
  searchRef?: Ref<HTMLInputElement>;
  search: string;
  onSearchChange: (value: string) => void;
  status: CallFilters['status'];
  onStatusChange: (value: CallFilters['status']) => void;
  outcome?: CallOutcome | 'all';
  onOutcomeChange?: (value: CallOutcome | 'all') => void;
  campaignId?: string | null;
  /** The account's campaigns; the campaign filter shows only when there are some (or one is chosen). */
  campaigns?: Array<{ id: string; name: string }>;
  onCampaignChange?: (value: string | null) => void;
  /** Placed by the business (outbound) or to its number (inbound); the filter shows when `onDirectionChange` is given. */
  direction?: CallDirection | 'all';
  onDirectionChange?: (value: CallDirection | 'all') => void;
}) {
  const campaignOptions =
    campaignId && !campaigns.some((campaign) => campaign.id === campaignId)
      ? [...campaigns, { id: campaignId, name: 'This campaign' }]
      : campaigns;
  return (
    <search className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchField
        ref={searchRef}
        aria-label="Search calls"
        placeholder="Search by name or phone..."
        className="flex-1 sm:max-w-sm sm:min-w-56"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <Select value={status} onValueChange={(value) => onStatusChange(value as CallFilters['status'])}>
        <SelectTrigger aria-label="Filter by status" className="w-full sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All statuses</SelectItem>
          {STATUS_GROUPS.map((group) => (
            <SelectItem key={group} value={group}>
              {STATUS_GROUP_LABELS[group]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {onDirectionChange && (
        <Select
          value={direction}
          onValueChange={(value) => onDirectionChange(value as CallDirection | 'all')}
        >
          <SelectTrigger aria-label="Filter by direction" className="w-full sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All directions</SelectItem>
            {CALL_DIRECTIONS.map((value) => (
              <SelectItem key={value} value={value}>
                {CALL_DIRECTION_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      {onOutcomeChange && (
        <Select value={outcome} onValueChange={(value) => onOutcomeChange(value as CallOutcome | 'all')}>
          <SelectTrigger aria-label="Filter by outcome" className="w-full sm:w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All outcomes</SelectItem>
            {CALL_OUTCOMES.map((value) => (
              <SelectItem key={value} value={value}>
                {outcomeLabel(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      {onCampaignChange && campaignOptions.length > 0 && (
        <Select
          value={campaignId ?? ALL_CAMPAIGNS}
          onValueChange={(value) => onCampaignChange(value === ALL_CAMPAIGNS ? null : value)}
        >
          <SelectTrigger aria-label="Filter by campaign" className="w-full sm:w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CAMPAIGNS}>All campaigns</SelectItem>
            {campaignOptions.map((campaign) => (
              <SelectItem key={campaign.id} value={campaign.id}>
                {campaign.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </search>
  );
}
