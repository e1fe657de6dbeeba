/** `npm run dev`: the gateway (restarting on change) on :8080 and Vite with hot reload on :5173, proxying to it. */
import { spawn } from "node:child_process"

const children = [
  // The app is served on Vite's :5173: links (calendar feeds, storage URLs, mails) are built on it.
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: process.env.PORT ?? "8080", PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || "http://localhost:5173" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
]
const stop = () => {
  for (const child of children) child.kill("SIGTERM")
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
for (const child of children) child.on("exit", (code) => code && stop())
