/**
 * Model-based path tests for XState 5 machines with `xstate/graph`: a path model (model.ts) names
 * the machine's inputs, event samples and actor outcomes; generate.ts makes the paths; run.ts runs
 * each against a live actor with stand-in actors and a simulated clock; coverage.ts says what the
 * runs reached; format.ts writes paths and failures as a tester reads them.
 */
export { definePathModel, sample, type ActorOutcomes, type GeneratedPaths, type PathModel, type PathStep, type Sample, type TestPath } from './model';
export { generatePaths } from './generate';
export { runModel, runPath, type RunOptions } from './run';
export { coverageOf, describeKey, isComplete, newRecorder, type MachineCoverage, type Recorder } from './coverage';
export { formatEvent, formatFailure, pathTitle, PathFailure, stateText } from './format';
