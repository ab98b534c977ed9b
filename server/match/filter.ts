/**
 * What a client may receive (STACK.md hole 1): the filtering lives in src/game/filter.ts, shared with the
 * in-page Local transport, so the server and local play cut states down the same way.
 */
export { filterLog, filterState } from '../../src/game/filter';
