/**
 * Counts failed sign-ins in a sliding window, per account and per address, in memory
 * (one gateway process). A success clears the account's count for that address.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly perAccount = 5,
    private readonly perAddress = 20,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(email: string, address: string): boolean {
    return (
      this.count(`a:${email.toLowerCase()}`) >= this.perAccount || this.count(`ip:${address}`) >= this.perAddress
    )
  }

  recordFailure(email: string, address: string): void {
    for (const key of [`a:${email.toLowerCase()}`, `ip:${address}`]) {
      const list = this.recent(key)
      list.push(this.now())
      this.failures.set(key, list)
    }
  }

  recordSuccess(email: string): void {
    this.failures.delete(`a:${email.toLowerCase()}`)
  }

  private count(key: string): number {
    return this.recent(key).length
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff)
    if (list.length === 0) this.failures.delete(key)
    else this.failures.set(key, list)
    return list
  }
}
