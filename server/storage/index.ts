export {
  SqlStorage,
  createStorage,
  parseStorageUrl,
  DEFAULT_SQLITE_FILE,
  DEFAULT_STALE_MATCH_MS,
  type SqlStorageOptions,
  type SetStateResult,
  type StorageDialect,
} from './sql-storage';
