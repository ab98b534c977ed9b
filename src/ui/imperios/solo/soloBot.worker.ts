/// <reference lib="webworker" />
/**
 * A solo game's bots off the page's thread (./botRunner.ts): one request at a time, the seat's view only
 * (./soloBot.ts), answered with a legal action or the error.
 */
import { answerSoloBot, type SoloBotRequest } from './soloBot';

self.onmessage = (e: MessageEvent<{ id: number; request: SoloBotRequest }>) => {
  const { id, request } = e.data;
  try {
    (self as unknown as Worker).postMessage({ id, action: answerSoloBot(request) });
  } catch (err) {
    (self as unknown as Worker).postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
