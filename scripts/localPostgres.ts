/** The PostgreSQL that `.ci/run` installs and starts on this machine, when no URL is given. */
export const LOCAL_POSTGRES_URL = "postgres://postgres:postgres@localhost:5432/postgres"
