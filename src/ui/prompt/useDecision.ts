/**
 * The state of the decision being built on this screen: the legal actions of the viewer's seat, the choices made
 * so far (with a history for "Back"), and the handlers the board and the prompt bar call. When a choice completes
 * an action, `send` is called once and the screen waits for the next view.
 */
import { useCallback, useMemo, useState } from 'react';
import type { Faction } from '../../game/content';
import { legalActions, type Action, type ActionType, type GameState } from '../../game/rules';
import {
  EMPTY_SELECTION, FIELDS, actionOfType, choose, clickMission, clickPlanet, clickablePlanets, clickableMissions, currentStep,
  type Selection, type Step,
} from './choices';
import { optionLabel } from './wording';

const SHORT: Record<string, string> = {
  from: 'From', to: 'To', units: 'Units', captive: 'Prisoner', leader: 'Leader', card: 'Card', target: 'Target',
  capitalOn: 'Capital ship on', unit: 'Unit', planet: 'Planet',
};

/** The choices made so far, as "From: … · To: …". A yes/no that had only one answer (no prisoner to take along) is left out. */
export function breadcrumb(step: Step, view: GameState, seat: Faction | null): string {
  if (step.kind !== 'field') return '';
  const fields = FIELDS[step.type];
  return step.chosen
    .map((v, i) => (step.auto[i] && fields[i].kind === 'bool' ? null : `${SHORT[fields[i].id] ?? fields[i].id}: ${optionLabel(fields[i].kind, v, view, seat)}`))
    .filter(Boolean)
    .join(' · ');
}

export interface Decision {
  actions: Action[];
  /** The take-back (issue 9) when the core offers one: shown as its own button, never as a step. */
  undo: Action | null;
  step: Step;
  summary: string;
  selectedPlanets: Set<string>;
  planets: Set<string>;
  missions: Set<string>;
  busy: boolean;
  canGoBack: boolean;
  onType(type: ActionType): void;
  onValue(value: unknown): void;
  onPlanet(p: string): void;
  onMission(card: string): void;
  onBack(): void;
  onUndo(): void;
}

export function useDecision(view: GameState, seat: Faction | null, send: ((a: Action) => void) | undefined): Decision {
  const legal = useMemo(() => (seat && send && !view.winner ? legalActions(view, seat) : []), [view, seat, send]);
  const undo = legal.find((a) => a.type === 'undo') ?? null;
  const actions = useMemo(() => legal.filter((a) => a.type !== 'undo'), [legal]);
  const [history, setHistory] = useState<Selection[]>([]);
  const [busy, setBusy] = useState(false);
  // A new view is a new decision (or the same one re-asked): start over — during the render, not in an effect, so
  // no frame ever shows the new view with the old choices or still busy (buttons disabled). An effect left one
  // painted frame like that, and a click (or the e2e clicker) landing in it saw a different set of choices.
  const [viewShown, setViewShown] = useState(view);
  if (viewShown !== view) {
    setViewShown(view);
    setHistory([]);
    setBusy(false);
  }
  const sel = history.length ? history[history.length - 1] : EMPTY_SELECTION;
  const step = useMemo(() => currentStep(actions, sel), [actions, sel]);

  const advance = useCallback((next: Selection | null) => {
    if (!next || busy || !send) return;
    const s = currentStep(actions, next);
    if (s.kind === 'ready') {
      setBusy(true);
      setHistory([]);
      send(s.action);
      return;
    }
    setHistory((h) => [...h, next]);
  }, [actions, busy, send]);

  const onType = useCallback((type: ActionType) => {
    const direct = actionOfType(actions, type);
    if (direct) {
      if (busy || !send) return;
      setBusy(true);
      setHistory([]);
      send(direct);
      return;
    }
    advance({ type, values: [] });
  }, [actions, advance, busy, send]);

  const onUndo = useCallback(() => {
    if (!undo || busy || !send) return;
    setBusy(true);
    setHistory([]);
    send(undo);
  }, [undo, busy, send]);

  const chosen = step.kind === 'field' ? step.chosen : [];
  const fields = step.kind === 'field' ? FIELDS[step.type] : [];
  const summary = breadcrumb(step, view, seat);
  const selectedPlanets = new Set<string>();
  chosen.forEach((v, i) => {
    if ((fields[i]?.kind === 'planet' || fields[i]?.kind === 'dest') && typeof v === 'string') selectedPlanets.add(v);
  });

  return {
    actions,
    undo,
    step,
    summary,
    selectedPlanets,
    planets: clickablePlanets(step),
    missions: clickableMissions(step),
    busy,
    canGoBack: history.length > 0,
    onType,
    onValue: (value) => advance(choose(step, value)),
    onPlanet: (p) => advance(clickPlanet(step, p)),
    onMission: (card) => advance(clickMission(step, card)),
    onBack: () => setHistory((h) => h.slice(0, -1)),
    onUndo,
  };
}
