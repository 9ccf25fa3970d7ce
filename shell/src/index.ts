// Async boundary: the app's chunk (React, the router, the platform) loads after main.js, whose own
// evaluation holds the federation runtime and its start-up.
// In a task after main.js's own evaluation: asking for the app's chunks there made that one task
// longer (a script element per chunk, their handlers).
// When that chunk cannot load, the bootstrap's error path (in the same chunk) cannot run either: the
// page says so itself instead of staying on the HTML's inert copy with no message.
import { showStartFailure } from './layout/start-failure';

setTimeout(() => {
  import('./bootstrap').catch((error: unknown) => {
    console.error('[clube] could not load the app', error);
    showStartFailure();
  });
});
