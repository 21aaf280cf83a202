/**
 * Every route of the web app lives in packages/shared (`@callwise/shared/routes`), so that the server knows
 * them too (a real 404 for any other path); the app reaches them here.
 */
export { type AppPath, paths } from '@callwise/shared/routes';
