export {
  SqlStorage,
  createStorage,
  parseStorageUrl,
  DEFAULT_SQLITE_FILE,
  DEFAULT_STALE_MATCH_MS,
  DEFAULT_SQLITE_SYNCHRONOUS,
  type SqliteSynchronous,
  type SqlStorageOptions,
  type SetStateResult,
  type StorageDialect,
  type ListCursor,
  type ListPageOptions,
  type ReportSummary,
  type StoredReport,
} from './sql-storage';
export { MatchSummaryStore, type SummaryRow } from './match-summaries';
