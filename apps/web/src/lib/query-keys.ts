/**
 * Query keys that more than one feature needs. The dashboard's numbers (and the sidebar's usage badge) depend
 * on contacts, scripts and calls, so every successful change marks them stale.
 */
export const dashboardQueryKey = ['dashboard'] as const;
