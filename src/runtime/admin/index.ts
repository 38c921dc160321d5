// The owner's dashboard: its router and paths.
export { adminRouter, type AdminRouterOptions, type SettingsDefaults } from './admin-router.js';
export { ADMIN_PATHS } from './admin-paths.js';
