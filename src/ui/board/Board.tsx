/**
 * The whole board for one seat's view (or the public view, seat null): header, planet grid, both factions'
 * panels, the game log, the prompt bar and the viewer's hand; the combat side sheet and the end screen on top.
 * Everything clickable comes from the viewer's legal actions (useDecision). At 1280×800 three columns; on a
 * phone the grid on top, tabs below (hand · you · opponent · log) and the prompt bar fixed at the bottom.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Faction, PlanetId } from '../../game/content';
import type { Action, GameState } from '../../game/rules';
import { PromptBar } from '../prompt/PromptBar';
import { useDecision } from '../prompt/useDecision';
import { RulesProvider } from '../rules/RulesContext';
import { colors } from '../theme';
import { useIsPhone } from '../useIsPhone';
import { useStory } from '../story/useStory';
import { useMotion } from '../motion/useMotion';
import { CombatSheet } from './CombatSheet';
import { FactionPanel } from './FactionPanel';
import { HandStrip } from './HandStrip';
import { LogPanel } from './LogPanel';
import { PlanetGrid } from './PlanetGrid';
import { TopBar } from './TopBar';
import { DetailProvider } from './details/DetailSheet';
import type { MomentLink } from '../replay/ReplayButtons';
import type { HintAccess } from '../hint/types';
import { HintSlot } from '../hint/HintSlot';

// The end screen is needed once a game is over: a chunk of its own keeps it out of the page's first load (issue 12).
const EndScreen = lazy(() => import('./EndScreen').then((m) => ({ default: m.EndScreen })));

const Desktop = styled.div`
  display: grid;
  grid-template-columns: 270px minmax(0, 1fr) 290px;
  grid-template-rows: auto minmax(0, 1fr) auto;
  grid-template-areas: 'top top top' 'left center right' 'bottom bottom bottom';
  height: 100vh;
  min-height: 600px;
`;

const Area = styled.div<{ $area: string }>`
  grid-area: ${(p) => p.$area};
  min-height: 0;
  min-width: 0;
`;

const Column = styled(Area)`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 8px;
  overflow-y: auto;
`;

const Bottom = styled.div`
  grid-area: bottom;
  display: flex;
  min-width: 0;
  border-top: 1px solid ${colors.border};
  background: ${colors.surface};
  & > :first-child { flex: 1; min-width: 0; }
  & > :nth-child(2) { flex: 0 1 590px; min-width: 0; border-left: 1px solid ${colors.border}; }
`;

const Phone = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding-bottom: calc(42vh + 16px);
`;

const Tabs = styled.div`
  display: flex;
  gap: 2px;
  padding: 0 4px;
  border-bottom: 1px solid ${colors.border};
`;

const Tab = styled.button.attrs({ type: 'button', role: 'tab' })<{ $on: boolean }>`
  flex: 1;
  min-height: 44px;
  border: none;
  border-bottom: 3px solid ${(p) => (p.$on ? colors.highlight : 'transparent')};
  background: ${(p) => (p.$on ? colors.surface2 : colors.surface)};
  font-weight: ${(p) => (p.$on ? 700 : 400)};
  cursor: pointer;
`;

export interface BoardProps {
  view: GameState;
  seat: Faction | null;
  /** Sends a legal action for `seat`; absent for spectators and while it is the bot's decision. */
  onAction?: (a: Action) => void;
  onExit?: () => void;
  /** Extra controls for the header (e.g. "switch to spectator view"). */
  extra?: ReactNode;
  /** Extra buttons on the end screen (e.g. "Play again" online). */
  endActions?: ReactNode;
  /** Where the end screen's story moments lead: the replay at that moment (none: plain text). */
  momentLink?: MomentLink;
  /** Replaces the game log panel (the replay's log, whose lines jump to their moment). */
  log?: ReactNode;
  /** Replaces the header's "You: Rebel" / "Spectator" label (the replay's "Everything" view). */
  seatLabel?: string;
  /** What leaving does, said in the Leave dialog (default: a local game stays saved; issue 20 item 10). */
  leaveNote?: string;
  /** The viewer's log length at its last decision (hot-seat remounts the board per seat; src/ui/story). */
  since?: number;
  /** Show "while you were away" (everything since `since`): after a hot-seat privacy cover. */
  away?: boolean;
  /** Issue 20 item 2: events that change the game stop the player's choices until acknowledged (default on; the
   * tutorial, whose coach tells each event, turns it off). */
  moments?: boolean;
  /** Issue 22 item 1: hints for `seat`'s own decisions (local games always; online when the match allows them). */
  hints?: HintAccess;
}

type TabId = 'hand' | 'you' | 'opponent' | 'log';

/** The board inside a rules reference (RulesProvider; the App's own when there is one) stating this game's config. */
export function Board(props: BoardProps) {
  return <RulesProvider config={props.view.config}><BoardLayout {...props} /></RulesProvider>;
}

