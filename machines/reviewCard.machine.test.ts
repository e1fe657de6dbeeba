import { afterAll, describe, expect, it } from "vitest"
import { createActor } from "xstate"
import type { Review } from "../schemas/review.ts"
import { draftErrors, reviewCardMachine, type ReviewCardInput } from "./reviewCard.machine.ts"
import { trackCoverage } from "./testing/coverage.ts"
import { deferredActors, flush } from "./testing/deferredActors.ts"
import { reviewCardOracle, type ReviewScreen, type ReviewView } from "./reviewCard.oracle.ts"
import { createFlowModel, modelPaths } from "./testing/paths.ts"
import { judgedBy, refusalsOf } from "./testing/specOracle.ts"
import { testIds } from "../schemas/testIds.ts"

const AUTHOR = "3f2a0000-0000-4000-8000-0000000000a1"
const OTHER = "3f2a0000-0000-4000-8000-0000000000b2"
const review: Review = {
  id: testIds.review("r1"),
  doctorId: testIds.doctor("d1"),
  comment: "Très bon médecin, à l'écoute et ponctuel.",
  rating: 4,
  postedDate: "2026-11-01T20:30:00Z",
  reviewer: { id: testIds.patient(AUTHOR), firstName: "Awa", lastName: "Diop" },
  reactionCount: [
    { reactionType: "LIKE", count: 2 },
    { reactionType: "DISLIKE", count: 0 },
  ],
  myReaction: null,
}
const edited = { ...review, rating: 5, comment: "Excellent médecin, je recommande vivement." }
const liked = {
  ...review,
  myReaction: "LIKE" as const,
  reactionCount: [
    { reactionType: "LIKE" as const, count: 3 },
    { reactionType: "DISLIKE" as const, count: 0 },
  ],
}

const EVENTS = [
  { type: "review.edit" },
  { type: "review.change", draft: { comment: "Trop court" } },
  // The star alone: the comment's error, if shown, stays.
  { type: "review.change", draft: { rating: 4 } },
  { type: "review.change", draft: { rating: 5, comment: "  Excellent médecin, je recommande vivement.  " } },
  { type: "review.save" },
  { type: "review.cancel" },
  { type: "review.delete" },
  { type: "review.confirmDelete" },
  { type: "review.react", reactionType: "LIKE" },
  { type: "xstate.done.actor.updateReview", output: edited },
  { type: "xstate.error.actor.updateReview", error: { code: "SERVER_ERROR" } },
  { type: "xstate.done.actor.deleteReview", output: undefined },
  { type: "xstate.error.actor.deleteReview", error: { code: "SERVER_ERROR" } },
  { type: "xstate.done.actor.react", output: liked },
  { type: "xstate.error.actor.react", error: { code: "DUPLICATE_REACTION" } },
] as const

const coverage = trackCoverage("reviewCard", reviewCardMachine)

/** What is logged is the gateway's failure itself (every failure of EVENTS has a code). */
const loggedWithItsError = (error: unknown) => typeof (error as { code?: unknown } | undefined)?.code === "string"

