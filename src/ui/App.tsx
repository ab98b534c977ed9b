/**
 * The app: the start screen, then one game screen. URL parameters (for tests and replays):
 * `seed` fixes the game's seed (and the bots' seeds), `botMs` overrides the bots' thinking budget per move (ms;
 * otherwise the difficulty's own), `botPause` the least time before a bot's move shows (ms, default 600).
 * Online (src/ui/online): `?online` opens the lobby, `?match=ID` an invite link (or this browser's seat in that
 * match: reconnects), `?match=ID&watch=1` the spectator view, `?stats` the lobby's Statistics page. `soloMs` the pause between the rival's steps in solo (ms).
 * Replays (src/ui/replay): `/replay/<matchID>` (or `?replay=<matchID>`) a finished online match, `?record=<id>` a game
 * kept in this browser. A reload returns to the local game on screen (Mint's or an Imperios hot-seat one).
 */
import { lazy, Suspense, useState } from 'react';
import type { BoardBotOptions } from './bot/Bot';
import { DEFAULT_BOT_PAUSE_MS } from './bot/useBotDriver';
import { BotScreen } from './screens/BotScreen';
import { HotSeatScreen } from './screens/HotSeatScreen';
import { StartScreen, type StartChoice } from './screens/StartScreen';
import { RulesProvider } from './rules/RulesContext';
import { GlobalStyle } from './theme';
import { routeFromLocation } from './online/route';
import { replayFromLocation, setReplayAddress } from './replay/routes';
import { resumeOnReload, setOpen } from './saved/localSave';
import { Loading } from './screens/Loading';
import { imperiosOpenId } from './imperios/openGame';

// Lazy chunks (issue 12: the JS before the board is playable ≤ 200 kB gzip): the lobby with its socket client, and
// the replay viewer, the guided first game (src/ui/tutorial), load only when opened.
const OnlineScreen = lazy(() => import('./online/OnlineScreen').then((m) => ({ default: m.OnlineScreen })));
const BotsScreen = lazy(() => import('./screens/BotsScreen').then((m) => ({ default: m.BotsScreen })));
const SpectatorScreen = lazy(() => import('./screens/SpectatorScreen').then((m) => ({ default: m.SpectatorScreen })));
const SoloScreen = lazy(() => import('./solo/SoloScreen').then((m) => ({ default: m.SoloScreen })));
const TutorialScreen = lazy(() => import('./tutorial/TutorialScreen').then((m) => ({ default: m.TutorialScreen })));
const ReplayScreen = lazy(() => import('./replay/ReplayScreen').then((m) => ({ default: m.ReplayScreen })));
// The second game (issue 23): its whole board is a chunk of its own.
const ImperiosScreen = lazy(() => import('./imperios/ImperiosScreen').then((m) => ({ default: m.ImperiosScreen })));

function params(): { seed?: string; bot: BoardBotOptions; pauseMs: number; soloMs?: number } {
  const q = new URLSearchParams(typeof location !== 'undefined' ? location.search : '');
  const seed = q.get('seed') ?? undefined;
  const ms = Number(q.get('botMs'));
  const bot: BoardBotOptions = {};
  if (Number.isFinite(ms) && ms > 0) bot.budgetMs = ms;
  if (seed) bot.seed = `bot-${seed}`;
  const pause = q.get('botPause');
  const pauseMs = pause !== null && Number.isFinite(Number(pause)) && Number(pause) >= 0 ? Number(pause) : DEFAULT_BOT_PAUSE_MS;
  const soloMs = Number(q.get('soloMs'));
  return { seed, bot, pauseMs, ...(q.has('soloMs') && Number.isFinite(soloMs) && soloMs >= 0 ? { soloMs } : {}) };
}

export function App() {
  const [choice, setChoice] = useState<StartChoice | null>(() => {
    const replay = typeof location !== 'undefined' ? replayFromLocation(location) : null;
    if (replay) return { mode: 'replay', source: replay };
    const route = typeof location !== 'undefined' ? routeFromLocation(location.search) : null;
    if (route) return { mode: 'online', route };
    // A local game on screen survives a reload (src/ui/saved: hot-seat, against the bot, solo).
    const saved = resumeOnReload();
    if (saved) return { mode: 'resume', saved };
    // So does a running hot-seat game of Imperios (its screen resumes it: src/ui/imperios/openGame.ts).
    return imperiosOpenId() ? { mode: 'imperios' } : null;
  });
  const [{ seed, bot, pauseMs, soloMs }] = useState(params);
  // Leaving keeps the saved game (the start screen offers to resume or abandon it); a reload then stays here.
  const exit = () => { setOpen(null); setChoice(null); };
  const resume = choice?.mode === 'resume' ? choice.saved : null;
  return (
    <RulesProvider>
      <GlobalStyle />
      <Suspense fallback={<Loading />}>
      {!choice && <StartScreen onStart={setChoice} />}
      {choice?.mode === 'imperios' && <ImperiosScreen seed={seed} onExit={exit} />}
      {choice?.mode === 'tutorial' && <TutorialScreen botOptions={bot} pauseMs={pauseMs} onExit={exit} />}
      {choice?.mode === 'hotseat' && <HotSeatScreen seed={seed} onExit={exit} />}
      {choice?.mode === 'bot' && (
        <BotScreen human={choice.human} difficulty={choice.difficulty} seed={seed} botOptions={bot} pauseMs={pauseMs} onExit={exit} />
      )}
      {choice?.mode === 'bots' && <BotsScreen pair={choice.pair} seed={seed} botOptions={bot} pauseMs={pauseMs} onExit={exit} />}
      {choice?.mode === 'spectate' && (
        <SpectatorScreen onWatchBots={() => setChoice({ mode: 'bots', pair: { rebel: 'normal', imperial: 'normal' } })} onExit={exit} />
      )}
      {choice?.mode === 'online' && <Suspense fallback={<Loading />}><OnlineScreen initial={choice.route} onExit={exit} /></Suspense>}
      {choice?.mode === 'solo' && (
        <SoloScreen start={{ solo: { bot: choice.bot, difficulty: choice.difficulty } }} seed={seed} pauseMs={soloMs} onExit={exit} />
      )}
      {resume?.setup.mode === 'hotseat' && <HotSeatScreen saved={resume} onExit={exit} />}
      {resume?.setup.mode === 'bot' && <BotScreen saved={resume} botOptions={bot} pauseMs={pauseMs} onExit={exit} />}
      {resume?.setup.mode === 'solo' && <SoloScreen start={{ resume }} pauseMs={soloMs} onExit={exit} />}
      {choice?.mode === 'replay' && (
        <Suspense fallback={<Loading />}><ReplayScreen source={choice.source} onExit={() => { setReplayAddress(null); exit(); }} /></Suspense>
      )}
      </Suspense>
    </RulesProvider>
  );
}
