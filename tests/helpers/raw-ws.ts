/** The hostile wire-level clients live with the benchmark that also uses them (tools/abuse/raw-ws.ts). */
export { neverPollingClient, rawWs, type RawWs } from '../../tools/abuse/raw-ws';
