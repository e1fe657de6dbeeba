import pg from "pg"

/** The PostgreSQL that `.ci/run` installs and starts on this machine, when no URL is given. */
export const LOCAL_POSTGRES_URL = "postgres://postgres:postgres@localhost:5432/postgres"

/** Whether a PostgreSQL answers at `url` (within 2 s). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query("select 1")
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}
