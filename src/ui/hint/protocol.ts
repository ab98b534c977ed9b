/** What the page and the hint worker say to each other (./hint.worker.ts, ./run.ts). Types only. */
import type { Hint } from '../../ai/hint';
import type { Faction } from '../../game/content';
import type { GameState } from '../../game/rules';
import type { JobReply } from '../worker/job';

/** The one message the page posts: the seat's OWN VIEW (viewFor(state, seat), RULES §8), never the state. */
export interface HintRequest {
  view: GameState;
  seat: Faction;
  iterations: number;
  seed: string;
}

export type HintReply = JobReply<Hint>;
