import * as Schema from "effect/Schema"
import { assertEvent, assign, fromPromise, setup } from "xstate"
import { decodeWithFields } from "../schemas/decode.ts"
import type { ReactionType } from "../schemas/enums.ts"
import type { FieldError } from "../schemas/errors.ts"
import { ReviewComment, ReviewRating, type Review } from "../schemas/review.ts"
import type { PatientId, ReviewId } from "../schemas/ids.ts"

/** What a review form checks before sending (SPEC §5): rating 1 to 5, comment 20 to 512 once trimmed. */
export const ReviewDraft = Schema.Struct({ rating: ReviewRating, comment: ReviewComment })
export type ReviewDraft = { rating: number; comment: string }

export const draftErrors = (draft: ReviewDraft): ReadonlyArray<FieldError> => {
  const checked = decodeWithFields(ReviewDraft, draft)
  return checked.ok ? [] : checked.fields
}

export interface ReviewCardInput {
  readonly review: Review
  readonly isFeatured: boolean
  /** The signed-in patient's id, or null (a visitor, or another role). */
  readonly viewerPatientId: PatientId | null
  readonly signedIn: boolean
}

export interface ReviewCardContext extends ReviewCardInput {
  review: Review
  draft: ReviewDraft
  errors: ReadonlyArray<FieldError>
}

export type ReviewCardEvent =
  | { type: "review.edit" }
  | { type: "review.change"; draft: Partial<ReviewDraft> }
  | { type: "review.save" }
  | { type: "review.cancel" }
  | { type: "review.delete" }
  | { type: "review.confirmDelete" }
  | { type: "review.react"; reactionType: ReactionType }

export interface ReactInput {
  readonly reviewId: ReviewId
  readonly reactionType: ReactionType
  /** The same reaction again takes it back. */
  readonly remove: boolean
}

/**
 * One review card (SPEC §4): view, edit then save or cancel, delete after a confirmation (a soft
 * delete). Only its author edits or deletes it, never while featured; a signed-in user who is not
 * the author likes or dislikes it. Failures are logged only (SPEC §8).
 */
export const reviewCardMachine = setup({
  types: {
    context: {} as ReviewCardContext,
    events: {} as ReviewCardEvent,
    input: {} as ReviewCardInput,
  },
  actors: {
    updateReview: fromPromise<Review, { review: Review; draft: ReviewDraft }>(async () => {
      throw new Error("updateReview not provided")
    }),
    deleteReview: fromPromise<void, { reviewId: ReviewId }>(async () => {
      throw new Error("deleteReview not provided")
    }),
    react: fromPromise<Review, ReactInput>(async () => {
      throw new Error("react not provided")
    }),
  },
  actions: {
    /** The list is reloaded (an edit changes the summary, a delete the list); provided by the app. */
    onChanged: () => {},
    logFailure: (_, _params: { error: unknown }) => {},
  },
  guards: {
    canModify: ({ context }) => context.viewerPatientId !== null && context.viewerPatientId === context.review.reviewer.id && !context.isFeatured,
    canReact: ({ context }) => context.signedIn && context.viewerPatientId !== context.review.reviewer.id,
    draftValid: ({ context }) => draftErrors(context.draft).length === 0,
  },
}).createMachine({
  id: "reviewCard",
  context: ({ input }) => ({ ...input, draft: { rating: input.review.rating, comment: input.review.comment }, errors: [] }),
  initial: "viewing",
  states: {
    viewing: {
      on: {
        "review.edit": {
          guard: "canModify",
          target: "editing",
          actions: assign({ draft: ({ context }) => ({ rating: context.review.rating, comment: context.review.comment }), errors: [] }),
        },
        "review.delete": { guard: "canModify", target: "confirmingDelete" },
        "review.react": { guard: "canReact", target: "reacting" },
      },
    },
    editing: {
      on: {
        "review.change": {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, ...event.draft }),
            errors: ({ context, event }) => context.errors.filter((e) => !(e.name in event.draft)),
          }),
        },
        "review.save": [{ guard: "draftValid", target: "saving" }, { actions: assign({ errors: ({ context }) => draftErrors(context.draft) }) }],
        "review.cancel": "viewing",
      },
    },
    saving: {
      invoke: {
        id: "updateReview",
        src: "updateReview",
        input: ({ context }) => ({ review: context.review, draft: { rating: context.draft.rating, comment: context.draft.comment.trim() } }),
        onDone: { target: "viewing", actions: [assign({ review: ({ event }) => event.output }), "onChanged"] },
        onError: { target: "editing", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingDelete: {
      on: {
        "review.confirmDelete": "deleting",
        "review.cancel": "viewing",
      },
    },
    deleting: {
      invoke: {
        id: "deleteReview",
        src: "deleteReview",
        input: ({ context }) => ({ reviewId: context.review.id }),
        onDone: { target: "deleted", actions: "onChanged" },
        onError: { target: "viewing", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reacting: {
      invoke: {
        id: "react",
        src: "react",
        input: ({ context, event }) => {
          assertEvent(event, "review.react")
          return { reviewId: context.review.id, reactionType: event.reactionType, remove: context.review.myReaction === event.reactionType }
        },
        onDone: { target: "viewing", actions: assign({ review: ({ event }) => event.output }) },
        onError: { target: "viewing", actions: { type: "logFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleted: { type: "final" },
  },
})
