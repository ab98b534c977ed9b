/**
 * What the board and the server say to each other, and how boardgame.io names things of the core: seats ⇄
 * playerIDs (./seats.ts), core actions ⇄ moves (./moves.ts), the chat and table socket messages (./chat.ts,
 * ./table.ts), hints (./hint.ts) and the HTTP bodies both sides read (./lobby.ts, ./stats.ts). Pure and small: it
 * imports only types and data of src/game/content and src/game/rules, never boardgame.io, React or Node (docs/ARCHITECTURE.md).
 */
export * from './seats';
export * from './moves';
export * from './chat';
export * from './table';
export * from './lobby';
export * from './socket';
export * from './log-delta';
export * from './state-patch';
export * from './hint';
export * from './stats';
