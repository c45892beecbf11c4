import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * An actor a machine declares and its screen (or a test) provides: the machine's own stub, which,
 * run without the real one, fails naming what was not provided.
 */
export const notProvided = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(async () => { throw new Error(`${name} not provided`); });
