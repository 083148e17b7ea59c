// Where each JSON pointer of a spec lies in its text, so a problem's pointer selects its place.

/// `text`'s JSON pointers → [start, end) offsets (an object's member from its name to the end of
/// its value), read as JSON is; a text that is not JSON has the positions read before the fault.
export function pointerPositions(text) {
  const positions = {};
  let i = 0;
  const ws = () => { while (i < text.length && " \t\r\n".includes(text[i])) i++; };
  const escape = (s) => s.replace(/~/g, "~0").replace(/\//g, "~1");
  function string() {
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i));
  }
  function value(pointer) {
    ws();
    const start = i;
    if (text[i] === "{") {
      i++; ws();
      if (text[i] === "}") i++;
      else for (;;) {
        ws();
        const keyStart = i;
        const key = string();
        ws(); i++;  // :
        const member = pointer + "/" + escape(key);
        value(member);
        positions[member] = [keyStart, positions[member][1]];  // a member: its name and its value
        ws();
        if (text[i++] !== ",") break;
      }
    } else if (text[i] === "[") {
      i++; ws();
      if (text[i] === "]") i++;
      else for (let n = 0; ; n++) {
        value(pointer + "/" + n);
        ws();
        if (text[i++] !== ",") break;
      }
    } else if (text[i] === '"') string();
    else while (i < text.length && !",]} \t\r\n".includes(text[i])) i++;
    positions[pointer] = [start, i];
  }
  try { value(""); } catch { /* a text that is not JSON has the positions read so far */ }
  return positions;
}

/// The nearest pointer at or above `pointer` that `positions` knows ("" at worst).
export function nearest(positions, pointer) {
  let p = pointer;
  while (p && !positions[p]) p = p.slice(0, p.lastIndexOf("/"));
  return p;
}
