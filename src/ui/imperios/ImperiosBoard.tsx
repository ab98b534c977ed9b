/**
 * The board of Imperios Milenarios (issue 23 item 5): the header (round, phase, whose decision), the map, the
 * civilizations' panels (or the log, or the rules reference, as tabs), and the prompt bar. At 1280 × 800 the map
 * fills the left and the panels the right; on a phone (≤ 760 px) the map is on top, scrollable sideways, the prompt
 * bar sticks to the bottom and the panels follow. Hands are open (G48): the board shows every civilization in full.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { awaitedSeats, type Action, type Seat } from '../../games/imperios/rules';
import { colors, phone } from '../theme';
import { CivPanel } from './CivPanel';
import { asCore, type ImperiosView } from './core';
import { LogList } from './LogList';
import { MapView } from './MapView';
import { Prompt } from './Prompt';
import { RulesRef } from './RulesRef';
import { FinalSheet } from './ScoreSheet';
import { SeatMark } from './SeatMark';
import { seatName } from './seats';
import { usePrompt } from './usePrompt';
import { PHASE_NAMES } from './wording';

const Layout = styled.div`
  height: 100vh;
  display: grid;
  grid-template-columns: minmax(0, 1fr) 360px;
  grid-template-rows: auto minmax(0, 1fr) auto;
  grid-template-areas: 'top top' 'map side' 'prompt side';
  ${phone} {
    height: auto;
    min-height: 100vh;
    grid-template-columns: 100%;
    grid-template-rows: auto auto auto auto;
    grid-template-areas: 'top' 'map' 'prompt' 'side';
  }
`;

const Top = styled.header`
  grid-area: top;
  display: flex;
  gap: 10px;
  align-items: center;
  flex-wrap: wrap;
  padding: 6px 12px;
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
  ol { display: flex; gap: 6px; list-style: none; margin: 0; padding: 0; font-size: 13px; }
  li[aria-current='step'] { color: ${colors.text}; font-weight: 800; text-transform: uppercase; }
  li { color: ${colors.muted}; }
`;

const MapArea = styled.div`
  grid-area: map;
  min-height: 0;
  overflow: hidden;
  .imp-choosable:focus-visible path { stroke: #7fb2ff; stroke-width: 3.5; }
  ${phone} { overflow-x: auto; svg { min-width: 620px; height: auto !important; } }
`;

const Side = styled.aside`
  grid-area: side;
  min-height: 0;
  overflow: auto;
  border-left: 1px solid ${colors.border};
  padding: 8px;
  display: grid;
  align-content: start;
  gap: 6px;
  ${phone} { border-left: none; overflow: visible; }
`;

const Tabs = styled.div`
  display: flex;
  gap: 4px;
  button { flex: 1; min-height: 36px; border-radius: 8px; border: 1px solid ${colors.border}; background: ${colors.surface}; color: ${colors.text}; cursor: pointer; }
  button[aria-selected='true'] { background: ${colors.surface2}; border-color: ${colors.highlight}; font-weight: 700; }
  ${phone} { button { min-height: 44px; } }
`;

const PHASES = ['pool', 'red', 'yellow', 'blue', 'black', 'reserve'] as const;

type Tab = 'players' | 'log' | 'rules';

export interface ImperiosBoardProps {
  view: ImperiosView;
  /** The seat this screen plays, or null for a spectator. */
  seat: Seat | null;
  act(action: Action): void;
  onExit?: () => void;
  /** A replay's control bar (./ImperiosReplay.tsx), shown in the prompt's place: the board is then read-only. */
  controls?: ReactNode;
  /** The header's title (default the game's name). */
  title?: ReactNode;
  /** The seat is shown as this screen's but offered no choice (online: reconnecting, or the bot holds it). */
  readOnly?: boolean;
  /** A row under the header's first line: the online strip (players, connection, links: ./online). */
  extra?: ReactNode;
}

export function ImperiosBoard({ view, seat, act, onExit, controls, title = 'Imperios Milenarios', extra, readOnly = false }: ImperiosBoardProps) {
  const chooser = readOnly ? null : seat;
  const prompt = usePrompt(view, chooser, act);
  const [tab, setTab] = useState<Tab>('players');
  const awaited = awaitedSeats(asCore(view));
  const p = view.pending;
  const shownRoute = prompt.route ?? (p?.kind === 'block' ? p.action.route : null);
  const focus = p?.kind === 'defend' || p?.kind === 'assaultPay' ? p.action.target : p?.kind === 'good' ? p.target : null;
  const order = seat === null ? view.civs.map((c) => c.seat) : [seat, ...view.civs.map((c) => c.seat).filter((s) => s !== seat)];
  return (
    <Layout data-layout="imperios" data-seat={seat ?? 'spectator'} data-phase={view.phase}>
      <Top>
        <strong>{title}</strong>
        <ol aria-label="Round and phase">
          <li style={{ color: colors.text, fontWeight: 700 }}>{view.phase === 'setup' ? 'Set-up' : `Round ${view.round}`}</li>
          {PHASES.map((ph) => <li key={ph} aria-current={view.phase === ph ? 'step' : undefined}>{PHASE_NAMES[ph]}</li>)}
        </ol>
        <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }} data-testid="imp-awaited">
          {awaited.length > 0 && <>Decides: {awaited.map((s) => <SeatMark key={s} seat={s} />)}</>}
        </span>
        {seat !== null && <span style={{ marginLeft: 'auto' }}>This screen: <SeatMark seat={seat} /> {seatName(seat)}</span>}
        {onExit && <button type="button" onClick={onExit} data-choice="exit" style={{ minHeight: 36, borderRadius: 8, padding: '2px 10px', background: 'transparent', color: colors.muted, border: `1px solid ${colors.border}` }}>Leave</button>}
        {extra && <div style={{ flexBasis: '100%' }}>{extra}</div>}
      </Top>
      <MapArea>
        <MapView view={view} choosable={prompt.choosable} route={shownRoute} focus={focus}
          onChoose={(t) => prompt.step.step === 'field' && prompt.choose(prompt.step.field, t)} />
      </MapArea>
      <div style={{ gridArea: 'prompt' }}>
        {controls}
        {view.result ? <FinalSheet result={view.result} onExit={onExit} /> : controls ? null : <Prompt view={view} seat={chooser} prompt={prompt} />}
      </div>
      <Side>
        <Tabs role="tablist" aria-label="Panels">
          {(['players', 'log', 'rules'] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} aria-controls={`imp-tab-${t}`} onClick={() => setTab(t)}>
              {t === 'players' ? 'Civilizations' : t === 'log' ? 'Log' : 'Rules'}
            </button>
          ))}
        </Tabs>
        <div role="tabpanel" id={`imp-tab-${tab}`} style={{ display: 'grid', gap: 6 }}>
          {tab === 'players' && order.map((s) => <CivPanel key={s} view={view} seat={s} acting={awaited.includes(s)} viewer={seat} />)}
          {tab === 'log' && <LogList view={view} />}
          {tab === 'rules' && <RulesRef />}
        </div>
      </Side>
    </Layout>
  );
}
