import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@callwise/shared/schemas/appointments';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type AgendaView, addDays, dayOf, daysOf, isDay } from '@/features/appointments/utils/agenda';
import { activeTimeZone } from '@/lib/dates';

export interface AgendaState {
  view: AgendaView;
  /** The day the view is around, in the business's time zone. */
  day: string;
  staff: string;
  status: AppointmentStatus | '';
  /** Only the appointments that need attention. */
  attention: boolean;
}

/**
 * What the agenda shows, kept in the address (`?view=day&date=2026-11-26&staff=&status=&attention=1`), so that a
 * reload or a shared link keeps it. No date: today in the business's time zone.
 */
export function useAgenda() {
  const [params, setParams] = useSearchParams();
  const zone = activeTimeZone();
  const today = dayOf(new Date(), zone);
  const date = params.get('date') ?? '';
  const status = params.get('status') ?? '';
  const state: AgendaState = {
    view: params.get('view') === 'day' ? 'day' : 'week',
    day: isDay(date) ? date : today,
    staff: params.get('staff') ?? '',
    status: (APPOINTMENT_STATUSES as readonly string[]).includes(status) ? (status as AppointmentStatus) : '',
    attention: params.get('attention') === '1',
  };

  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const step = state.view === 'day' ? 1 : 7;
  return {
    ...state,
    zone,
    today,
    days: daysOf(state.view, state.day),
    /** Whether today is in what is shown. */
    showsToday: daysOf(state.view, state.day).includes(today),
    filtered: Boolean(state.staff || state.status || state.attention),
    setView: (view: AgendaView) => update({ view: view === 'day' ? 'day' : '' }),
    previous: () => update({ date: addDays(state.day, -step) }),
    next: () => update({ date: addDays(state.day, step) }),
    goToday: () => update({ date: '' }),
    goTo: (day: string) => update({ date: day === today ? '' : day }),
    setStaff: (staff: string) => update({ staff }),
    setStatus: (value: string) => update({ status: value }),
    setAttention: (attention: boolean) => update({ attention: attention ? '1' : '' }),
    clearFilters: () => update({ staff: '', status: '', attention: '' }),
  };
}
