/**
 * The start screen: hot-seat; against the bot (choose a difficulty and a side); watch two bots (a difficulty for
 * each); solo against the rival deck (RULES §9: side, then difficulty); spectator; online (the lobby, src/ui/online);
 * replays of finished games kept in this browser, or of a record file (src/ui/replay).
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { Faction } from '../../game/content';
import type { Difficulty } from '../bot/Bot';
import { SavedGames } from '../saved/SavedGames';
import { NewGameDialog } from '../saved/NewGameDialog';
import { deleteSaved, listSaved, type LocalMode, type SavedLocal } from '../saved/localSave';
import { colors } from '../theme';
import { UnitShape } from '../board/UnitIcons';
import type { OnlineRoute } from '../online/OnlineScreen';
import { RecordsSection } from '../replay/RecordsSection';
import type { ReplaySource } from '../replay/routes';
import type { BotPair } from './BotsScreen';
import { DifficultyPicker } from './DifficultyPicker';
import { Choice, Group } from './StartParts';
import { SoloSetup } from '../solo/SoloSetup';
import { tutorialDone } from '../tutorial/completion';

const Main = styled.main`
  max-width: 620px;
  margin: 0 auto;
  padding: 8vh 16px 32px;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

export type StartChoice =
  | { mode: 'hotseat' }
  /** The guided first game (src/ui/tutorial). */
  | { mode: 'tutorial' }
  | { mode: 'bot'; human: Faction; difficulty: Difficulty }
  | { mode: 'bots'; pair: BotPair }
  | { mode: 'spectate' }
  | { mode: 'online'; route?: OnlineRoute }
  | { mode: 'solo'; bot: Faction; difficulty: Difficulty }
  /** A saved local game (hot-seat, bot or solo) to resume: src/ui/saved. */
  | { mode: 'resume'; saved: SavedLocal }
  | { mode: 'replay'; source: ReplaySource }
  /** The second game, Imperios Milenarios (src/ui/imperios, a lazy chunk). */
  | { mode: 'imperios' };

function AgainstBot({ onStart }: { onStart(choice: StartChoice): void }) {
  const [difficulty, setDifficulty] = useState<Difficulty>('normal');
  return (
    <Group aria-label="Play against the bot">
      <h2>Play against the bot</h2>
      <DifficultyPicker legend="Difficulty" name="bot-difficulty" value={difficulty} onChange={setDifficulty} />
      <div role="group" aria-label="Choose your side" style={{ display: 'flex', gap: 8 }}>
        <Choice $primary onClick={() => onStart({ mode: 'bot', human: 'R', difficulty })} data-start="bot-R" style={{ borderColor: colors.rebel }}>
          Play the Rebel<small>The bot plays the Imperial.</small>
        </Choice>
        <Choice $primary onClick={() => onStart({ mode: 'bot', human: 'I', difficulty })} data-start="bot-I" style={{ borderColor: colors.imperial }}>
          Play the Imperial<small>The bot plays the Rebel.</small>
        </Choice>
      </div>
    </Group>
  );
}

function WatchBots({ onStart }: { onStart(choice: StartChoice): void }) {
  const [pair, setPair] = useState<BotPair>({ rebel: 'normal', imperial: 'normal' });
  return (
    <Group aria-label="Watch two bots">
      <h2>Watch two bots</h2>
      <DifficultyPicker legend="Rebel bot" name="rebel-bot" value={pair.rebel} onChange={(rebel) => setPair({ ...pair, rebel })} />
      <DifficultyPicker legend="Imperial bot" name="imperial-bot" value={pair.imperial} onChange={(imperial) => setPair({ ...pair, imperial })} />
      <Choice $primary onClick={() => onStart({ mode: 'bots', pair })} data-start="bots-go">
        Start watching<small>The public view: what a spectator sees, with a pause between moves.</small>
      </Choice>
    </Group>
  );
}

