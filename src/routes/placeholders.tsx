import { lazyRouteComponent } from "@tanstack/react-router"
import { ensureTexts } from "../i18n/i18n.ts"

// Titles and the placeholder text load with these pages only, not with every page.
const TEXTS = ["titles", "placeholder"]

/** A route component for a linked destination whose screen is not part of this release. */
export const placeholder = (titleKey: string) =>
  lazyRouteComponent(async () => {
    const [{ PlaceholderPage }] = await Promise.all([import("../features/common/PlaceholderPage.tsx"), ensureTexts(TEXTS)])
    return { default: () => <PlaceholderPage titleKey={titleKey} /> }
  })

/** A route component for a role home that greets the user until its dashboard is built. */
export const welcome = (titleKey: string) =>
  lazyRouteComponent(async () => {
    const [{ WelcomePlaceholder }] = await Promise.all([import("../features/common/WelcomePlaceholder.tsx"), ensureTexts(TEXTS)])
    return { default: () => <WelcomePlaceholder titleKey={titleKey} /> }
  })
