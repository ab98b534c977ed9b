/**
 * RULES §9 on the start screen (issue 20 item 8): "Solo against the rival deck" opens in place into its set-up —
 * your side, then the rival's difficulty — under its own title the whole way, with a Back button at each step
 * (back to the side, then closed), and each difficulty said in a player's words for the rival actually chosen
 * (soloLevelWords). Keyboard focus follows: the title when a step opens, the entry again when it closes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { DIFFICULTIES, soloLevelWords, type Faction } from '../../game/content';
import { ChoiceButton } from '../prompt/ChoiceButton';
import type { StartChoice } from '../screens/StartScreen';
import { Choice, Group } from '../screens/StartParts';
import { colors, factionColor, factionName } from '../theme';

const TITLE = 'Solo against the rival deck';

export function SoloSetup({ onStart }: { onStart(choice: StartChoice): void }) {
  const [open, setOpen] = useState(false);
  const [bot, setBot] = useState<Faction | null>(null);
  const titleId = useId();
  const entry = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves only after the player's own click, never when the start screen first appears.
  const acted = useRef(false);
  useEffect(() => {
    if (acted.current) (open ? heading.current : entry.current)?.focus();
  }, [open, bot]);
  const go = (next: () => void) => { acted.current = true; next(); };

  if (!open) {
    return (
      <Choice ref={entry} $primary onClick={() => go(() => setOpen(true))} data-start="solo">
        {TITLE}<small>One player against a deck of cards that plays the other side. Choose your side and difficulty next.</small>
      </Choice>
    );
  }
  const human: Faction | null = bot === null ? null : bot === 'R' ? 'I' : 'R';
  return (
    <Group aria-labelledby={titleId} data-testid="solo-setup" data-step={bot ? 'difficulty' : 'side'}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <h2 id={titleId} ref={heading} tabIndex={-1}>{TITLE}</h2>
        {/* Back: to the choice of side, or closed from there. Next to the title, in view at both steps. */}
        <ChoiceButton onClick={() => go(() => (bot ? setBot(null) : setOpen(false)))} data-start="solo-back" style={{ marginLeft: 'auto' }}>
          <span aria-hidden="true">← </span>Back<span className="sr-only">{bot ? ' to the choice of side' : ': close the solo set-up'}</span>
        </ChoiceButton>
      </div>
      {!bot || !human ? (
        <>
          <p style={{ margin: 0, color: colors.muted }}>Step 1 of 2 — your side. The rival, a shuffled deck of missions, plays the other one.</p>
          <div role="group" aria-label="Choose your side" style={{ display: 'flex', gap: 8 }}>
            <Choice $primary onClick={() => go(() => setBot('I'))} data-start="solo-I" style={{ borderColor: colors.rebel }}>
              Play the Rebel<small>Against the Imperial rival deck.</small>
            </Choice>
            <Choice $primary onClick={() => go(() => setBot('R'))} data-start="solo-R" style={{ borderColor: colors.imperial }}>
              Play the Imperial<small>Against the Rebel rival deck.</small>
            </Choice>
          </div>
        </>
      ) : (
        <>
          <p style={{ margin: 0, color: colors.muted }} data-testid="solo-side">
            Step 2 of 2 — how hard the rival plays. You play the{' '}
            <strong style={{ color: factionColor(human) }}>{factionName(human)}</strong> against the{' '}
            <strong style={{ color: factionColor(bot) }}>{factionName(bot)}</strong> rival deck.
          </p>
          <div role="group" aria-label="Choose the difficulty" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {DIFFICULTIES.map((d) => (
              <Choice key={d} $primary onClick={() => onStart({ mode: 'solo', bot, difficulty: d })} data-start={`solo-${d}`}>
                {d[0].toUpperCase() + d.slice(1)}<small>{soloLevelWords(d, bot)}</small>
              </Choice>
            ))}
          </div>
        </>
      )}
    </Group>
  );
}
