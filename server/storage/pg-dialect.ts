/**
 * Kysely's PostgreSQL dialect with an introspector that reads one schema only. Kysely's Migrator asks the
 * introspector whether its history table exists, and the stock introspector lists the columns of every schema of the
 * database, calling `has_schema_privilege(name)` on each: a schema dropped while that query runs (another test file,
 * another tenant of the database) makes it fail with `schema "…" does not exist`, and a history table of the same
 * name in any other schema passes for ours when no schema is set. This one lists the tables of the storage's own
 * schema (`current_schema()` when none is set), which is all the Migrator needs.
 */
import { type DatabaseIntrospector, type Kysely, PostgresDialect, type PostgresDialectConfig, sql, type TableMetadata } from 'kysely';

class SchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>, private readonly schema: string | undefined) {}

  async getSchemas() {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const where = this.schema === undefined ? sql`current_schema()` : sql`${this.schema}`;
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables where table_schema = ${where} order by table_name`.execute(this.db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.type === 'VIEW', columns: [] }));
  }

  async getMetadata() {
    return { tables: await this.getTables() };
  }
}

export class SchemaPostgresDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig, private readonly schema: string | undefined) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}
