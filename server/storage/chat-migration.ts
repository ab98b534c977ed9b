import type { Kysely, Migration } from 'kysely';
import { MATCH_CHAT } from './schema';

/**
 * Chat history per channel (issue 19 item 3): each channel keeps its own last lines, so the trim and the history
 * read go by (match, channel, seq). Rows stored before it need nothing: they already carry their channel. Kept
 * apart from ./migrations.ts (which spreads it in) so that other branches' migrations merge without touching it.
 */
export const CHAT_MIGRATIONS: Record<string, Migration> = {
  '005_chat_by_channel': {
    async up(db: Kysely<any>) {
      await db.schema.createIndex(`${MATCH_CHAT}_channel_idx`).ifNotExists().on(MATCH_CHAT)
        .columns(['match_id', 'channel', 'seq']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex(`${MATCH_CHAT}_channel_idx`).ifExists().execute();
    },
  },
};
