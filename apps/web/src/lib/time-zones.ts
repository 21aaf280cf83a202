// The IANA time zones this browser knows, grouped by region for a select.

export interface TimeZoneGroup {
  region: string;
  zones: Array<{ value: string; label: string }>;
}

/** "America/Argentina/Buenos_Aires" → "Argentina / Buenos Aires". */
const cityOf = (zone: string) => zone.split('/').slice(1).join(' / ').replaceAll('_', ' ') || zone;

/**
 * Every zone of `Intl.supportedValuesOf('timeZone')` by region (Africa, America, …), plus UTC, and `current`
 * when the list lacks it (an older alias kept by the account), so that the select always shows the saved zone.
 */
export function timeZoneGroups(current?: string): TimeZoneGroup[] {
  const zones = new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  zones.add('UTC');
  if (current) zones.add(current);
  const groups = new Map<string, TimeZoneGroup['zones']>();
  for (const zone of [...zones].sort()) {
    const region = zone.includes('/') ? (zone.split('/')[0] as string) : 'Other';
    const list = groups.get(region) ?? [];
    list.push({ value: zone, label: zone.includes('/') ? cityOf(zone) : zone });
    groups.set(region, list);
  }
  return [...groups.entries()].map(([region, list]) => ({ region, zones: list }));
}
