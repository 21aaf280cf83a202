import type { Appointment } from '@callwise/shared/schemas/appointments';
import { AppointmentCard } from '@/features/appointments/components/appointment-card';
import {
  type AgendaView,
  byDay,
  byStaff,
  formatDayLong,
  formatDayShort,
  NO_STAFF,
} from '@/features/appointments/utils/agenda';
import { useIsMobile } from '@/hooks/use-media-query';
import { useScrollRegion } from '@/hooks/use-scroll-region';
import { cn } from '@/lib/utils';

interface AgendaProps {
  view: AgendaView;
  days: string[];
  today: string;
  zone: string;
  appointments: Appointment[];
  /** The booking settings' staff members: a day shows a column for each. */
  staff: string[];
  names: Map<string, string>;
  onOpen: (appointment: Appointment) => void;
}

/**
 * The appointments of a day or a week. From 768 px a week is a column per day and a day a column per staff
 * member; narrower, both are a list grouped by day. Each appointment is a button that opens its details.
 */
export function Agenda(props: AgendaProps) {
  const mobile = useIsMobile();
  if (mobile) return <AgendaList {...props} />;
  return props.view === 'week' ? <WeekColumns {...props} /> : <DayByStaff {...props} />;
}

function DayHeading({ day, today, short }: { day: string; today: string; short?: boolean }) {
  const { weekday, date } = formatDayShort(day);
  return (
    <h3 className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm font-semibold">
      {short ? (
        <>
          <span>{weekday}</span>
          <span className="font-normal text-muted-foreground">{date}</span>
        </>
      ) : (
        formatDayLong(day)
      )}
      {day === today && (
        <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
          Today
        </span>
      )}
    </h3>
  );
}

function Cards({
  items,
  names,
  onOpen,
  compact,
  showStaff,
  label,
}: {
  items: Appointment[];
  names: Map<string, string>;
  onOpen: (appointment: Appointment) => void;
  compact?: boolean;
  showStaff?: boolean;
  label: string;
}) {
  if (items.length === 0) return <p className="px-1 text-sm text-muted-foreground">Nothing booked</p>;
  return (
    <ul className="grid gap-2" aria-label={label}>
      {items.map((appointment) => (
        <li key={appointment.id}>
          <AppointmentCard
            appointment={appointment}
            names={names}
            compact={compact}
            showStaff={showStaff}
            onOpen={onOpen}
          />
        </li>
      ))}
    </ul>
  );
}

/** A week at 768 px and up: seven columns, scrolled sideways on their own when the screen is narrower than them. */
function WeekColumns({ days, today, zone, appointments, names, onOpen }: AgendaProps) {
  const groups = byDay(appointments, days, zone);
  const region = useScrollRegion<HTMLDivElement>({ label: 'Week' });
  return (
    <div
      ref={region.ref}
      {...region.props}
      className="overflow-x-auto rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      data-testid="agenda-week"
    >
      <div className="grid min-w-[56rem] grid-cols-7 gap-2">
        {days.map((day) => (
          <section
            key={day}
            aria-label={formatDayLong(day)}
            className={cn(
              'grid content-start gap-3 rounded-xl border bg-muted/30 p-2',
              day === today && 'border-primary/50',
            )}
          >
            <DayHeading day={day} today={today} short />
            <Cards
              items={groups.get(day) ?? []}
              names={names}
              onOpen={onOpen}
              compact
              label={formatDayLong(day)}
            />
          </section>
        ))}
      </div>
    </div>
  );
}

/** A day at 768 px and up: a column per staff member (the settings' ones, then any other an appointment names). */
function DayByStaff({ days, today, appointments, staff, names, onOpen }: AgendaProps) {
  const day = days[0] ?? today;
  const groups = byStaff(appointments, staff);
  if (groups.size === 0) groups.set(NO_STAFF, []);
  const single = groups.size === 1 && groups.has(NO_STAFF);
  return (
    <section aria-label={formatDayLong(day)} className="grid gap-3" data-testid="agenda-day">
      <DayHeading day={day} today={today} />
      <div className="grid gap-3 md:grid-cols-[repeat(auto-fit,minmax(15rem,1fr))]">
        {[...groups].map(([name, items]) => (
          <section
            key={name}
            aria-label={single ? 'Appointments' : name}
            className="grid content-start gap-3 rounded-xl border bg-muted/30 p-3"
          >
            {!single && <h4 className="text-sm font-semibold">{name}</h4>}
            <Cards
              items={items}
              names={names}
              onOpen={onOpen}
              compact
              showStaff={false}
              label={single ? 'Appointments' : name}
            />
          </section>
        ))}
      </div>
    </section>
  );
}

/** Under 768 px: one list, grouped by day; days without appointments are left out of a week. */
function AgendaList({ view, days, today, zone, appointments, names, onOpen }: AgendaProps) {
  const groups = byDay(appointments, days, zone);
  const shown = view === 'day' ? days : days.filter((day) => (groups.get(day)?.length ?? 0) > 0);
  return (
    <div className="grid gap-6" data-testid="agenda-list">
      {shown.map((day) => (
        <section key={day} aria-label={formatDayLong(day)} className="grid gap-3">
          {/* A day alone is named by the range above it already. */}
          {view === 'week' && <DayHeading day={day} today={today} />}
          <Cards items={groups.get(day) ?? []} names={names} onOpen={onOpen} label={formatDayLong(day)} />
        </section>
      ))}
    </div>
  );
}
