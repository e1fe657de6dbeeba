import { describe, expect, it } from "vitest"
import { isDatabaseUnavailable } from "./unavailable.ts"

/** An error as node-postgres makes one: a message, and a code when the server or the socket gave one. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {})
/** As Drizzle wraps a failed query: its own message naming the query, the driver's error as cause. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: insert into appointments …"), { cause })

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a connection refused (PostgreSQL down)", pgError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["a reset socket", pgError("read ECONNRESET", "ECONNRESET")],
    ["a host name that does not resolve yet (compose starting)", pgError("getaddrinfo ENOTFOUND postgres", "ENOTFOUND")],
    ["the server shutting down (restart, fast stop)", pgError("terminating connection due to administrator command", "57P01")],
    ["the server starting up", pgError("the database system is starting up", "57P03")],
    ["a crash of another backend", pgError("terminating connection because of crash of another server process", "57P02")],
    ["a connection exception", pgError("connection failure", "08006")],
    ["too many connections", pgError("sorry, too many clients already", "53300")],
    ["a standby not promoted yet", pgError("cannot execute INSERT in a read-only transaction", "25006")],
    ["a connection ended under a query", pgError("Connection terminated unexpectedly")],
    ["no connection to be had in time", pgError("timeout exceeded when trying to connect")],
    ["a client that lost its connection earlier", pgError("Client has encountered a connection error and is not queryable")],
    ["every address of a host refused", new AggregateError([pgError("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
  ])("is true for %s, bare or wrapped by Drizzle", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true)
  })

  it.each([
    ["a unique violation", pgError("duplicate key value violates unique constraint", "23505")],
    ["bad input", pgError("invalid input syntax for type uuid", "22P02")],
    ["a syntax error in our SQL", pgError('syntax error at or near "FORM"', "42601")],
    ["a wrong password (waiting does not cure it)", pgError('password authentication failed for user "promed"', "28P01")],
    ["a bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a string", "boom"],
    ["nothing", undefined],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(false)
  })
})
