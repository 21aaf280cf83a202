import { type AppointmentReminder, appointmentReminderSchema } from '@callwise/shared/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { appointmentsQueryKey } from '@/lib/query-keys';

const remindersSchema = z.object({ data: z.array(appointmentReminderSchema) });

/** What went out about an appointment (or will), in time order; any appointment change refreshes it. */
export function useAppointmentReminders(id: string) {
  return useQuery({
    queryKey: [...appointmentsQueryKey, 'reminders', id],
    queryFn: async ({ signal }): Promise<AppointmentReminder[]> =>
      (await api.get(`/appointments/${encodeURIComponent(id)}/reminders`, remindersSchema, signal)).data,
    meta: { errorTitle: 'Error loading the reminders' },
  });
}
