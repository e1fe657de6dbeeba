/** The external scheduling page for demos, set at build time (VITE_DEMO_BOOKING_URL). */
export const DEMO_BOOKING_URL: string = import.meta.env.VITE_DEMO_BOOKING_URL || "https://calendly.com/promed-sn/demo"
