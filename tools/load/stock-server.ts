/**
 * The control group of the load benchmark (`npm run loadtest -- --baseline stock`): boardgame.io 0.50.2's stock
 * `Server` with its default storage (InMemory), its own lobby and Master, and the same game as ours
 * (`MintImperium`, as server/index.ts uses it). None of this project's checks, no persistence.
 *
 * `tsx tools/load/stock-server.ts` with PORT in the environment; prints `Stock boardgame.io server: URL`.
 * Same NODE_ENV as ours (production unless set: immer's production build, no INFO lines), so the comparison is
 * of the servers, not of the build mode.
 */
export {};
process.env.NODE_ENV ??= 'production';
const { Server } = await import('boardgame.io/server');
const { MintImperium } = await import('../../src/game');

const port = Number(process.env.PORT ?? 8001);
const server = Server({ games: [MintImperium] });
const { appServer } = await server.run(port);
const address = appServer.address();
const actual = typeof address === 'object' && address ? address.port : port;
console.log(`Stock boardgame.io server: http://127.0.0.1:${actual}/`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(0));
