export {
  SqlStorage,
  createStorage,
  parseStorageUrl,
  DEFAULT_SQLITE_FILE,
  DEFAULT_STALE_MATCH_MS,
  type SqlStorageOptions,
  type SetStateResult,
  type StorageDialect,
  type ListCursor,
  type ListPageOptions,
  type ReportSummary,
  type StoredReport,
} from './sql-storage';
