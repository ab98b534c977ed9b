/**
 * `GET /metrics` in the Prometheus text exposition format (version 0.0.4), written by hand (a dozen series do not
 * need a client library): counters since the process started and a few gauges. Names start with `mint_`.
 */
import type { Middleware } from 'koa';
import type { MatchEvent } from '../events';
import type { MatchHub } from '../match/hub';

/** Counts of operator events (../events.ts) since start. */
export class EventCounts {
  readonly counts = new Map<MatchEvent['event'], number>();
  add(e: MatchEvent): void {
    this.counts.set(e.event, (this.counts.get(e.event) ?? 0) + 1);
  }
  get(event: MatchEvent['event']): number {
    return this.counts.get(event) ?? 0;
  }
}

export interface MetricsSources {
  hub: MatchHub;
  events: EventCounts;
  openSockets(): number;
  socketsDropped(): number;
  botsActive(): number;
}

type Sample = { labels?: Record<string, string>; value: number };

function family(out: string[], name: string, type: 'counter' | 'gauge', help: string, samples: Sample[]): void {
  out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  for (const s of samples) {
    const labels = s.labels
      ? `{${Object.entries(s.labels).map(([k, v]) => `${k}="${v.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`))}"`).join(',')}}`
      : '';
    out.push(`${name}${labels} ${Number.isFinite(s.value) ? s.value : 0}`);
  }
}

/** The exposition text. */
export function metricsText(src: MetricsSources): string {
  const { hub, events } = src;
  const out: string[] = [];
  family(out, 'mint_matches_active', 'gauge', 'Matches with at least one connected socket.', [{ value: hub.activeMatches }]);
  family(out, 'mint_sockets', 'gauge', 'Open socket.io connections.', [{ value: src.openSockets() }]);
  family(out, 'mint_sockets_registered', 'gauge', 'Sockets that synced a match (players and spectators).', [{ value: hub.connections() }]);
  family(out, 'mint_bots_active', 'gauge', 'Bot decisions being computed now.', [{ value: src.botsActive() }]);
  family(out, 'mint_moves_total', 'counter', 'Moves accepted, by who made them.', [
    { labels: { by: 'player' }, value: hub.stats.moves }, { labels: { by: 'bot' }, value: hub.stats.botMoves },
  ]);
  family(out, 'mint_bot_moves_total', 'counter', 'Moves made by server bots.', [{ value: hub.stats.botMoves }]);
  family(out, 'mint_refusals_total', 'counter', 'Socket messages refused (bad, unauthorized, illegal, over budget in the hub).',
    ['sync', 'update', 'chat'].map((event) => ({ labels: { event }, value: hub.stats.refusals.get(event) ?? 0 })));
  family(out, 'mint_move_reads_total', 'counter', 'Moves that read their match from storage (not kept in memory).', [{ value: hub.stats.moveReads }]);
  family(out, 'mint_match_operations_total', 'counter', 'Operations run in a match\'s queue (several processes: each under the match\'s Redis lock).', [{ value: hub.stats.operations }]);
  family(out, 'mint_credential_reads_total', 'counter', 'Metadata reads of the credentials pre-check (a match it did not keep).', [{ value: hub.seatKeys.stats.reads }]);
  family(out, 'mint_credential_refusals_total', 'counter', 'Calls refused by the credentials pre-check, before any queue or lock.', [{ value: hub.seatKeys.stats.refused }]);
  family(out, 'mint_lock_acquisitions_total', 'counter', 'Match locks taken in Redis (several processes).', [{ value: hub.bus?.stats.locks ?? 0 }]);
  family(out, 'mint_lock_waits_total', 'counter', 'Asks for a match lock that found it taken and waited in line (several processes).', [{ value: hub.bus?.stats.lockWaits ?? 0 }]);
  family(out, 'mint_chat_messages_total', 'counter', 'Chat lines accepted and stored.', [{ value: hub.stats.chatMessages }]);
  family(out, 'mint_sockets_dropped_total', 'counter', 'Sockets dropped for abuse or unread output.', [{ value: src.socketsDropped() }]);
  family(out, 'mint_match_events_total', 'counter', 'Match events (created, joined, left, finished, clock expired, seat abandoned, seat handed to the bot or taken back, rematch expired unopened).',
    (['created', 'joined', 'left', 'finished', 'clockExpired', 'seatAbandoned', 'handedToBot', 'takenBack', 'rematchExpired'] as const).map((event) => ({ labels: { event }, value: events.get(event) })));
  return `${out.join('\n')}\n`;
}

export function metricsRoute(src: MetricsSources): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/metrics') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.body = { error: 'method not allowed' };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/plain; version=0.0.4; charset=utf-8';
    ctx.body = metricsText(src);
  };
}
