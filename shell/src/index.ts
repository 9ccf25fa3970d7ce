// Async boundary: shared singletons (React, the platform…) are negotiated before any of them runs.
// In a task after main.js's own evaluation (the federation runtime and its start-up): asking for the
// app's chunks there made that one task longer (a script element per chunk, their handlers).
setTimeout(() => void import('./bootstrap'));
