/** The build-time settings the app reads (Vite's `import.meta.env`), each absent unless set. */
interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string
  readonly VITE_FIREBASE_PROJECT_ID?: string
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string
  readonly VITE_FIREBASE_APP_ID?: string
  readonly VITE_TILE_URL?: string
  readonly VITE_DEMO_BOOKING_URL?: string
  readonly VITE_PATIENT_REGISTRATION_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

interface Window {
  /** Link taps held by src/ssr/takeover.js while the app takes a server-drawn page over; released by src/main.tsx. */
  promedEarlyTaps?: { release(follow: (href: string) => void): void }
}
