/** The hostile wire-level clients live with the benchmark that also uses them (server/tools/raw-ws.ts). */
export { neverPollingClient, rawWs, type RawWs } from '../../server/tools/raw-ws';
