import { STATUS_GROUPS, type StatusGroup } from '@callwise/shared/calls';
import type { Ref } from 'react';
import { SearchField } from '@/components/search-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { CallFilters } from '@/features/call-history/api/call-filters';

const STATUS_FILTER_LABELS: Record<StatusGroup, string> = {
  completed: 'Completed',
  failed: 'Failed',
  pending: 'Pending',
  'in-progress': 'In Progress',
};

export function CallsToolbar({
  searchRef,
  search,
  onSearchChange,
  status,
  onStatusChange,
}: {
  /** The search box, where the focus goes when the filters are cleared. */
  searchRef?: Ref<HTMLInputElement>;
  search: string;
  onSearchChange: (value: string) => void;
  status: CallFilters['status'];
  onStatusChange: (value: CallFilters['status']) => void;
}) {
  return (
    <search className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center">
      <SearchField
        ref={searchRef}
        aria-label="Search calls"
        placeholder="Search by name or phone..."
        className="flex-1 sm:max-w-sm"
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
              {STATUS_FILTER_LABELS[group]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </search>
  );
}
