/** Saves text as a file through a link clicked for the user: the call needs the bearer token, so a plain link to the gateway cannot. */
export function saveFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers start reading the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
