/**
 * Where an app's run can part from another run of the same seed without the virtual world seeing it: the
 * "no" rows of docs/guest-world.md's "Limits", and state that outlives a run or is made once a process.
 * `--check-determinism` lists them when the world saw nothing (`World.notVirtual` was empty in every run).
 *
 * `factory`: whether the app is built by a factory, which decides where state can outlive a run: a factory
 * rebuilds the app but not its module's top level; an app instance's own module is imported afresh, the
 * modules it imports are not. `acrossProcesses`: the runs in one process agreed and a fresh process did not,
 * so the first suspect is what a process decides once, rather than what one run leaves to the next.
 */
export function usualSuspects(factory: boolean, acrossProcesses = false): string[] {
  const carried = factory
    ? "state kept at a module's top level, the app's own module included (only the factory runs again), carried from run 1 into run 2: a counter, a cache, a store"
    : "state kept at the top level of a module the app's module imports (only the app's own module is imported afresh for each run), carried from run 1 into run 2";
  const once = 'a value decided once a process, when a module is first loaded or first used, and kept: a random secret or a time read at its top level, a real random source or clock read then';
  return [
    acrossProcesses ? once : carried,
    'code that took the real clocks, timers or random sources before the world was lent: a module that kept setTimeout, Date, performance.now or Math.random in a variable when first loaded',
    'time read below the lent globals: Intl.DateTimeFormat().format() without a date, AbortSignal.timeout, server and stream timeouts inside Node',
    'real work the world does not wait for: a connection the app opened at its start and keeps (a database pool), whose replies come at a real time',
    'real work out of the world\'s sight: a native addon loaded before the run, a worker thread started before it',
    "a database's own clock and randomness: now(), random(), datetime('now') in SQL, read by a database server or by a native addon the app allowed (docs/databases.md)",
  ];
}