/** The saved-game mode a start choice opens a new game of (hot-seat, against the bot, solo), or null. */
function newGameMode(choice: StartChoice): LocalMode | null {
  return choice.mode === 'hotseat' || choice.mode === 'bot' || choice.mode === 'solo' ? choice.mode : null;
}

export function StartScreen({ onStart: go }: { onStart(choice: StartChoice): void }) {
  const [open, setOpen] = useState<'bot' | 'bots' | null>(null);
  const [learned] = useState(tutorialDone);
  const [saves, setSaves] = useState(() => listSaved());
  // Issue 20 item 4: a new game of a mode with saved games asks first (read afresh: another tab may have saved).
  const [asking, setAsking] = useState<{ choice: StartChoice; mode: LocalMode; saves: SavedLocal[] } | null>(null);
  const onStart = (choice: StartChoice) => {
    const mode = newGameMode(choice);
    const same = mode ? listSaved(mode) : [];
    if (mode && same.length > 0) setAsking({ choice, mode, saves: same });
    else go(choice);
  };
  return (
    <Main>
      <h1 style={{ margin: 0, display: 'flex', gap: 10, alignItems: 'center' }}>
        <UnitShape type="c" faction="R" size={28} /> Mint Imperium <UnitShape type="s" faction="I" size={28} />
      </h1>
      <p style={{ margin: 0, color: colors.muted }}>
        Two players, hidden information. The <strong style={{ color: colors.rebel }}>Rebel</strong> hides a base and
        races the clock with secret objectives; the <strong style={{ color: colors.imperial }}>Imperial</strong> hunts
        the base with probes, patrols and a Star Fortress. The bar at the bottom always says what you may do; legal
        choices glow.
      </p>
      <SavedGames saves={saves} onResume={(saved) => go({ mode: 'resume', saved })} onDeleted={() => setSaves(listSaved())} />
      {asking && (
        <NewGameDialog mode={asking.mode} saves={asking.saves}
          onResume={(saved) => go({ mode: 'resume', saved })}
          onStartNew={(drop) => { if (drop) deleteSaved(drop.id); go(asking.choice); }}
          onCancel={() => { setAsking(null); setSaves(listSaved()); }} />
      )}
      <Choice $primary onClick={() => onStart({ mode: 'tutorial' })} data-start="tutorial" data-done={learned ? 'true' : undefined}>
        {learned ? 'Learn to play ✓' : 'Learn to play'}
        <small>{learned ? 'Completed. Play the guided round again any time.' : 'A guided first round against the bot: each step explained as it comes.'}</small>
      </Choice>
      <Choice $primary onClick={() => onStart({ mode: 'hotseat' })} data-start="hotseat">
        Play hot-seat<small>Both players on this device, passing it between turns.</small>
      </Choice>
      {open === 'bot' ? <AgainstBot onStart={onStart} /> : (
        <Choice $primary onClick={() => setOpen('bot')} data-start="bot">
          Play against the bot<small>Choose the difficulty and your side next.</small>
        </Choice>
      )}
      {open === 'bots' ? <WatchBots onStart={onStart} /> : (
        <Choice onClick={() => setOpen('bots')} data-start="bots">
          Watch two bots<small>Choose each bot's difficulty; see what they think.</small>
        </Choice>
      )}
      <SoloSetup onStart={onStart} />
      <Choice onClick={() => onStart({ mode: 'spectate' })} data-start="spectate">
        Watch as spectator<small>The public view of a hot-seat game open in another tab.</small>
      </Choice>
      <Choice $primary onClick={() => onStart({ mode: 'online' })} data-start="online">
        Play online<small>Create a match and send the invite link, join an open one, play the server bot, or watch.</small>
      </Choice>
      <Choice onClick={() => go({ mode: 'imperios' })} data-start="imperios">
        Imperios Milenarios<small>The second game: 4 to 7 players, hot-seat.</small>
      </Choice>
      <RecordsSection onOpen={(source) => onStart({ mode: 'replay', source })} />
    </Main>
  );
}
