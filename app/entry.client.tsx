import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { installClientErrorReporting } from './platform/error-reporting/client';
import { installChunkReloadGuard } from './platform/reload-guard';

installChunkReloadGuard();
// Before hydration, so that errors while hydrating are reported too.
const errorHooks = installClientErrorReporting();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    errorHooks,
  );
});
