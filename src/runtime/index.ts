export { serve, type ServeOptions, type RunningServer } from './serve.js';
export { createApp, type AppOptions, type DashboardOptions } from './app.js';
export { jsonLogger, silentLogger, type Logger, type LogLevel } from './logger.js';
export { dev, type DevOptions, type DevServer } from './dev.js';
export { createRateLimits, type RateLimits, type RateLimitsOptions } from './rate-limits.js';
export { listen, type Listening } from './listen.js';
export { usageCounter, USAGE_FLUSH_MS, type CountedCall, type UsageCounter, type UsageCounterOptions } from './usage-counter.js';
