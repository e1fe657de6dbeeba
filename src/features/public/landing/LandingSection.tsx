import type { ReactNode } from "react"

/** A home page section: an anchor of SPEC §2 (hero, presentation, solutions, …) with its heading. */
export function LandingSection({
  id,
  title,
  intro,
  children,
  tone,
}: {
  id: string
  title: string
  intro?: string
  children: ReactNode
  tone?: "soft" | "strong"
}) {
  return (
    <section id={id} className={`landing-section${tone ? ` landing-${tone}` : ""}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <h2 id={`${id}-title`} className="landing-title">
          {title}
        </h2>
        {intro ? <p className="landing-intro">{intro}</p> : null}
        {children}
      </div>
    </section>
  )
}

export interface CardItem {
  readonly key: string
  readonly title: string
  readonly text: string
  readonly footer?: ReactNode
}

/** Cards in a responsive grid (features, steps, solutions, services, news). */
export function CardGrid({ items, numbered }: { items: ReadonlyArray<CardItem>; numbered?: boolean }) {
  const List = numbered ? "ol" : "ul"
  return (
    <List className="card-grid">
      {items.map((item) => (
        <li key={item.key} className="card landing-card">
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          {item.footer}
        </li>
      ))}
    </List>
  )
}

/** The coloured band at the top of a public page: its h1, an introduction, and actions. */
export function PageHero({ id, title, intro, children }: { id: string; title: string; intro: string; children?: ReactNode }) {
  return (
    <header className="hero">
      <div className="container">
        <h1 id={id}>{title}</h1>
        <p className="hero-subtitle">{intro}</p>
        {children}
      </div>
    </header>
  )
}
