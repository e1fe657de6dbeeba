/** The seeded demo accounts of the README; all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = "Passw0rd!"
export const DEMO_ACCOUNTS = ["patient@demo.sn", "doctor@demo.sn", "manager@demo.sn", "admin@demo.sn"] as const
