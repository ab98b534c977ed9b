/// <reference lib="webworker" />
/**
 * The replay's analysis off the page's thread: one request per worker; the page ends the worker to cancel
 * (./run.ts), so the search needs no cancel message of its own.
 */
import { serveJob } from '../worker/job';
import { runAnalysis } from './analyse';
import type { AnalysisRequest } from './protocol';

serveJob((req: AnalysisRequest, onProgress) => runAnalysis(req, onProgress));
