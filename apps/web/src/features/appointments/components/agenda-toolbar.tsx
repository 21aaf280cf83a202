import { APPOINTMENT_STATUSES } from '@callwise/shared/schemas/appointments';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { SegmentedControl, SegmentedControlItem } from '@/components/ui/segmented-control';
import type { useAgenda } from '@/features/appointments/hooks/use-agenda';
import { type AgendaView, formatRange, STATUS_LABELS } from '@/features/appointments/utils/agenda';
import { cn } from '@/lib/utils';

type Agenda = ReturnType<typeof useAgenda>;

/**
 * Day or week, the way through time (previous, today, next) and the filters: staff member, status, and only
 * what needs attention.
 */
export function AgendaToolbar({ agenda, staff }: { agenda: Agenda; staff: string[] }) {
  const unit = agenda.view === 'day' ? 'day' : 'week';
  // A staff member in the address but no longer in the settings stays choosable, so the select shows it.
  const staffOptions = agenda.staff && !staff.includes(agenda.staff) ? [...staff, agenda.staff] : staff;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Button variant="outline" size="icon" onClick={agenda.previous} aria-label={`Previous ${unit}`}>
            <ChevronLeftIcon aria-hidden="true" />
          </Button>
          <Button variant="outline" onClick={agenda.goToday}>
            Today
          </Button>
          <Button variant="outline" size="icon" onClick={agenda.next} aria-label={`Next ${unit}`}>
            <ChevronRightIcon aria-hidden="true" />
          </Button>
          <h2
            className="w-full text-base font-semibold sm:ml-1 sm:w-auto sm:text-lg"
            aria-live="polite"
            data-testid="agenda-range"
          >
            {formatRange(agenda.days)}
          </h2>
        </div>
        <SegmentedControl
          aria-label="View"
          value={agenda.view}
          onValueChange={(value) => agenda.setView(value as AgendaView)}
        >
          <SegmentedControlItem value="day">Day</SegmentedControlItem>
          <SegmentedControlItem value="week">Week</SegmentedControlItem>
        </SegmentedControl>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {staff.length > 0 && (
          <div className="grid gap-1.5">
            <Label htmlFor="agenda-staff">Staff</Label>
            <NativeSelect
              id="agenda-staff"
              value={agenda.staff}
              onChange={(event) => agenda.setStaff(event.target.value)}
            >
              <option value="">Everyone</option>
              {staffOptions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="agenda-status">Status</Label>
          <NativeSelect
            id="agenda-status"
            value={agenda.status}
            onChange={(event) => agenda.setStatus(event.target.value)}
          >
            <option value="">Any status</option>
            {APPOINTMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={cn('grid gap-1.5', staff.length > 0 && 'col-span-2 sm:col-span-1')}>
          <Label htmlFor="agenda-attention">Show</Label>
          <NativeSelect
            id="agenda-attention"
            value={agenda.attention ? 'attention' : ''}
            onChange={(event) => agenda.setAttention(event.target.value === 'attention')}
          >
            <option value="">All appointments</option>
            <option value="attention">Needs attention</option>
          </NativeSelect>
        </div>
      </div>
    </div>
  );
}
