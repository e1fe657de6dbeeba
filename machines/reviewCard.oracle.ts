import type { AnyEventObject } from "xstate"

/**
 * One review card as SPEC describes it (§4 review card: view, edit, save or cancel; delete after
 * a confirmation, a soft delete; only its own reviewer edits or deletes, never the featured one;
 * like and dislike need a signed-in user who is not the reviewer; §5 rating 1 to 5, comment 20 to
 * 512 trimmed; §7 PUT /reviews/{id}, PUT /reviews/delete/{id}, POST /reviews/reactions; §8 review
 * failures are logged only), written apart from `reviewCard.machine.ts`.
 */

export type ReviewScreen = "view" | "edit" | "saving" | "confirmDelete" | "deleting" | "reacting" | "deleted"

interface ShownReview {
  readonly id: string
  readonly rating: number
  readonly comment: string
  readonly reviewer: { readonly id: string }
  readonly myReaction?: string | null
}

export interface ReviewView {
  readonly screen: ReviewScreen
  /** The review as the card shows it. */
  readonly review: unknown
  /** Edit and Delete are offered. */
  readonly canModify: boolean
  /** Like and dislike are enabled. */
  readonly canReact: boolean
  /** The edit form's values, while it is open. */
  readonly draft: { readonly rating: number; readonly comment: string } | null
  /** Fields in error in the edit form, sorted. */
  readonly fieldErrors: ReadonlyArray<string>
  readonly requests: ReadonlyArray<{ readonly name: string; readonly input: unknown }>
  readonly effects: ReadonlyArray<string>
}

export interface ReviewSetting {
  readonly review: ShownReview
  readonly isFeatured: boolean
  readonly viewerPatientId: string | null
  readonly signedIn: boolean
}

function invalidFields(draft: { rating: number; comment: string }): string[] {
  const fields: string[] = []
  const length = draft.comment.trim().length
  if (length < 20 || length > 512) fields.push("comment")
  if (!(draft.rating >= 1 && draft.rating <= 5)) fields.push("rating")
  return fields.sort()
}

export function reviewCardOracle(setting: ReviewSetting) {
  const author = setting.viewerPatientId !== null && setting.viewerPatientId === setting.review.reviewer.id
  const mayModify = author && !setting.isFeatured
  const mayReact = setting.signedIn && !author

  /** The buttons live on the card as it is viewed; a form, dialog or call in flight hides or disables them. */
  const at = (view: ReviewView, screen: ReviewScreen, change: Partial<ReviewView> = {}): ReviewView => ({
    ...view,
    screen,
    canModify: screen === "view" && mayModify,
    canReact: screen === "view" && mayReact,
    draft: screen === "edit" || screen === "saving" ? view.draft : null,
    fieldErrors: screen === "edit" ? view.fieldErrors : [],
    ...change,
  })
  const call = (view: ReviewView, name: string, input: unknown) => [...view.requests, { name, input }]
  const log = (view: ReviewView) => [...view.effects, "log"]

  const initial: ReviewView = {
    screen: "view",
    review: setting.review,
    canModify: mayModify,
    canReact: mayReact,
    draft: null,
    fieldErrors: [],
    requests: [],
    effects: [],
  }

  function after(view: ReviewView, event: AnyEventObject): ReviewView {
    const review = view.review as ShownReview
    switch (`${view.screen} ${event.type}`) {
      case "view review.edit":
        return mayModify ? at({ ...view, draft: { rating: review.rating, comment: review.comment }, fieldErrors: [] }, "edit") : view
      case "edit review.change": {
        const changed = event.draft as object
        // As in the other forms: editing a field clears its own error.
        return at(view, "edit", { draft: { ...view.draft!, ...changed }, fieldErrors: view.fieldErrors.filter((f) => !(f in changed)) })
      }
      case "edit review.save": {
        const fieldErrors = invalidFields(view.draft!)
        if (fieldErrors.length > 0) return { ...view, fieldErrors }
        const draft = { rating: view.draft!.rating, comment: view.draft!.comment.trim() }
        return at(view, "saving", { requests: call(view, "updateReview", { review, draft }) })
      }
      case "edit review.cancel":
        return at(view, "view")
      case "saving xstate.done.actor.updateReview":
        // The list is reloaded: an edit changes the rating summary.
        return at({ ...view, review: event.output }, "view", { effects: [...view.effects, "changed"] })
      case "saving xstate.error.actor.updateReview":
        // Logged only; the form stays open with what was typed.
        return at(view, "edit", { effects: log(view) })
      case "view review.delete":
        return mayModify ? at(view, "confirmDelete") : view
      case "confirmDelete review.cancel":
        return at(view, "view")
      case "confirmDelete review.confirmDelete":
        return at(view, "deleting", { requests: call(view, "deleteReview", { reviewId: review.id }) })
      case "deleting xstate.done.actor.deleteReview":
        return at(view, "deleted", { effects: [...view.effects, "changed"] })
      case "deleting xstate.error.actor.deleteReview":
        return at(view, "view", { effects: log(view) })
      case "view review.react": {
        if (!mayReact) return view
        const reactionType = event.reactionType as string
        // The same reaction again takes it back.
        const input = { reviewId: review.id, reactionType, remove: review.myReaction === reactionType }
        return at(view, "reacting", { requests: call(view, "react", input) })
      }
      case "reacting xstate.done.actor.react":
        return at({ ...view, review: event.output }, "view")
      case "reacting xstate.error.actor.react":
        return at(view, "view", { effects: log(view) })
      default:
        return view
    }
  }

  return { initial, after }
}
