/** `npm run dev`: the gateway (restarting on change) on :8080 and Vite with hot reload on :5173, proxying to it. */
import { spawn } from "node:child_process"

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: process.env.PORT ?? "8080" } }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
]
const stop = () => {
  for (const child of children) child.kill("SIGTERM")
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
for (const child of children) child.on("exit", (code) => code && stop())
