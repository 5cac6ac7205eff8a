import fc from 'fast-check';

/**
 * Property tests (`*.property.test.ts`) run with one fixed seed in `npm test`, so a failure is the
 * same failure on every machine; `npm run fuzz` sets LINKHUB_FUZZ=1 for a random seed and many more
 * runs, each property bounded in time. A failing fuzz run prints its seed: rerun with LINKHUB_FUZZ_SEED.
 */
const fuzzing = process.env.LINKHUB_FUZZ === '1';
const seedText = process.env.LINKHUB_FUZZ_SEED;
const seed = seedText === undefined ? (fuzzing ? Date.now() % 2 ** 31 : 20261204) : Number(seedText);

fc.configureGlobal(
  fuzzing
    ? { seed, numRuns: 2_000, interruptAfterTimeLimit: 60_000, markInterruptAsFailure: false }
    : { seed, numRuns: 60 },
);
