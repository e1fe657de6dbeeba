/** The two parts of the SDK's multipart upload: JSON metadata, then the bytes. */
export interface MultipartUpload {
  readonly metadata: Record<string, unknown>
  readonly contentType: string
  readonly bytes: Uint8Array
}

/** Parses `multipart/related; boundary=B` as the SDK writes it; null when the body is not that shape. */
export function parseMultipart(contentType: string | undefined, body: Uint8Array): MultipartUpload | null {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType ?? "")?.[2]
  if (!boundary) return null
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: Buffer[] = []
  let at = buffer.indexOf(delimiter)
  while (at >= 0) {
    const start = at + delimiter.length
    if (buffer.subarray(start, start + 2).toString() === "--") break
    const next = buffer.indexOf(delimiter, start)
    if (next < 0) return null
    // A part runs from after the delimiter's CRLF to before the CRLF that precedes the next one.
    parts.push(buffer.subarray(start + 2, next - 2))
    at = next
  }
  if (parts.length !== 2) return null
  const [meta, data] = parts.map((part) => {
    // A part without headers starts with its blank line (RFC 2046).
    if (part.subarray(0, 2).toString() === "\r\n") return { headers: "", content: part.subarray(2) }
    const split = part.indexOf("\r\n\r\n")
    return split < 0 ? null : { headers: part.subarray(0, split).toString("utf8"), content: part.subarray(split + 4) }
  })
  if (!meta || !data) return null
  let metadata: unknown
  try {
    metadata = JSON.parse(meta.content.toString("utf8"))
  } catch {
    return null
  }
  if (typeof metadata !== "object" || metadata === null) return null
  const type = /content-type:\s*([^\r\n]+)/i.exec(data.headers)?.[1]?.trim() ?? "application/octet-stream"
  return { metadata: metadata as Record<string, unknown>, contentType: type, bytes: new Uint8Array(data.content) }
}

/** The client went away mid-body (a paused or cancelled upload aborts its request): nothing is kept. */
export class BodyInterrupted extends Error {}

/** Reads a request body, giving up as soon as it passes `max` bytes (null then). */
export async function readBodyLimited(request: Request, max: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array(0)
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw new BodyInterrupted(String(error))
    })
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}
