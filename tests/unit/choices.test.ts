/**
 * The step-by-step builder takes a step with exactly one possible answer by itself once the player has clicked
 * something, but never answers a whole decision for them (R4.5.5: prompts that depend on a secret are asked);
 * the breadcrumb leaves out a yes/no that had one answer (issue 13 item 8).
 */
import { describe, expect, it } from 'vitest';
import type { Action, GameState } from '../../src/game/rules';
import { EMPTY_SELECTION, currentStep } from '../../src/ui/prompt/choices';
import { breadcrumb } from '../../src/ui/prompt/useDecision';

const units = { f: 0, c: 1, s: 0 };
const move = (to: string, leader = 'LD-I1', captive = false): Action =>
  ({ type: 'moveFleet', from: 'F', to, units, captive, leader } as Action);
const view = { leaders: {} } as unknown as GameState;

describe('one possible answer', () => {
  it('Move a fleet: the only possible leader is not asked for; the action is ready', () => {
    const actions = [move('G'), move('H'), { type: 'pass' } as Action];
    const step = currentStep(actions, { type: 'moveFleet', values: ['F', 'G'] });
    expect(step).toEqual({ kind: 'ready', action: move('G') });
  });

  it('two leaders are asked for, and the breadcrumb has no "Prisoner: No" when nobody is captured', () => {
    const actions = [move('G'), move('G', 'LD-I2')];
    const step = currentStep(actions, { type: 'moveFleet', values: ['F', 'G'] });
    expect(step.kind === 'field' && step.field.id).toBe('leader');
    expect(breadcrumb(step, view, 'I')).not.toMatch(/Prisoner/);
  });

  it('a real prisoner choice is asked and, once answered, shown', () => {
    const actions = [move('G', 'LD-I1', false), move('G', 'LD-I1', true), move('G', 'LD-I2', false)];
    const asked = currentStep(actions, { type: 'moveFleet', values: ['F', 'G', units] });
    expect(asked.kind === 'field' && asked.field.id).toBe('captive');
    const next = currentStep(actions, { type: 'moveFleet', values: ['F', 'G', units, false] });
    expect(breadcrumb(next, view, 'I')).toContain('Prisoner: No');
  });

  it('I-07 pursuit with nobody captured: never "Take the captured Rebel leader along?" with only "No"', () => {
    const pursue = (to: string) => ({ type: 'pursue', to, units, captive: false } as Action);
    const two = [pursue('G'), pursue('H')];
    expect(currentStep(two, { type: 'pursue', values: ['G'] })).toEqual({ kind: 'ready', action: pursue('G') });
    // One answer in all: asked once, by where the fleet goes, not by the prisoner question.
    const one = currentStep([pursue('G')], EMPTY_SELECTION);
    expect(one.kind === 'field' && one.field.id).toBe('to');
  });

  it('a prompt that is the whole decision is still asked, even with one answer (R4.5.5)', () => {
    const keep = { type: 'relocateBase', planet: null } as Action;
    const step = currentStep([keep], EMPTY_SELECTION);
    expect(step.kind).toBe('field');
    expect(step.kind === 'field' && step.options).toHaveLength(1);
    const pass = currentStep([{ type: 'pass' } as Action], EMPTY_SELECTION);
    expect(pass.kind).toBe('type');
  });
});
