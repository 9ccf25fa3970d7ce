// The one list of API tests left out when `npm run test:mongo` runs against FerretDB 1.24 (never
// against MongoDB, where every test runs). Each entry is a FerretDB limitation, with the FerretDB
// document, issue or source line (at the v1.24.2 tag) that says so; api/README.md ("Executado contra
// FerretDB 1.24") explains each. The API keeps its MongoDB behaviour; a difference that is a bug of
// ours is fixed in the API, never listed here. The goal is an empty list.
//   test: the full name Jest reports ("<describe> <test>"), matched exactly.
const V = 'https://github.com/FerretDB/FerretDB/blob/v1.24.2';

const PARTIAL_INDEXES = {
  limitation: 'sem índices parciais (partialFilterExpression): o índice único parcial não é criado',
  source: `FerretDB #2448 (https://github.com/FerretDB/FerretDB/issues/2448); ${V}/website/versioned_docs/version-v1.24/reference/supported-commands.md (createIndexes: partialFilterExpression ❌)`,
};
const NON_ATOMIC_UPDATES = {
  limitation:
    'update/findAndModify não são atômicos: o documento é lido, alterado no FerretDB e regravado inteiro por _id, sem reconferir o filtro (dois updates condicionais simultâneos passam os dois)',
  source: `${V}/internal/handler/common/update.go (UpdateDocument) e ${V}/internal/backends/sqlite/collection.go (UpdateAll); FerretDB #3040 ("a document updated can be modified between query and update is applied")`,
};
const DATE_TO_STRING = {
  limitation: 'sem $dateToString na agregação ($group de revenueByMonth)',
  source: `FerretDB #1460 (https://github.com/FerretDB/FerretDB/issues/1460); ${V}/website/versioned_docs/version-v1.24/reference/supported-commands.md`,
};

