/** A least-squares line through points: `y ≈ intercept + slope · x`, with r². */
export interface Fit {
  readonly slope: number
  readonly intercept: number
  /** 1 when the points lie on the line; NaN when y does not vary (a flat line fits exactly). */
  readonly r2: number
  readonly points: number
}

export function fit(xs: readonly number[], ys: readonly number[]): Fit {
  const n = Math.min(xs.length, ys.length)
  if (n < 2) return { slope: Number.NaN, intercept: Number.NaN, r2: Number.NaN, points: n }
  const mean = (v: readonly number[]) => v.slice(0, n).reduce((a, b) => a + b, 0) / n
  const mx = mean(xs)
  const my = mean(ys)
  let sxy = 0
  let sxx = 0
  let syy = 0
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx
    const dy = ys[i]! - my
    sxy += dx * dy
    sxx += dx * dx
    syy += dy * dy
  }
  // x constant: no slope can be told (e.g. the history did not grow).
  if (sxx === 0) return { slope: Number.NaN, intercept: my, r2: Number.NaN, points: n }
  const slope = sxy / sxx
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? Number.NaN : (sxy * sxy) / (sxx * syy), points: n }
}
