/**
 * Runs the work it is given one at a time, in the order given: each starts when the one before
 * has ended, however that ended. What the turns wait on is the end of the work, never its result,
 * so nothing here keeps a result alive.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let previous: Promise<void> = Promise.resolve();
  return (work) => {
    const turn = previous.then(work);
    previous = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  };
}