/** @type {Array<{ file: string, test: string, limitation: string, source: string }>} */
const FERRETDB_GAPS = [
  {
    file: 'test/indexes.test.ts',
    test: 'Indexes created at start When the API has started, then the partial unique indexes (one open subscription per member, one ACTIVE seat per person, one team unlock per item, one invoice per PIX txid or Pix Automático txid, one subscription per recurrence, a signed record or a certificate revoked once, one active assignment per function and person) are on the server with their filters',
    ...PARTIAL_INDEXES,
  },
  {
    file: 'test/indexes.test.ts',
    test: 'Indexes created at start When documents are written, then a partial unique index refuses a second matching one and ignores those outside its filter',
    ...PARTIAL_INDEXES,
  },
  {
    file: 'test/billing/lifecycle.test.ts',
    test: 'Subscription lifecycle over HTTP When 20 checkouts of one member arrive at once, then exactly one subscription and one invoice exist',
    ...PARTIAL_INDEXES,
  },
  {
    file: 'test/billing/admin.test.ts',
    test: 'Admin status override (PATCH /subscriptions/status) When an admin reopens a canceled subscription of a member who already has another open one, then 409',
    ...PARTIAL_INDEXES,
  },
  {
    file: 'test/team/shared-credits.test.ts',
    test: 'Laboratory wallet When three people of the team unlock the same item at the same moment, then it is charged once',
    limitation: `${PARTIAL_INDEXES.limitation}; e ${NON_ATOMIC_UPDATES.limitation}`,
    source: `${PARTIAL_INDEXES.source}; ${NON_ATOMIC_UPDATES.source}`,
  },
  {
    file: 'test/team/concurrent-accept.test.ts',
    test: 'Concurrent acceptances When 10 invited people accept at the same moment for 2 free seats, then exactly 2 get in and 8 get 409 SEATS_FULL',
    ...NON_ATOMIC_UPDATES,
  },
  ...[
    'Fewer seats racing an acceptance When a manager re-subscribes with 2 seats while the last free seat is accepted, 16 times at once, then the laboratory never ends over the seats paid for',
    'Fewer seats racing an acceptance When a manager gives up the free seat while it is accepted, 16 times at once, then the laboratory never ends over the seats paid for',
  ].map((test) => ({ file: 'test/team/seat-limit-race.test.ts', test, ...NON_ATOMIC_UPDATES })),
  {
    file: 'test/catalogue/unlocks.test.ts',
    test: 'POST /v1/unlocks When 10 unlocks of different items arrive at once with credits for 3, then exactly 3 succeed',
    ...NON_ATOMIC_UPDATES,
  },
  {
    file: 'test/catalogue/progress.test.ts',
    test: 'PUT /v1/me/progress/videos/{id} When the player sends several reports at once, then one document keeps them all and none is lost',
    ...NON_ATOMIC_UPDATES,
  },
  {
    file: 'test/billing/reconciliation.test.ts',
    test: 'Reconciliation job When two instances run it at the same moment, then each renewal, pause and cancellation happens once',
    ...NON_ATOMIC_UPDATES,
  },
  // The job runner claims and releases a job with conditional updates (status, runAt, leaseId):
  // on FerretDB two runners both claim it — 'schedules' shows it (both reports RUNNING, two
  // leaseIds); the 1,000-job run then overlaps and runs past its time; the release at close races
  // the same way under load. On MongoDB each claim is one atomic findOneAndUpdate.
  ...[
    'Job runner: several processes on one store When two runners work 1,000 jobs at once, then each job runs exactly once and never on both at the same time',
    'Job runner: several processes on one store When a process closes while a job runs past the grace period, then the job is released at once for another process, the run not counted',
    'Job runner: schedules When two processes start together, then a schedule tick runs once across both',
  ].map((test) => ({ file: 'test/jobs/runner.test.ts', test, ...NON_ATOMIC_UPDATES })),
  {
    // The sandbox payment marks the invoice paid with a conditional update on its status: on
    // FerretDB two parallel payments both pass it (two 200s); on MongoDB one wins, the others get 409.
    file: 'test/security.test.ts',
    test: 'Security review (#26): paying the same invoice in parallel When the same invoice is paid by several requests at once, then one answers 200 and the others 409',
    ...NON_ATOMIC_UPDATES,
  },
  {
    // The same API Pix callback delivered five times at once: the invoice's conditional claim is the lock.
    file: 'test/billing/pix-api.test.ts',
    test: 'API Pix adapter against the stand-in PSP (mTLS + OAuth2) When five deliveries of the same callback arrive at once, then one pays and the others are duplicates',
    ...NON_ATOMIC_UPDATES,
  },
  {
    file: 'test/account/suggestions.test.ts',
    test: 'Votes on suggestions When two members each vote in parallel, then each vote counts once (2 in total)',
    ...NON_ATOMIC_UPDATES,
  },
  {
    file: 'test/account/suggestions.test.ts',
    test: 'GET /v1/suggestions/open and /mine When members list open suggestions, then the most voted come first, done ones are absent and no author is shown',
    ...NON_ATOMIC_UPDATES,
  },
  ...[
    'GET /v1/admin/metrics When the admin opens the dashboard, then every figure of the last 30 days matches the hand-computed history',
    'GET /v1/admin/metrics When the admin asks for January 2026, then only that window counts (new, churn base, reasons, credits)',
    'GET /v1/admin/metrics When the window is empty of subscribers at its start, then the churn rate is null, not a division by zero',
    "Metrics against the API's own lists (real checkouts and payments) When members subscribe, pay, leave one unpaid and cancel one, then active subscribers and MRR equal what the lists say",
  ].map((test) => ({ file: 'test/admin/metrics.test.ts', test, ...DATE_TO_STRING })),
  {
    file: 'test/authorization-matrix.test.ts',
    test: 'Authorization matrix (anonymous / member / another member / admin) admin and account (issues 13/14) When admin calls GET /v1/admin/metrics, then the answer is 200',
    ...DATE_TO_STRING,
  },
  {
    file: 'test/catalogue/admin-catalogue.test.ts',
    test: 'Categories When a slug is taken, then creating or renaming to it is a 409 in Portuguese',
    limitation:
      'um update que viola um índice único responde InternalError (código 1), não DuplicateKey (11000): só o insert traduz a violação do SQLite',
    source: `${V}/internal/backends/sqlite/collection.go (InsertAll traduz SQLITE_CONSTRAINT_UNIQUE em ErrorCodeInsertDuplicateID; UpdateAll não)`,
  },
];

module.exports = { FERRETDB_GAPS };