function BoardLayout({ view, seat, onAction, onExit, extra, endActions, momentLink, log, seatLabel, leaveNote, since, away, moments, hints }: BoardProps) {
  const isPhone = useIsPhone();
  const story = useStory(view, seat, onAction, { since, away, phone: isPhone, moments: moments !== false && !view.winner });
  const d = useDecision(view, seat, story.blocked ? undefined : story.act);
  useMotion(view, since);
  const [tab, setTab] = useState<TabId>(seat ? 'hand' : 'log');
  const other: Faction = seat === 'I' ? 'R' : 'I';
  const first: Faction = seat ?? 'R';
  const hitOptions = d.step.kind === 'field' && d.step.field.kind === 'hit'
    ? d.step.options.map((o) => o.value as { unit: string; hp: number }) : [];
  const hitStepValue = (o: { unit: string; hp: number }) => d.onValue(o);

  const grid = (
    <PlanetGrid view={view} seat={seat} clickable={d.planets} selected={d.selectedPlanets}
      onPlanet={(p: PlanetId) => d.onPlanet(p)} />
  );
  // Never for a spectator (seat null) nor while another seat decides; remounted per decision (the key).
  const hintable = hints && seat && onAction && !view.winner && view.pending?.seat === seat;
  const hint = hintable ? <HintSlot key={`${view.log.length}:${view.pending?.kind}`} view={view} seat={seat} access={hints} /> : undefined;
  const prompt = (
    <PromptBar hint={hint} view={view} seat={seat} step={d.step} summary={d.summary} busy={d.busy}
      onType={d.onType} onValue={d.onValue} onBack={d.onBack} canGoBack={d.canGoBack} onUndo={d.undo ? d.onUndo : undefined}
      paused={story.blocked} />
  );
  const mine = <FactionPanel view={view} faction={first} viewer={seat} clickableMissions={d.missions} onMission={d.onMission} showHand={isPhone} />;
  const theirs = <FactionPanel view={view} faction={other} viewer={seat} />;
  const overlays = (
    <>
      <CombatSheet view={view} hitOptions={hitOptions} onHit={hitStepValue} />
      {view.winner && (
        <Suspense fallback={null}>
          <EndScreen view={view} onExit={onExit} actions={endActions} momentLink={momentLink} />
        </Suspense>
      )}
      {story.layers}
      {story.moment}
    </>
  );

  if (isPhone) {
    const tabs: [TabId, string][] = seat
      ? [['hand', 'Hand'], ['you', 'You'], ['opponent', 'Opponent'], ['log', 'Log']]
      : [['you', 'Rebel'], ['opponent', 'Imperial'], ['log', 'Log']];
    const current = tabs.some(([t]) => t === tab) ? tab : tabs[0][0];
    return (
      <DetailProvider view={view} seat={seat}>
      <Phone data-layout="phone">
        <TopBar view={view} seat={seat} onLeave={onExit} label={seatLabel} leaveNote={leaveNote} />
        {extra}
        {story.banner}
        <div style={{ padding: '0 3px' }}>{grid}</div>
        <div style={{ padding: '0 4px', display: 'flex', flexDirection: 'column', gap: 6 }}>{story.panel}</div>
        <Tabs role="tablist" aria-label="Panels">
          {tabs.map(([t, label]) => (
            <Tab key={t} $on={current === t} aria-selected={current === t} onClick={() => setTab(t)}>{label}</Tab>
          ))}
        </Tabs>
        <div role="tabpanel" style={{ padding: '0 4px', minHeight: 260, display: 'flex', flexDirection: 'column' }}>
          {current === 'hand' && seat && <HandStrip view={view} seat={seat} clickable={d.missions} onMission={d.onMission} />}
          {current === 'you' && mine}
          {current === 'opponent' && theirs}
          {current === 'log' && (log ?? <LogPanel view={view} seat={seat} onCombat={story.openCombat} notes={hints?.notes} />)}
        </div>
        {prompt}
        {overlays}
      </Phone>
      </DetailProvider>
    );
  }

  return (
    <DetailProvider view={view} seat={seat}>
    <Desktop data-layout="desktop">
      <Area $area="top"><TopBar view={view} seat={seat} onLeave={onExit} label={seatLabel} leaveNote={leaveNote} />{extra}{story.banner}</Area>
      <Column $area="left" tabIndex={0} role="region" aria-label={seat ? 'Your side' : 'Rebel side'}>{mine}</Column>
      {/* Focusable: when the planets overflow, the keyboard can scroll them (axe scrollable-region-focusable). */}
      <Area $area="center" style={{ padding: 8, overflowY: 'auto' }} tabIndex={0} role="region" aria-label="The board">{grid}</Area>
      <Column $area="right" tabIndex={0} role="region" aria-label="The other side and the log">
        <div style={{ flex: 'none', maxHeight: '48vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 6 }}>{story.panel}</div>
        {theirs}
        {log ?? <LogPanel view={view} seat={seat} onCombat={story.openCombat} notes={hints?.notes} />}
      </Column>
      <Bottom>
        {prompt}
        {seat ? <HandStrip view={view} seat={seat} clickable={d.missions} onMission={d.onMission} /> : null}
      </Bottom>
      {overlays}
    </Desktop>
    </DetailProvider>
  );
}
