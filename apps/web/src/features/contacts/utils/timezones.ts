/** Time zones offered in the contact form, by region; a contact may also have any other IANA zone. */
export const TIMEZONE_GROUPS: ReadonlyArray<{ region: string; zones: readonly string[] }> = [
  {
    region: 'United States and Canada',
    zones: [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Phoenix',
      'America/Los_Angeles',
      'America/Anchorage',
      'Pacific/Honolulu',
      'America/Toronto',
      'America/Vancouver',
      'America/Halifax',
      'America/St_Johns',
    ],
  },
  {
    region: 'Latin America',
    zones: [
      'America/Mexico_City',
      'America/Bogota',
      'America/Lima',
      'America/Santiago',
      'America/Argentina/Buenos_Aires',
      'America/Sao_Paulo',
      'America/Puerto_Rico',
    ],
  },
  {
    region: 'Europe',
    zones: [
      'Europe/London',
      'Europe/Dublin',
      'Europe/Lisbon',
      'Europe/Madrid',
      'Europe/Paris',
      'Europe/Amsterdam',
      'Europe/Berlin',
      'Europe/Rome',
      'Europe/Stockholm',
      'Europe/Warsaw',
      'Europe/Athens',
      'Europe/Istanbul',
      'Europe/Moscow',
    ],
  },
  {
    region: 'Africa and the Middle East',
    zones: ['Africa/Lagos', 'Africa/Cairo', 'Africa/Johannesburg', 'Africa/Nairobi', 'Asia/Dubai'],
  },
  {
    region: 'Asia and the Pacific',
    zones: [
      'Asia/Karachi',
      'Asia/Kolkata',
      'Asia/Dhaka',
      'Asia/Bangkok',
      'Asia/Jakarta',
      'Asia/Singapore',
      'Asia/Manila',
      'Asia/Hong_Kong',
      'Asia/Shanghai',
      'Asia/Seoul',
      'Asia/Tokyo',
      'Australia/Perth',
      'Australia/Adelaide',
      'Australia/Brisbane',
      'Australia/Sydney',
      'Pacific/Auckland',
    ],
  },
  { region: 'Other', zones: ['UTC'] },
];

/** "America/New_York" -> "New York"; "America/Argentina/Buenos_Aires" -> "Buenos Aires"; "UTC" stays. */
export function timezoneCity(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** How a contact's zone reads on its card: "New York time" (or "UTC"). */
export function timezoneLabel(zone: string): string {
  const city = timezoneCity(zone);
  return city === 'UTC' ? 'UTC' : `${city} time`;
}

const offsets = new Map<string, string>();

/** The zone's offset from UTC today, e.g. "GMT-5" (empty when the browser does not know the zone). */
export function timezoneOffset(zone: string): string {
  let offset = offsets.get(zone);
  if (offset === undefined) {
    try {
      offset =
        new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
          .formatToParts(new Date())
          .find((part) => part.type === 'timeZoneName')?.value ?? '';
    } catch {
      offset = '';
    }
    offsets.set(zone, offset);
  }
  return offset;
}

/** The current time in the zone, e.g. "3:05 PM" (empty when the browser does not know the zone). */
export function timeIn(zone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: zone, timeStyle: 'short' }).format(now);
  } catch {
    return '';
  }
}
