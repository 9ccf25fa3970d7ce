// Async boundary: shared singletons (React, the platform…) are negotiated before any of them runs.
import('./bootstrap');
