// The browser suite's files share one API, and two of them move its clock (POST /v1/dev/clock):
// pix-automatic.test.ts by weeks, dossier.test.ts past a year. Moving the clock runs the billing
// calendar for every member at the new date, so the seeded subscribers' periods end and their
// subscriptions go overdue — the files after them (a subscriber watching a video, spending credits)
// would then see a paused member. Jest otherwise orders files by size or past timings, which differ
// on a fresh clone; this keeps its order and puts the clock movers last, the longest move at the end.
const Sequencer = require('@jest/test-sequencer').default;

const CLOCK_MOVERS = ['pix-automatic.test.ts', 'dossier.test.ts'];
const rank = (test) => CLOCK_MOVERS.findIndex((name) => test.path.endsWith(`/tests/${name}`));

class ClockMoversLast extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests);
    return [...sorted.filter((test) => rank(test) < 0), ...sorted.filter((test) => rank(test) >= 0).sort((a, b) => rank(a) - rank(b))];
  }
}

module.exports = ClockMoversLast;
