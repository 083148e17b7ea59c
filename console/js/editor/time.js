// Exact time, as the server keeps it: a fraction of seconds (an Int64 value over an Int32
// timescale), read from the spec's text by the same rules as the Swift `TimeParser` (the cases both
// suites check are one table, Tests/Shared/time-cases.json). The editor never rounds a time to
// milliseconds: a playhead on frame 121 at 30 fps is "121/30", the frame the server shows.

const INT64_MAX = (1n << 63n) - 1n;
const INT32_MAX = (1n << 31n) - 1n;
/// The longest number text read as a time (Swift's `TimeParser.maxTextLength`).
export const MAX_TEXT_LENGTH = 64;

const abs = (v) => (v < 0n ? -v : v);
function gcd(a, b) {
  a = abs(a); b = abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/// A time in seconds, `n/d` in lowest terms with `d` > 0 (BigInts).
export class Time {
  constructor(n, d = 1n) {
    n = BigInt(n); d = BigInt(d);
    if (d === 0n) throw new RangeError("a time's timescale is not 0");
    if (d < 0n) { n = -n; d = -d; }
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }
  static zero = new Time(0n, 1n);
  /// Whether the fraction fits the server's Time (Int64 value, Int32 timescale).
  get fits() { return abs(this.n) <= INT64_MAX && this.d <= INT32_MAX; }
  add(o) { return new Time(this.n * o.d + o.n * this.d, this.d * o.d); }
  sub(o) { return new Time(this.n * o.d - o.n * this.d, this.d * o.d); }
  mul(o) { return o instanceof Time ? new Time(this.n * o.n, this.d * o.d) : new Time(this.n * BigInt(o), this.d); }
  div(o) { return new Time(this.n * o.d, this.d * o.n); }
  cmp(o) { const a = this.n * o.d, b = o.n * this.d; return a < b ? -1 : a > b ? 1 : 0; }
  eq(o) { return this.n === o.n && this.d === o.d; }
  lt(o) { return this.cmp(o) < 0; }
  le(o) { return this.cmp(o) <= 0; }
  /// Seconds as a float, for drawing only (pixels), never for a value written back.
  get seconds() { return Number(this.n) / Number(this.d); }
  /// The largest whole number at or below this time.
  floor() { const q = this.n / this.d; return this.n < 0n && q * this.d !== this.n ? q - 1n : q; }
  /// As Swift's `Time.description` writes it: a decimal where it is exact ("0.12"), else "N/D".
  toString() {
    if (this.d === 1n) return String(this.n);
    let t = this.d, twos = 0, fives = 0;
    while (t % 2n === 0n) { t /= 2n; twos++; }
    while (t % 5n === 0n) { t /= 5n; fives++; }
    if (t !== 1n) return `${this.n}/${this.d}`;
    const digits = Math.max(twos, fives);
    const pow10 = 10n ** BigInt(digits);
    const mag = abs(this.n);
    const frac = String((mag % this.d) * (pow10 / this.d)).padStart(digits, "0");
    return (this.n < 0n ? "-" : "") + `${mag / this.d}.${frac}`;
  }
  /// The value to write into a spec: a JSON number where its decimal is exact in at most 9
  /// places (the server reads that text exactly), else the string "N/D".
  toSpec() {
    const text = this.toString();
    if (!text.includes("/") && (text.split(".")[1] || "").length <= 9 && abs(this.n) < 2n ** 53n) return Number(text);
    return `${this.n}/${this.d}`;
  }
}

/// A parse's result: `{ time }` or `{ error }`, the error one of Swift's `TimeParser.Failure` cases.
const failure = (error) => ({ error });

/// JSON number text (RFC 8259, exponents included) to an exact time: Swift's `parseDecimal`.
export function parseDecimal(text) {
  if (text.length > MAX_TEXT_LENGTH) return failure("tooLong");
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?)(\d*))?$/.exec(text);
  if (!m || (m[2] === "" && (m[3] === undefined || m[3] === ""))) return failure("notANumber");
  if (m[4] !== undefined || m[5] !== undefined) {
    if (/[eE]/.test(text) && (m[5] === undefined || m[5] === "")) return failure("notANumber");
  }
  const negative = m[1] === "-";
  const whole = m[2] || "";
  let fraction = m[3] || "";
  let exponent = 0;
  if (m[5]) {
    if (m[5].length > 4) return failure("outOfRange");
    exponent = Number(m[5]) * (m[4] === "-" ? -1 : 1);
  }
  fraction = fraction.replace(/0+$/, "");
  const digits = (whole + fraction).replace(/^0+/, "");
  if (digits === "") return { time: Time.zero };
  // Zeros at the end of the integer part multiply; the mantissa must stay within Int64 as Swift's does.
  const trailing = /0*$/.exec(digits)[0].length;
  const mantissaDigits = digits.slice(0, digits.length - trailing);
  let mantissa = BigInt(mantissaDigits);
  for (let z = 0; z < trailing; z++) {
    if (mantissa >= INT64_MAX) return failure("outOfRange");
    mantissa *= 10n;
  }
  if (BigInt(mantissaDigits) > INT64_MAX * 10n + 9n || mantissa > INT64_MAX * 10n + 9n) return failure("outOfRange");
  const scale = fraction.length - exponent;
  let n = mantissa, d = 1n;
  if (scale > 0) {
    if (scale > 30) return failure("tooPrecise");
    d = 10n ** BigInt(scale);
  } else if (scale < 0) {
    if (-scale > 18) return failure("outOfRange");
    n *= 10n ** BigInt(-scale);
  }
  if (negative) n = -n;
  const t = new Time(n, d);
  if (!t.fits) return failure(t.d > INT32_MAX ? "tooPrecise" : "outOfRange");
  return { time: t };
}

/// `"N/D"` (integers, D positive, spaces around either allowed) or a decimal string: Swift's
/// `parseString`.
export function parseString(text) {
  const parts = text.split("/");
  if (parts.length === 1) return parseDecimal(text);
  const int = /^ *(-?\d+) *$/;
  const [a, b] = parts.map((p) => int.exec(p)?.[1]);
  if (parts.length !== 2 || a === undefined || b === undefined) return failure("notANumber");
  const n = BigInt(a), d = BigInt(b);
  if (abs(n) > INT64_MAX || d > INT64_MAX || d <= 0n) return failure("notANumber");
  const t = new Time(n, d);
  return t.fits ? { time: t } : failure("outOfRange");
}

/// A spec's time value (a JSON number or a string) as a Time; null when absent or not a time.
export function timeOf(value) {
  if (value === undefined || value === null) return null;
  const r = typeof value === "number" ? parseDecimal(String(value)) : typeof value === "string" ? parseString(value) : failure("notANumber");
  return r.time || null;
}

/// The frame rate of a spec's output (`frameRate`: a number or "N/D"), 30 when unset.
export function frameRate(spec) {
  return timeOf(spec?.output?.frameRate) || new Time(30n);
}

/// The start of frame `k` at `rate` frames a second.
export function frameTime(k, rate) { return new Time(BigInt(k)).div(rate); }

/// The frame showing at `t` (the last one starting at or before it).
export function frameIndex(t, rate) { return Number(t.mul(rate).floor()); }

/// `t` moved to the start of its frame.
export function toFrame(t, rate) { return frameTime(frameIndex(t, rate), rate); }
