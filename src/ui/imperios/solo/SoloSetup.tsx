/**
 * The start screen's "Play against bots" (issue 23), a button that opens its form (so the saved games stay in
 * sight): the number of players (4–7) and the mode (IM3.1.1–IM3.1.2), the player's seat (or a random one) and the
 * bots' level; every other seat is a bot (./SoloTable.tsx).
 */
import { useState } from 'react';
import { MODES, MODE_IDS, type ModeId } from '../../../games/imperios/content/modes';
import { colors } from '../../theme';
import { Choice, Group } from '../../screens/StartParts';
import { seatName } from '../seats';
import type { LocalSetup } from '../session';
import { SOLO_LEVELS, SOLO_LEVEL_WORDS, type SoloLevel } from './soloSeats';

const row = { border: 'none', margin: 0, padding: 0, display: 'flex', gap: 12, flexWrap: 'wrap' } as const;
const option = { display: 'inline-flex', gap: 4, alignItems: 'center', minHeight: 44 } as const;

function randomSeat(players: number): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] % players;
}

export function SoloSetup({ onStart }: { onStart(setup: LocalSetup): void }) {
  const [players, setPlayers] = useState(4);
  const [mode, setMode] = useState<ModeId>('tutorial');
  const [seat, setSeat] = useState<number | 'random'>('random');
  const [level, setLevel] = useState<SoloLevel>('easy');
  const [open, setOpen] = useState(false);
  const allowed = MODES[mode].players.includes(players);
  const chosenSeat = seat === 'random' || seat < players ? seat : 'random';
  if (!open) {
    return (
      <Choice onClick={() => setOpen(true)} data-start="imperios-solo" aria-expanded={false}>
        Play against bots
        <small>You hold one seat of a 4–7-player game; bots play the others.</small>
      </Choice>
    );
  }
  return (
    <Group aria-label="Play against bots" data-testid="imp-solo-setup">
      <h2>Play against bots</h2>
      <fieldset style={row}>
        <legend style={{ marginBottom: 6 }}>Players: you and {players - 1} bots</legend>
        {[4, 5, 6, 7].map((n) => (
          <label key={n} style={option}>
            <input type="radio" name="imp-solo-players" checked={players === n} onChange={() => setPlayers(n)} data-solo-players={n} /> {n}
          </label>
        ))}
      </fieldset>
      <fieldset style={row}>
        <legend style={{ marginBottom: 6 }}>Mode (IM3.1.2)</legend>
        {MODE_IDS.map((m) => (
          <label key={m} style={option}>
            <input type="radio" name="imp-solo-mode" checked={mode === m} onChange={() => setMode(m)} data-solo-mode={m} /> {MODES[m].name}
          </label>
        ))}
      </fieldset>
      <label style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44 }}>
        Your seat
        <select value={String(chosenSeat)} data-solo-seat onChange={(e) => setSeat(e.target.value === 'random' ? 'random' : Number(e.target.value))}
          style={{ minHeight: 36, borderRadius: 6, background: colors.surface2, color: colors.text, border: `1px solid ${colors.border}` }}>
          <option value="random">Random</option>
          {Array.from({ length: players }, (_, s) => <option key={s} value={s}>{seatName(s)}{s === 0 ? ' (most senior)' : ''}</option>)}
        </select>
      </label>
      <fieldset style={{ ...row, display: 'grid', gap: 2 }}>
        <legend style={{ marginBottom: 6 }}>The bots' level</legend>
        {SOLO_LEVELS.map((l) => (
          <label key={l} style={{ display: 'flex', gap: 6, alignItems: 'center', minHeight: 40 }}>
            <input type="radio" name="imp-solo-level" checked={level === l} onChange={() => setLevel(l)} data-solo-level={l} />
            <span><strong>{SOLO_LEVEL_WORDS[l].name}</strong> <small style={{ color: colors.muted }}>{SOLO_LEVEL_WORDS[l].note}</small></span>
          </label>
        ))}
      </fieldset>
      <Choice $primary disabled={!allowed} data-start="imperios-solo-go"
        onClick={() => onStart({ players, mode, solo: { human: chosenSeat === 'random' ? randomSeat(players) : chosenSeat, level } })}>
        Play a {players}-player {MODES[mode].name} game against {players - 1} bots
        <small>{allowed ? 'Saved on this device as you play, like a hot-seat game.' : 'Epic needs six or seven players.'}</small>
      </Choice>
    </Group>
  );
}
