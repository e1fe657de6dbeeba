import type { TestGateway } from "../../testing/testGateway.ts"

/** First bytes that pass the signature checks, and a little more. */
export const SAMPLE_BYTES = {
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
  pdf: new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
} as const

/** A Firebase multipart upload body (JSON metadata, then the bytes); without a type, neither part declares one. */
export function multipartBody(name: string, bytes: Uint8Array, contentType?: string) {
  const boundary = "promed-upload-boundary"
  const metadata = JSON.stringify(contentType === undefined ? { name } : { name, contentType })
  const partType = contentType === undefined ? "" : `Content-Type: ${contentType}\r\n`
  const head = `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${metadata}\r\n--${boundary}\r\n${partType}\r\n`
  const body = Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--`)])
  return { body: new Uint8Array(body), headers: { "Content-Type": `multipart/related; boundary=${boundary}`, "X-Goog-Upload-Protocol": "multipart" } }
}

/** Uploads a file as the token's user and gives its download URL as the SDK spells it for the in-process gateway. */
export async function uploadedUrl(gw: TestGateway, token: string, name: string, bytes: Uint8Array, bucket = "promed-local.appspot.com"): Promise<string> {
  const { body, headers } = multipartBody(name, bytes, "application/octet-stream")
  const response = await gw.call("POST", `/v0/b/${bucket}/o?name=${encodeURIComponent(name)}`, {
    body,
    headers: { ...headers, Authorization: `Firebase ${token}` },
  })
  if (response.status !== 200) throw new Error(`upload of ${name} failed: ${response.status} ${response.text}`)
  return `http://localhost/v0/b/${bucket}/o/${encodeURIComponent(name)}?alt=media&token=${response.body.downloadTokens}`
}
