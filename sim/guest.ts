/**
 * Code apisim did not write, running on the simulator's clock (a user's app, lent a virtual world by
 * `sim/host/world/`), as the run loop sees it. Its timers are events of the background lane
 * (`Simulation.scheduleBackground`); its promise chains are its own business, which the loop lets run after
 * every event.
 */
export interface Guest {
  /**
   * Lets the guest's work that is pending at the current virtual time run (its promise continuations); the
   * loop waits for it before the next event. Rejects when the guest's work cannot go on deterministically.
   */
  settle(): Promise<void>;
  /**
   * The simulator has nothing of its own left to do: only the guest's timers remain, the earliest at
   * `nextTimerUs` (undefined when none). True goes on with them; false ends the run, leaving them unrun.
   * Throws when the run cannot end well (a request the guest never answers).
   */
  goOn(nextTimerUs: number | undefined): boolean;
}
