/** The viewer (`quorum ui`): a Hono JSON API over a TraceStore plus the built React UI. */
export { createViewerApp, type ViewerAppOptions } from './server/create-viewer-app.js';
export { startViewer, isLoopback, type RunningViewer, type StartViewerOptions } from './server/start-viewer.js';
export { findUiDir, isBuiltUi } from './server/ui-dir.js';
export { secretScrubber, REDACTED, type SecretScrubber } from './server/scrub-secrets.js';
export type * from './server/api-types.js';
