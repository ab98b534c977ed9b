/**
 * boardgame.io's Local transport (one in-page master that every client of the page talks to), without socket.io.
 * boardgame.io ships `Local` in one module with its `SocketIO` transport, which imports socket.io-client, so a page
 * that plays locally carried the whole socket.io client on its first load (≈ 9 kB gzip of a 200 kB budget,
 * tests/e2e/a11y.test.ts) though only online play uses it. The same classes, adapted from boardgame.io 0.50.2's
 * `src/client/transport/local.ts` and `src/server/db/inmemory.ts` (MIT licence, © The boardgame.io Authors): an
 * in-memory storage, a master that sends each client its own view (the game's `playerView`), a transport per client.
 * Left out, as this project uses neither: bots run by the transport, and persistence in localStorage.
 */
import type { ChatMessage, CredentialedActionShape, Game, LogEntry, PlayerID, Server, State, StorageAPI } from 'boardgame.io';
import { getFilterPlayerView, Sync, Transport } from 'boardgame.io/internal';
import { Master } from 'boardgame.io/master';

type TransportOpts = ConstructorParameters<typeof Transport>[0];
type TransportData = Parameters<Transport['notifyClient']>[0];
type SendArg = Parameters<ConstructorParameters<typeof Master>[2]['send']>[0];

/** A match store in memory (boardgame.io's InMemory). */
class InMemory extends Sync {
  private readonly state = new Map<string, State>();
  private readonly initial = new Map<string, State>();
  private readonly metadata = new Map<string, Server.MatchData>();
  private readonly log = new Map<string, LogEntry[]>();

  createMatch(matchID: string, opts: StorageAPI.CreateMatchOpts): void {
    this.initial.set(matchID, opts.initialState);
    this.setState(matchID, opts.initialState);
    this.setMetadata(matchID, opts.metadata);
  }

  setMetadata(matchID: string, metadata: Server.MatchData): void {
    this.metadata.set(matchID, metadata);
  }

  setState(matchID: string, state: State, deltalog?: LogEntry[]): void {
    if (deltalog && deltalog.length > 0) this.log.set(matchID, [...(this.log.get(matchID) ?? []), ...deltalog]);
    this.state.set(matchID, state);
  }

  fetch<O extends StorageAPI.FetchOpts>(matchID: string, opts: O): StorageAPI.FetchResult<O> {
    const result: Partial<StorageAPI.FetchFields> = {};
    if (opts.state) result.state = this.state.get(matchID);
    if (opts.metadata) result.metadata = this.metadata.get(matchID);
    if (opts.log) result.log = this.log.get(matchID) ?? [];
    if (opts.initialState) result.initialState = this.initial.get(matchID);
    return result as StorageAPI.FetchResult<O>;
  }

  wipe(matchID: string): void {
    this.state.delete(matchID);
    this.metadata.delete(matchID);
  }

  listMatches(opts?: StorageAPI.ListMatchesOpts): string[] {
    return [...this.metadata.entries()]
      .filter(([, m]) => opts?.gameName === undefined || m.gameName === opts.gameName)
      .map(([key]) => key);
  }
}

/** The master of a page's local match: each client that connects gets what its seat may see. */
export class LocalMaster extends Master {
  readonly connect: (playerID: PlayerID, callback: (data: TransportData) => void) => void;

  constructor(game: Game) {
    const callbacks: Record<string, (data: TransportData) => void> = {};
    const filterPlayerView = getFilterPlayerView(game);
    const send = ({ playerID, ...data }: SendArg) => {
      const callback = callbacks[playerID];
      if (callback !== undefined) callback(filterPlayerView(playerID, data as Parameters<typeof filterPlayerView>[1]));
    };
    super(game, new InMemory(), {
      send,
      sendAll: (payload) => {
        for (const playerID in callbacks) send({ playerID, ...payload } as SendArg);
      },
    });
    this.connect = (playerID, callback) => {
      callbacks[playerID] = callback;
    };
  }
}

/** One client's side of the local master. */
export class LocalTransport extends Transport {
  constructor(
    /** The page's master (tests read its storage). */
    readonly master: LocalMaster,
    opts: TransportOpts,
  ) {
    super(opts);
  }

  sendChatMessage(matchID: string, chatMessage: ChatMessage): void {
    void this.master.onChatMessage(matchID, chatMessage, this.credentials);
  }

  sendAction(state: State, action: CredentialedActionShape.Any): void {
    void this.master.onUpdate(action, state._stateID, this.matchID, this.playerID as string);
  }

  requestSync(): void {
    void this.master.onSync(this.matchID, this.playerID as string, this.credentials, this.numPlayers);
  }

  connect(): void {
    this.setConnectionStatus(true);
    this.master.connect(this.playerID as string, (data) => this.notifyClient(data));
    this.requestSync();
  }

  disconnect(): void {
    this.setConnectionStatus(false);
  }

  updateMatchID(id: string): void {
    this.matchID = id;
    this.connect();
  }

  updatePlayerID(id: PlayerID): void {
    this.playerID = id;
    this.connect();
  }

  updateCredentials(credentials?: string): void {
    this.credentials = credentials;
    this.connect();
  }
}

/** One master per game object, as boardgame.io's Local keeps them (its clients all reach the same one). */
const masters = new WeakMap<object, LocalMaster>();

/** boardgame.io's `Local()`: the `multiplayer` option of a client that plays against the page's own master. */
export function Local(): (opts: TransportOpts) => LocalTransport {
  return (opts) => {
    const { gameKey, game } = opts as TransportOpts & { gameKey: object; game: Game };
    let master = masters.get(gameKey);
    if (!master) {
      master = new LocalMaster(game);
      masters.set(gameKey, master);
    }
    return new LocalTransport(master, opts);
  };
}
