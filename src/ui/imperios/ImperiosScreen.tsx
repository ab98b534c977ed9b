/**
 * The Imperios Milenarios entry of the start screen, a lazy chunk (issue 23 item 7): choose four to seven players
 * and the mode (IM3.1.1–IM3.1.2: Epic needs six or seven), then a hot-seat game on this device.
 */
import { useMemo, useState } from 'react';
import { MODES, MODE_IDS, type ModeId } from '../../games/imperios/content/modes';
import { colors } from '../theme';
import { Choice, Group } from '../screens/StartParts';
import { HotSeat } from './HotSeat';
import { FinishedImperios } from './ImperiosReplay';
import { coreSession, type ImperiosSession, type LocalSetup } from './session';

const MODE_NOTES: Record<ModeId, string> = {
  tutorial: 'Ends by the Copper Age: a short first game.',
  normal: 'Ends by the Bronze Age.',
  epic: 'Ends by the Iron Age; six or seven players.',
};

export function ImperiosSetup({ onStart, onExit }: { onStart(setup: LocalSetup): void; onExit(): void }) {
  const [players, setPlayers] = useState(4);
  const [mode, setMode] = useState<ModeId>('normal');
  const allowed = MODES[mode].players.includes(players);
  return (
    <main style={{ maxWidth: 620, margin: '0 auto', padding: '6vh 16px 32px', display: 'grid', gap: 14 }}>
      <h1 style={{ margin: 0 }}>Imperios Milenarios</h1>
      <p style={{ margin: 0, color: colors.muted }}>
        Four to seven civilizations spend red, yellow, blue and black chits to raise armies, learn, trade and settle the
        ancient world. Hot-seat: everyone plays on this device, passing it when the board asks.
      </p>
      <Group aria-label="New hot-seat game">
        <h2>New hot-seat game</h2>
        <fieldset style={{ border: 'none', margin: 0, padding: 0, display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <legend style={{ marginBottom: 6 }}>Players (IM3.1.1: 4 the East half, 5 the West, 6–7 the whole map)</legend>
          {[4, 5, 6, 7].map((n) => (
            <label key={n} style={{ display: 'inline-flex', gap: 4, alignItems: 'center', minHeight: 44 }}>
              <input type="radio" name="imp-players" value={n} checked={players === n} onChange={() => setPlayers(n)} data-players={n} /> {n}
            </label>
          ))}
        </fieldset>
        <fieldset style={{ border: 'none', margin: 0, padding: 0, display: 'grid', gap: 4 }}>
          <legend style={{ marginBottom: 6 }}>Mode (IM3.1.2)</legend>
          {MODE_IDS.map((m) => (
            <label key={m} style={{ display: 'flex', gap: 6, alignItems: 'center', minHeight: 40 }}>
              <input type="radio" name="imp-mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-mode={m} />
              <span><strong>{MODES[m].name}</strong> <small style={{ color: colors.muted }}>{MODE_NOTES[m]}</small></span>
            </label>
          ))}
        </fieldset>
        <Choice $primary disabled={!allowed} onClick={() => onStart({ players, mode })} data-start="imperios-go">
          Start a {players}-player {MODES[mode].name} game
          <small>{allowed ? 'The most senior civilization chooses its Metropolis first.' : 'Epic needs six or seven players.'}</small>
        </Choice>
      </Group>
      <FinishedImperios />
      <Choice onClick={onExit} data-choice="exit">Back<small>To the start screen.</small></Choice>
    </main>
  );
}

/**
 * The screen: the set-up form, then the game in the session `makeSession` makes. The page runs the rules core in
 * the page (coreSession), not boardgame.io's Local client (localMatch.ts): any import of boardgame.io from this
 * chunk makes the bundler cut shared boardgame.io files out of the first load into chunks of their own, +0.9 to
 * +1.9 kB gzip measured, and the first load has 0.2 kB left (tests/e2e/a11y.test.ts).
 */
export function ImperiosScreen({ seed, onExit, makeSession = coreSession }: {
  seed?: string; onExit(): void; makeSession?: (setup: LocalSetup) => ImperiosSession;
}) {
  const [setup, setSetup] = useState<LocalSetup | null>(null);
  const session = useMemo(() => (setup ? makeSession(setup) : null), [setup, makeSession]);
  if (!session) return <ImperiosSetup onStart={(s) => setSetup({ ...s, ...(seed ? { seed } : {}) })} onExit={onExit} />;
  return <HotSeat session={session} onExit={onExit} />;
}
