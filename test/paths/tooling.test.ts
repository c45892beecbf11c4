import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assign, createMachine, setup } from 'xstate';
import { readStatechart } from '../../scripts/lib/statechart';
import { toMermaid } from '../../scripts/lib/mermaid';
import { toDot } from '../../scripts/lib/dot';
import { toStatelyConfig, toStatelyJson } from '../../scripts/lib/stately';
import { generateDocs } from '../../scripts/lib/docs';
import { coverageReport, levelSection, REPORT_WRITER } from '../../scripts/lib/report';
import {
  definePathModel, formatEvent, generatePaths, PathFailure, pathTitle, runModel, runPath, sample, stateText, type PathStep,
} from './engine';
import { fixtureMachine } from './fixtures/fixtureMachine';
import { fixturePaths } from './fixtures/fixture.paths';

// The diagram and path tooling, tried on a small machine of its own.

describe('statechart reading', () => {
  const chart = readStatechart(fixtureMachine);

  it('counts every state node and every transition, delays and actor outcomes included', () => {
    expect(chart.states).toHaveLength(14);
    expect(chart.transitions).toHaveLength(15);
    expect(chart.nameless).toEqual([]);
  });

  it('names delays with their seconds, guards and actions by name', () => {
    const cooldown = chart.transitions.find((t) => t.kind === 'after' && t.sourceId === 'fixture.code.resend.coolingDown');
    expect(cooldown?.trigger).toBe('after resendCooldown (30 s)');
    expect(cooldown?.delay).toEqual({ ref: 'resendCooldown', ms: 30_000 });
    const numeric = chart.transitions.find((t) => t.kind === 'after' && t.sourceId === 'fixture.unknownNumber');
    expect(numeric?.trigger).toBe('after 5 s');
    const submit = chart.transitions.find((t) => t.eventType === 'phone.submit' && t.guard);
    expect(submit).toMatchObject({ guard: 'isMobilePhone', actions: ['rememberPhone'], targets: ['fixture.sending'] });
    expect(chart.transitions.find((t) => t.trigger === 'checkCode done')?.actions).toEqual(['assign(customer)']);
  });
});

describe('Mermaid', () => {
  const text = toMermaid(readStatechart(fixtureMachine));

  it('nests compound states, splits parallel regions and marks initial and final states', () => {
    expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(text).toContain('state fixture_code {');
    expect(text).toMatch(/state fixture_code_entry \{[\s\S]*\}\n\s+--\n\s+state "resend"/);
    expect(text).toContain('[*] --> fixture_phone');
    expect(text).toContain('fixture_signedIn --> [*]');
    expect(text).toContain('fixture_locked --> [*]');
  });

  it('labels arrows with event, guard, actions and delays, and keeps descriptions as notes', () => {
    expect(text).toContain('fixture_phone --> fixture_sending: phone.submit [isMobilePhone] / rememberPhone');
    expect(text).toContain('fixture_code_resend_coolingDown --> fixture_code_resend_available: after resendCooldown (30 s)');
    expect(text).toContain('fixture_code_entry_failed --> fixture_locked: always [hasTooManyFailures]');
    expect(text).toMatch(/note right of fixture_phone\n\s+The visitor types a mobile number\.\n\s+end note/);
    expect(text).toContain('From any state session.expired → phone');
  });
});

