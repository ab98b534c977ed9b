/**
 * The prompt's state for one seat (issue 23 item 5): the legal list, computed once per view (choices.ts narrows
 * it), what has been picked, and the route shown on the map while the player looks at the choices. A new view (the
 * game moved on) starts the prompt over.
 */
import { useCallback, useMemo, useState } from 'react';
import type { TerritoryId } from '../../games/imperios/content/map';
import { legalActions, type Action, type MapAction, type Route, type Seat } from '../../games/imperios/rules';
import { matching, routeOptions, stepOf, TERRITORY_FIELDS, type Picked, type Step } from './choices';
import { asCore, type ImperiosView } from './core';

export interface PromptState {
  legal: Action[];
  step: Step;
  picked: Picked;
  pick(name: string, value: unknown): void;
  back(): void;
  reset(): void;
  /** Territories the map offers at this step. */
  choosable: ReadonlySet<TerritoryId>;
  /** The route under the player's eye (hovered or focused), else the first offered. */
  route: Route | null;
  showRoute(r: Route | null): void;
  /** Send a complete action (the prompt starts over). */
  send(a: Action): void;
  /** Choose a value of the current field: sends the action if that completes one without a route, else picks. */
  choose(name: string, value: unknown): void;
}

export function usePrompt(view: ImperiosView, seat: Seat | null, act: (a: Action) => void): PromptState {
  const state = useMemo(() => asCore(view), [view]);
  const legal = useMemo(() => (seat === null ? [] : legalActions(state, seat)), [state, seat]);
  // The picks belong to one legal list: a new list (the view changed) starts again.
  const [memory, setMemory] = useState<{ legal: Action[]; picks: Picked[] }>({ legal, picks: [{}] });
  const picks = useMemo<Picked[]>(() => (memory.legal === legal ? memory.picks : [{}]), [memory, legal]);
  const picked = picks[picks.length - 1];
  const routes = useCallback((a: MapAction) => (seat === null ? [a.route] : routeOptions(state, seat, a)), [state, seat]);
  const step = useMemo(() => stepOf(legal, picked, routes), [legal, picked, routes]);
  const [hover, setHover] = useState<{ step: Step; route: Route | null } | null>(null);
  const pick = useCallback(
    (name: string, value: unknown) => setMemory({ legal, picks: [...picks, { ...(step.step === 'kind' ? {} : step.picked), [name]: value }] }),
    [legal, picks, step],
  );
  const back = useCallback(() => setMemory({ legal, picks: picks.length > 1 ? picks.slice(0, -1) : picks }), [legal, picks]);
  const reset = useCallback(() => setMemory({ legal, picks: [{}] }), [legal]);
  const choosable = useMemo(() => {
    if (step.step !== 'field' || !TERRITORY_FIELDS.has(step.field)) return new Set<TerritoryId>();
    return new Set(step.values as TerritoryId[]);
  }, [step]);
  const route = hover?.step === step ? hover.route : step.step === 'route' ? step.routes[0] : null;
  const showRoute = useCallback((r: Route | null) => setHover({ step, route: r }), [step]);
  const send = useCallback((a: Action) => {
    reset();
    act(a);
  }, [reset, act]);
  const choose = useCallback((name: string, value: unknown) => {
    const rest = matching(legal, { ...(step.step === 'kind' ? {} : step.picked), [name]: value });
    if (rest.length === 1 && !('route' in rest[0])) send(rest[0]);
    else pick(name, value);
  }, [legal, step, send, pick]);
  return { legal, step, picked, pick, back, reset, choosable, route, showRoute, send, choose };
}
