require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 15 s rather than 1 s. A lazy page behind React's 300 ms Suspense
// throttle shows its heading in ~0.35 s on an idle machine, but on the 2-core CI machine, with the
// API, FerretDB and frontend suites running side by side, one took over 1 s and, later, over 5 s
// (/admin/conteudo's first import, CI of stop 40): failures that said nothing about the page.
// A test that fails still fails, only later.
require('@testing-library/react').configure({ asyncUtilTimeout: 15_000 });
