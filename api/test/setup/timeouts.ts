// `testTimeout` in this package's jest.config.js only applies when Jest runs this package
// alone; the root run (projects) uses Jest's 5 s default, which app start + emulator accounts
// in a beforeAll can exceed on a busy machine. This sets it per test file either way.
jest.setTimeout(30_000);
