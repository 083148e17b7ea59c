// The time rule, once: every case of Tests/Shared/time-cases.json (which the Swift TimeParser's
// tests read too) read and written by time.js as the server does; then frame arithmetic.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Time, frameIndex, frameRate, frameTime, parseDecimal, parseString, timeOf, toFrame } from "../js/editor/time.js";

const cases = JSON.parse(readFileSync(new URL("../../Tests/Shared/time-cases.json", import.meta.url)));
const fraction = (text) => { const [n, d] = text.split("/"); return new Time(BigInt(n), BigInt(d)); };
const asText = (r) => (r.error ? { error: r.error } : { time: `${r.time.n}/${r.time.d}` });

test("decimal texts read as the Swift TimeParser reads them", () => {
  assert.ok(cases.decimal.length >= 30);
  for (const c of cases.decimal) assert.deepEqual(asText(parseDecimal(c.text)), c.error ? { error: c.error } : { time: c.time }, c.text);
});

test("N/D strings read as the Swift TimeParser reads them", () => {
  for (const c of cases.string) assert.deepEqual(asText(parseString(c.text)), c.error ? { error: c.error } : { time: c.time }, c.text);
});

test("times are written as Swift's Time.description writes them", () => {
  for (const c of cases.description) assert.equal(fraction(c.time).toString(), c.text, c.time);
});

test("a spec value is a number only where its decimal is exact", () => {
  assert.equal(new Time(3n, 25n).toSpec(), 0.12);
  assert.equal(new Time(121n, 30n).toSpec(), "121/30");
  assert.equal(new Time(1n, 3n).toSpec(), "1/3");
  assert.equal(new Time(1n, 1024n).toSpec(), "1/1024", "ten decimals: kept as a fraction");
  assert.equal(new Time(5n).toSpec(), 5);
});

test("the playhead's frame is exact: frame 121 at 30 fps is 121/30, never 4.033", () => {
  const rate = new Time(30n);
  for (let k = 0; k < 300; k++) {
    const t = frameTime(k, rate);
    assert.equal(frameIndex(t, rate), k, `frame ${k}`);
    assert.equal(frameIndex(timeOf(t.toSpec()), rate), k, `frame ${k} written into a spec and read back`);
  }
  assert.equal(frameTime(121, rate).toString(), "121/30");
  assert.equal(frameIndex(timeOf(4.033), rate), 120, "the millisecond rounding the editor no longer does lands a frame early");
  const ntsc = frameRate({ output: { frameRate: "30000/1001" } });
  assert.equal(frameTime(3, ntsc).toString(), "0.1001");
  assert.equal(frameTime(1, ntsc).toString(), "1001/30000");
  assert.equal(frameIndex(frameTime(1799, ntsc), ntsc), 1799);
  assert.ok(toFrame(new Time(1n, 7n), rate).eq(new Time(4n, 30n)));
});

test("arithmetic is exact", () => {
  const tenth = new Time(1n, 10n), fifth = new Time(1n, 5n);
  assert.ok(tenth.add(fifth).eq(new Time(3n, 10n)));
  assert.ok(new Time(1n).sub(new Time(1001n, 30000n)).eq(new Time(28999n, 30000n)));
  assert.ok(new Time(1001n, 30000n).mul(30).eq(new Time(1001n, 1000n)));
  assert.ok(new Time(1n, 3n).lt(new Time(334n, 1000n)));
  assert.equal(new Time(-7n, 2n).floor(), -4n);
  assert.equal(frameRate({}).toString(), "30");
});
