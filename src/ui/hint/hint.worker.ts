/// <reference lib="webworker" />
/**
 * The hint's search off the page's thread: one request per worker, handed the seat's view only; the page ends the
 * worker to cancel (./run.ts).
 */
import { hintFor } from '../../ai/hint';
import { serveJob } from '../worker/job';
import type { HintRequest } from './protocol';

serveJob((req: HintRequest, onProgress) => hintFor(req.view, req.seat, { iterations: req.iterations, seed: req.seed, onProgress }));