function runPaths(label: string, input: ReviewCardInput) {
  const model = createFlowModel(reviewCardMachine, {
    input,
    events: EVENTS as never,
    serializeState: (s) => JSON.stringify([s.value, s.context.draft, s.context.errors, s.context.review.rating, s.context.review.myReaction]),
    filterEvents: (s, e) => s.status === "active" && s.can(e),
  })
  describe(label, () => {
    for (const { name, test } of modelPaths(model)) {
      it(name, async () => {
        const api = deferredActors(["updateReview", "deleteReview", "react"] as const)
        const effects: string[] = []
        const actor = createActor(
          reviewCardMachine.provide({
            actors: api.actors as never,
            actions: {
              onChanged: () => effects.push("changed"),
              logFailure: (_, { error }) => effects.push(loggedWithItsError(error) ? "log" : "log without the error"),
            },
          }),
          { input, inspect: coverage.inspect },
        ).start()
        coverage.pathRan()
        const observe = (): ReviewView => {
          const snapshot = actor.getSnapshot()
          const screens: Record<string, ReviewScreen> = {
            viewing: "view",
            editing: "edit",
            saving: "saving",
            confirmingDelete: "confirmDelete",
            deleting: "deleting",
            reacting: "reacting",
            deleted: "deleted",
          }
          const screen = screens[snapshot.value as string]!
          return {
            screen,
            review: snapshot.context.review,
            canModify: snapshot.can({ type: "review.edit" }) && snapshot.can({ type: "review.delete" }),
            canReact: snapshot.can({ type: "review.react", reactionType: "LIKE" }) && snapshot.can({ type: "review.react", reactionType: "DISLIKE" }),
            draft: screen === "edit" || screen === "saving" ? { ...snapshot.context.draft } : null,
            fieldErrors: screen === "edit" ? [...new Set(snapshot.context.errors.map((e) => e.name))].sort() : [],
            requests: api.calls.map((c) => ({ name: c.name, input: c.input })),
            effects: [...effects],
          }
        }
        await test(
          judgedBy(
            { ...reviewCardOracle(input), observe },
            () => undefined,
            {
              states: { deleted: () => expect(actor.getSnapshot().status).toBe("done") },
              events: {
                "review.edit": () => actor.send({ type: "review.edit" }),
                "review.change": ({ event }) => actor.send(event as never),
                "review.save": async () => {
                  actor.send({ type: "review.save" })
                  await flush()
                },
                "review.cancel": () => actor.send({ type: "review.cancel" }),
                "review.delete": () => actor.send({ type: "review.delete" }),
                "review.confirmDelete": async () => {
                  actor.send({ type: "review.confirmDelete" })
                  await flush()
                },
                "review.react": async ({ event }) => {
                  actor.send(event as never)
                  await flush()
                },
                "xstate.done.actor.updateReview": ({ event }) => api.resolve("updateReview", event.output),
                "xstate.error.actor.updateReview": ({ event }) => api.reject("updateReview", event.error),
                "xstate.done.actor.deleteReview": ({ event }) => api.resolve("deleteReview", event.output),
                "xstate.error.actor.deleteReview": ({ event }) => api.reject("deleteReview", event.error),
                "xstate.done.actor.react": ({ event }) => api.resolve("react", event.output),
                "xstate.error.actor.react": ({ event }) => api.reject("react", event.error),
              },
            },
            refusalsOf(actor, EVENTS),
          ),
        )
      })
    }
  })
}

describe("review card machine (model-based)", () => {
  runPaths("the author's own review", { review, isFeatured: false, viewerPatientId: testIds.patient(AUTHOR), signedIn: true })
  runPaths("someone else's review, signed in", { review, isFeatured: false, viewerPatientId: testIds.patient(OTHER), signedIn: true })
  runPaths("the author's featured review", { review, isFeatured: true, viewerPatientId: testIds.patient(AUTHOR), signedIn: true })
  runPaths("a visitor", { review, isFeatured: false, viewerPatientId: null, signedIn: false })

  afterAll(() => {
    coverage.save()
    expect(coverage.missing()).toEqual({ states: [], transitions: [] })
  })
})

describe("review rules", () => {
  it("checks the draft as SPEC §5 says: trimmed comment 20 to 512, rating 1 to 5, a new review at 0 is invalid", () => {
    expect(draftErrors({ rating: 0, comment: "x".repeat(20) }).map((e) => e.message)).toEqual(["validation.ratingMin"])
    expect(draftErrors({ rating: 3, comment: ` ${"x".repeat(19)} ` }).map((e) => e.message)).toEqual(["validation.commentMinCharacters"])
    expect(draftErrors({ rating: 3, comment: "x".repeat(513) }).map((e) => e.message)).toEqual(["validation.commentMaxCharacters"])
    expect(draftErrors({ rating: 5, comment: "x".repeat(512) })).toEqual([])
  })
})