describe('DOT and Stately JSON', () => {
  const chart = readStatechart(fixtureMachine);

  it('draws compound states as clusters with the header first', () => {
    const dot = toDot(chart, 'Written by test');
    expect(dot.split('\n')[0]).toBe('// Written by test');
    expect(dot).toContain('subgraph "cluster_fixture.code" {');
    expect(dot).toContain('subgraph "cluster_fixture.code.entry" {');
    expect(dot).toMatch(/"fixture\.signedIn" \[label=<[^\n]*peripheries=2/);
  });

  it('exports a config XState accepts, with the same states and transitions', () => {
    const config = toStatelyConfig(fixtureMachine, chart);
    const copy = createMachine(config as never);
    const again = readStatechart(copy);
    expect(again.states.map((s) => s.id)).toEqual(chart.states.map((s) => s.id));
    expect(again.transitions.map((t) => [t.sourceId, t.eventType, t.targets, t.guard, t.actions]))
      .toEqual(chart.transitions.map((t) => [t.sourceId, t.eventType, t.targets, t.guard, t.actions]));
  });

  it('puts the writer on the first line of the JSON file and stays valid JSON', () => {
    const text = toStatelyJson(fixtureMachine, chart, 'Written by test');
    expect(text.split('\n')[0]).toBe('{ "$comment": "Written by test",');
    expect(JSON.parse(text).id).toBe('fixture');
  });

  it('generates the same files twice, each naming its writer first', async () => {
    const entry = { name: 'fixture', machine: fixtureMachine, purpose: 'Test.', screens: ['login' as const], source: 'test/paths/fixtures/fixtureMachine.ts' };
    const first = await generateDocs([entry], 'out');
    const second = await generateDocs([entry], 'out');
    expect(second).toEqual(first);
    expect(first.map((f) => f.path)).toEqual(['out/fixture.md', 'out/fixture.svg', 'out/fixture.json', 'out/README.md']);
    for (const f of first) expect(f.text.split('\n')[0]).toContain('scripts/diagrams.ts');
    expect(first.find((f) => f.path.endsWith('.svg'))?.text).toContain('<svg');
  });
});

describe('path tests', () => {
  it('cover every state and transition of the fixture with passing paths', async () => {
    const result = await runModel(fixturePaths);
    expect(result.failures.map((f) => f.message)).toEqual([]);
    expect(result.states).toMatchObject({ reached: 14, total: 14 });
    expect(result.transitions).toMatchObject({ taken: 15, total: 15 });
  });

  it('leave out internal events and name the sample data in each path', () => {
    const { paths } = generatePaths(fixturePaths);
    const events = paths.flatMap((p) => p.steps.map((s) => s.event.type));
    expect(events.some((t) => t.startsWith('xstate.done.state') || t === 'xstate.init')).toBe(false);
    expect(paths.some((p) => p.title.includes('phone.submit (subscriptionCustomer)'))).toBe(true);
    expect(paths.some((p) => p.title.includes('checkCode fails (wrongCode)'))).toBe(true);
  });

  it('fail with the readable path when an action is broken', async () => {
    const broken = definePathModel({
      ...fixturePaths,
      machine: fixtureMachine.provide({ actions: { rememberPhone: assign({ phone: () => null }) } }),
    });
    const result = await runModel(broken, { bail: true });
    const failure = result.failures[0];
    expect(failure).toBeInstanceOf(PathFailure);
    expect(failure?.message).toContain('in sending: sending a code without a phone');
    expect(failure?.message).toMatch(/✗ +1\. phone\.submit \(subscriptionCustomer\) {2}⇒ {2}sending/);
  });

  it('fail with the list of what was not reached when a transition is broken', async () => {
    const broken = definePathModel({ ...fixturePaths, machine: fixtureMachine.provide({ guards: { isKnownCustomer: () => false } }) });
    const result = await runModel(broken);
    expect(result.states.missing).toEqual(['fixture.signedIn']);
    expect(result.transitions.missing).toEqual(['#fixture.deciding --always [isKnownCustomer]--> #fixture.signedIn']);
  });

  it('fail naming the state the path expects and the one the machine is in', async () => {
    const toSignedIn = generatePaths(fixturePaths).paths.find((p) => p.target === 'signedIn');
    const neverKnown = fixtureMachine.provide({ guards: { isKnownCustomer: () => false } });
    await expect(runPath({ ...fixturePaths, machine: neverKnown }, toSignedIn!))
      .rejects.toThrow(/to signedIn failed at step \d+: expected state signedIn, the machine is in unknownNumber/);
  });

  it('catch a delay the running machine never schedules', async () => {
    const { paths } = generatePaths(fixturePaths);
    const withCooldown = paths.find((p) => p.steps.some((s) => s.event.type.startsWith('xstate.after.resendCooldown')));
    expect(withCooldown).toBeDefined();
    const noCooldown = fixtureMachine.provide({ delays: { resendCooldown: 60_000 } });
    // the same path against a machine whose cooldown is longer still passes: time is simulated
    await runPath({ ...fixturePaths, machine: noCooldown }, withCooldown!);
    const withoutAfter = createMachine({ ...fixtureMachine.config, states: { ...fixtureMachine.config.states, code: {
      ...fixtureMachine.config.states!.code,
      states: { ...fixtureMachine.config.states!.code!.states, resend: { initial: 'coolingDown', states: { coolingDown: {}, available: {} } } },
    } } } as never).provide(fixtureMachine.implementations as never);
    await expect(runPath({ ...fixturePaths, machine: withoutAfter as never }, withCooldown!)).rejects.toThrow(/was never scheduled/);
  });
});

// Two ways into one house: both take the same transitions, so coverage alone is met by the first.
const house = setup({
  types: {
    context: {} as { door: 'front' | 'back' },
    input: {} as { door: 'front' | 'back' },
    events: {} as { type: 'walk' } | { type: 'rest' } | { type: 'ring' },
  },
  guards: { cameInByTheFront: ({ context }) => context.door === 'front' },
}).createMachine({
  id: 'house',
  initial: 'hall',
  context: ({ input }) => ({ door: input.door }),
  states: {
    hall: { on: { walk: 'garden', ring: { guard: 'cameInByTheFront', target: 'porch' } } },
    garden: { on: { rest: 'bench' } },
    bench: {},
    porch: {},
  },
});
const housePaths = definePathModel({
  name: 'house',
  machine: house,
  inputs: [sample('front', { door: 'front' as const }), sample('back', { door: 'back' as const })],
  // simple paths are kept from every input: without them, the shortest paths show the gap
  simplePathLimit: 0,
});

describe('path model reaches (each input on its own)', () => {
  it('without it, an input whose states another input already covers gets no path', () => {
    const { paths } = generatePaths(housePaths);
    expect(paths.some((p) => p.input.sample === 'back')).toBe(false);
  });

  it('keeps the shortest path from the named input to each state it must reach, and runs it', async () => {
    const model = definePathModel({ ...housePaths, reaches: { back: ['#house.bench'] } });
    const fromBack = generatePaths(model).paths.filter((p) => p.input.sample === 'back');
    expect(fromBack.map((p) => p.title)).toEqual(['[back] walk → rest']);
    const result = await runModel(model);
    expect(result.failures).toEqual([]);
    expect(result.states.missing).toEqual([]);
    expect(result.transitions.missing).toEqual([]);
  });

  it('fails the run for a state the named input cannot reach, and for names the model does not have', async () => {
    const model = definePathModel({ ...housePaths, reaches: { back: ['#house.porch', '#house.attic'], side: ['#house.hall'] } });
    const result = await runModel(model);
    expect(result.states.missing).toEqual(['house.porch (from back)']);
    expect(result.transitions.missing).toEqual([
      '#house.attic is in reaches (back) but the machine has no such state',
      'reaches names the input "side", which the path model does not start from',
    ]);
  });
});

describe('path formatting', () => {
  it('names events by their sample, actor outcomes by the actor and delays by their seconds', () => {
    const { paths } = generatePaths(fixturePaths);
    const texts = new Set(paths.flatMap((p) => p.steps.map((s) => formatEvent(s.event))));
    expect(texts).toContain('phone.submit (landline)');
    expect(texts).toContain('checkCode resolves (knownCustomer)');
    expect(texts).toContain('after resendCooldown (30 s)');
    expect(texts).toContain('after 5 s');
    expect(formatEvent({ type: 'xstate.route', to: '#journey.bill' } as never)).toBe('URL #journey.bill');
    expect(formatEvent({ type: 'visit.cancel', reason: 'trip' } as never)).toBe('visit.cancel {"reason":"trip"}');
  });

  it('folds a run of the same event into one with its count, after the input', () => {
    const tick = { type: 'tick' };
    const steps = [tick, tick, tick, { type: 'stop' }].map((event) => ({ event, state: {} }) as unknown as PathStep);
    expect(pathTitle(sample('countdown', undefined), steps)).toBe('[countdown] tick ×3 → stop');
    expect(pathTitle(sample('', undefined), [])).toBe('(initial state)');
    expect(stateText({ codeEntry: { code: 'idle', resendCooldown: 'counting' } })).toBe('codeEntry.{code.idle, resendCooldown.counting}');
  });
});

describe('generated files', () => {
  it('the coverage report names its writer first and holds no timings', async () => {
    const result = await runModel(fixturePaths);
    const slow = coverageReport([{ ...result, ms: 98_765 }], levelSection(null, ''));
    const fast = coverageReport([{ ...result, ms: 1 }], levelSection(null, ''));
    expect(fast).toBe(slow);
    expect(fast.split('\n')[0]).toBe(`<!-- Written by ${REPORT_WRITER} (npm run test:paths); do not edit by hand. -->`);
    expect(fast).not.toMatch(/\d+\.\d\d s\b/);
    expect(fast).toContain('| fixture | 14/14 (100%) | 15/15 (100%) |');
  });

  it('the coverage report keeps the last screen- and API-level section when they were not run', () => {
    const levels = levelSection([{ machine: 'auth', level: 'screens', run: 9, skipped: 11, failed: 0 }], '');
    const written = coverageReport([], levels);
    expect(levelSection(null, written)).toEqual(levels);
  });

  it('every committed generated file names the script that writes it on its first line', () => {
    const dir = 'docs/statecharts';
    const files = readdirSync(dir);
    expect(files).toContain('coverage.md');
    for (const file of files) {
      const first = readFileSync(`${dir}/${file}`, 'utf8').split('\n')[0] ?? '';
      const writer = /Written by (scripts\/[\w-]+\.ts)/.exec(first)?.[1];
      expect(writer, `${dir}/${file}: ${first}`).toBe(file === 'coverage.md' ? REPORT_WRITER : 'scripts/diagrams.ts');
      expect(readdirSync('scripts'), writer).toContain(writer?.slice('scripts/'.length));
    }
  });
});
