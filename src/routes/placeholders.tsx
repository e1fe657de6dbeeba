import { PlaceholderPage } from "../features/common/PlaceholderPage.tsx"
import { WelcomePlaceholder } from "../features/common/WelcomePlaceholder.tsx"

/** A route component for a linked destination whose screen is not part of this release. */
export const placeholder = (titleKey: string) => () => <PlaceholderPage titleKey={titleKey} />

/** A route component for a role home that greets the user until its dashboard is built. */
export const welcome = (titleKey: string) => () => <WelcomePlaceholder titleKey={titleKey} />
