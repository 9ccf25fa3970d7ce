require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 5 s rather than 1 s: on the 2-core CI machine, with the API, FerretDB
// and frontend suites running side by side, a lazy page behind React's 300 ms Suspense throttle
// took over a second to show its heading (a failure that said nothing about the page).
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
