import {
  type CalendarConnection,
  type ConnectGoogleInput,
  type CreateCalendarConnectionInput,
  type CreatedCalendarConnection,
  calendarConnectionListSchema,
  calendarConnectionSchema,
  calendarConnectionSyncSchema,
  connectGoogleSchema,
  createdCalendarConnectionSchema,
  type GoogleCalendar,
  googleCalendarSchema,
  type UpdateCalendarConnectionInput,
} from '@callwise/shared/schemas/calendar-connections';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { z } from 'zod';
import { syncSummaryText } from '@/components/sync-summary';
import { api } from '@/lib/api-client';
import { appointmentsQueryKey } from '@/lib/query-keys';

export type Connection = CalendarConnection;
export type CreatedConnection = CreatedCalendarConnection;
export type CreateConnectionInput = CreateCalendarConnectionInput;
/**
 * Editing one: its name, staff member (null: the business), Cal.com API key (null removes it) or the Google
 * calendar read.
 */
export type UpdateConnectionInput = UpdateCalendarConnectionInput;
export type ConnectGoogleCalendarInput = ConnectGoogleInput;
export type { GoogleCalendar };

/** The connections, and whether this server can connect Google calendars. */
export interface ConnectionList {
  data: Connection[];
  google_available: boolean;
}

export const calendarConnectionsQueryKey = ['calendar-connections'] as const;

/** The account's ICS subscriptions, Cal.com webhooks and Google calendars, oldest first. */
export async function getCalendarConnections(signal?: AbortSignal): Promise<ConnectionList> {
  return api.get('/calendar-connections', calendarConnectionListSchema, signal);
}

export const calendarConnectionsQueryOptions = () =>
  queryOptions({
    queryKey: calendarConnectionsQueryKey,
    queryFn: ({ signal }) => getCalendarConnections(signal),
    meta: { errorTitle: 'Error loading calendar connections' },
  });

export function useCalendarConnections() {
  return useQuery(calendarConnectionsQueryOptions());
}

/**
 * Adds a connection. An ICS subscription is read at once (its `sync`, or null and `last_error`); a Cal.com one
 * answers its signing secret, this once. The dialog shows a refusal under its fields (no toast for those).
 */
export function useCreateCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConnectionInput): Promise<CreatedConnection> =>
      api.post('/calendar-connections', input, createdCalendarConnectionSchema),
    meta: { silentErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarConnectionsQueryKey }),
  });
}

/**
 * Changes a connection's name, staff member, API key or (Google) the calendar read, which is read at once; the
 * dialog shows refusals under its fields.
 */
export function useUpdateCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateConnectionInput }): Promise<Connection> =>
      api.patch(`/calendar-connections/${id}`, input, calendarConnectionSchema),
    meta: { silentErrors: true },
    onSuccess: (_connection, { input }) => {
      if (input.calendar_id !== undefined)
        void queryClient.invalidateQueries({ queryKey: appointmentsQueryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarConnectionsQueryKey }),
  });
}

/**
 * Starts connecting a Google calendar: answers Google's consent page, where the browser goes next (Google sends it
 * back to Settings → Booking). The dialog shows a refusal under its fields (no toast for those).
 */
export function useConnectGoogleCalendar() {
  return useMutation({
    mutationFn: (input: ConnectGoogleCalendarInput) =>
      api.post('/calendar-connections/google', input, connectGoogleSchema),
    meta: { silentErrors: true },
  });
}

const googleCalendarListSchema = z.object({ data: z.array(googleCalendarSchema) });

/** The calendars of a Google connection's account (the primary first), to choose the one read. */
export function useGoogleCalendars(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...calendarConnectionsQueryKey, id, 'calendars'],
    queryFn: async ({ signal }) =>
      (await api.get(`/calendar-connections/${id}/calendars`, googleCalendarListSchema, signal)).data,
    enabled: enabled && Boolean(id),
    retry: false,
    staleTime: 60_000,
    meta: { silentErrors: true },
  });
}

/** Removes a connection: its appointments stay, the calendar is no longer read (or its webhook is refused). */
export function useDeleteCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => api.delete(`/calendar-connections/${id}`, z.null()),
    meta: { errorTitle: 'Error removing the calendar' },
    onSuccess: (_data, { name }) => {
      toast.success('Calendar removed', { description: `“${name}” no longer adds appointments.` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarConnectionsQueryKey }),
  });
}

/** Reads an ICS subscription or a Google calendar now; a failed read answers `sync: null` with the connection's `last_error`. */
export function useSyncCalendarConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) =>
      api.post(`/calendar-connections/${id}/sync`, {}, calendarConnectionSyncSchema),
    meta: { errorTitle: 'Error syncing the calendar' },
    onSuccess: ({ connection, sync }) => {
      if (sync) {
        toast.success(`“${connection.name}” synced`, { description: syncSummaryText(sync) });
        void queryClient.invalidateQueries({ queryKey: appointmentsQueryKey });
      } else {
        toast.error(`“${connection.name}” could not be read`, {
          description: connection.last_error ?? undefined,
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarConnectionsQueryKey }),
  });
}
