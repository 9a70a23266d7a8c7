/**
 * Font subsets that carry only the subroutines their glyphs call.
 *
 * A CFF font shares outline fragments between glyphs as subroutines, called by index. fontkit's subset
 * keeps every index of the original font and blanks the unused ones, so that the glyphs' calls still
 * point at the right place. Noto Sans CJK has 22,293 local subroutines in its Hanzi font dictionary. So
 * every PDF embedding even one Chinese glyph wrote an index of 22,293 entries per face: ~80 KB, and
 * 60–80 ms of CPU for each one-label PDF.
 *
 * This keeps the used subroutines only, renumbered in their original order, and rewrites every call in
 * the glyphs and subroutines to the new numbers. Outlines and hints are unchanged byte for byte; only the
 * call operands change. Fonts this reader cannot follow fall back to fontkit's own subset, so a font never
 * fails here. Such fonts are not CID-keyed, use arithmetic operators, compute a subroutine number, or have
 * a global subroutine that calls a local one.
 */

/** The parts of fontkit's CFF subset this uses (fontkit publishes no types for them). */
interface CffSubset {
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  cff: CffTable;
  encode(): Uint8Array;
  subsetCharstrings(): void;
  subsetSubrs(subrs: readonly SubrEntry[], used: Record<number, boolean>): Uint8Array[];
}

interface SubrEntry {
  offset: number;
  length: number;
}

interface CffTable {
  isCIDFont: boolean;
  globalSubrIndex: readonly SubrEntry[];
  topDict: { FDArray?: { Private?: { Subrs?: readonly SubrEntry[] } | null }[] };
  stream: { pos: number; readBuffer(length: number): Uint8Array };
  getCharString(gid: number): Uint8Array;
  fdForGlyph(gid: number): number | null;
}

/** A fontkit font whose `createSubset` answers a CFF subset for CFF fonts. */
interface SubsettingFont {
  createSubset(): unknown;
  'CFF '?: unknown;
}

class Unsupported extends Error {}

/** Type 2 charstring operators this reader needs by number. */
const Op = {
  hstem: 1,
  vstem: 3,
  callsubr: 10,
  return: 11,
  escape: 12,
  endchar: 14,
  hstemhm: 18,
  hintmask: 19,
  cntrmask: 20,
  vstemhm: 23,
  shortint: 28,
  callgsubr: 29,
} as const;

/** The number a subroutine index is called with is the index minus this (Type 2 charstring spec, 4.7). */
export const subroutineBias = (count: number) => (count < 1240 ? 107 : count < 33900 ? 1131 : 32768);

/** The shortest Type 2 encoding of an integer. */
export function encodeCharstringInteger(value: number): number[] {
  if (value >= -107 && value <= 107) return [value + 139];
  if (value >= 108 && value <= 1131) {
    const v = value - 108;
    return [(v >> 8) + 247, v & 0xff];
  }
  if (value >= -1131 && value <= -108) {
    const v = -value - 108;
    return [(v >> 8) + 251, v & 0xff];
  }
  return [Op.shortint, (value >> 8) & 0xff, value & 0xff];
}

/** A number token: where it starts, how many bytes it takes, its value (integers only matter here). */
function readNumber(bytes: Uint8Array, at: number): { length: number; value: number } {
  const b0 = bytes[at]!;
  if (b0 === Op.shortint)
    return { length: 3, value: ((bytes[at + 1]! << 24) | (bytes[at + 2]! << 16)) >> 16 };
  if (b0 >= 32 && b0 <= 246) return { length: 1, value: b0 - 139 };
  if (b0 >= 247 && b0 <= 250) return { length: 2, value: (b0 - 247) * 256 + bytes[at + 1]! + 108 };
  if (b0 >= 251 && b0 <= 254) return { length: 2, value: -(b0 - 251) * 256 - bytes[at + 1]! - 108 };
  // 255: a 16.16 fixed-point number, never a subroutine number.
  return { length: 5, value: Number.NaN };
}

/** A charstring: a glyph's, or a global or local (font dictionary `fd`) subroutine's. */
type Body =
  | { kind: 'glyph'; gid: number }
  | { kind: 'global'; index: number }
  | { kind: 'local'; fd: number; index: number };
const bodyKey = (body: Body) =>
  body.kind === 'glyph'
    ? `g${body.gid}`
    : body.kind === 'global'
      ? `G${body.index}`
      : `L${body.fd}:${body.index}`;

/** A call operand to rewrite: its byte position and length in its body, and the subroutine it names. */
interface CallSite {
  at: number;
  length: number;
  target: 'global' | 'local';
  index: number;
}

/**
 * Follows every glyph of the subset through the subroutines it calls, as a rasteriser would, counting
 * stem hints so the bytes of a hint mask are skipped, and records every call site and used subroutine.
 */
class CallTracer {
  readonly usedGlobal = new Set<number>();
  readonly usedLocal = new Map<number, Set<number>>();
  readonly sites = new Map<string, { bytes: Uint8Array; sites: Map<number, CallSite> }>();
  private readonly globalBias: number;

  constructor(private readonly cff: CffTable) {
    this.globalBias = subroutineBias(cff.globalSubrIndex.length);
  }

  bytesOf(body: Body): Uint8Array {
    const key = bodyKey(body);
    const known = this.sites.get(key);
    if (known) return known.bytes;
    let bytes: Uint8Array;
    if (body.kind === 'glyph') bytes = this.cff.getCharString(body.gid);
    else {
      const entry = this.subrsOf(body)[body.index];
      if (!entry) throw new Unsupported(`no subroutine ${body.index}`);
      this.cff.stream.pos = entry.offset;
      bytes = this.cff.stream.readBuffer(entry.length);
    }
    this.sites.set(key, { bytes, sites: new Map() });
    return bytes;
  }

  subrsOf(body: { kind: 'global' } | { kind: 'local'; fd: number }): readonly SubrEntry[] {
    if (body.kind === 'global') return this.cff.globalSubrIndex;
    return this.cff.topDict.FDArray?.[body.fd]?.Private?.Subrs ?? [];
  }

  traceGlyph(gid: number): void {
    const fd = this.cff.fdForGlyph(gid);
    if (fd === null) throw new Unsupported('glyph without a font dictionary');
    const state = { stack: 0, stems: 0, ended: false };
    this.run({ kind: 'glyph', gid }, fd, state, 0);
  }

  private run(
    body: Body,
    fd: number,
    state: { stack: number; stems: number; ended: boolean },
    depth: number,
  ) {
    // Type 2 limits subroutine nesting to 10 levels.
    if (depth > 10) throw new Unsupported('subroutines nested too deep');
    const bytes = this.bytesOf(body);
    const sites = this.sites.get(bodyKey(body))!.sites;
    let lastNumber: { at: number; length: number; value: number } | null = null;
    let at = 0;
    while (at < bytes.length && !state.ended) {
      const b0 = bytes[at]!;
      if (b0 === Op.shortint || b0 >= 32) {
        const number = readNumber(bytes, at);
        lastNumber = { at, ...number };
        state.stack += 1;
        at += number.length;
        continue;
      }
      const operand = lastNumber && lastNumber.at + lastNumber.length === at ? lastNumber : null;
      lastNumber = null;
      at += 1;
      switch (b0) {
        case Op.hstem:
        case Op.vstem:
        case Op.hstemhm:
        case Op.vstemhm:
          state.stems += state.stack >> 1;
          state.stack = 0;
          break;
        case Op.hintmask:
        case Op.cntrmask:
          // Operands before a mask are a vstemhm (Type 2 spec, 4.3); the mask has a bit per stem.
          state.stems += state.stack >> 1;
          state.stack = 0;
          at += (state.stems + 7) >> 3;
          break;
        case Op.callsubr:
        case Op.callgsubr: {
          if (!operand || !Number.isInteger(operand.value))
            throw new Unsupported('computed subroutine number');
          const target = b0 === Op.callgsubr ? 'global' : 'local';
          if (target === 'local' && body.kind === 'global')
            throw new Unsupported('a global subroutine calls a local one');
          const subrs = this.subrsOf(target === 'global' ? { kind: 'global' } : { kind: 'local', fd });
          const index =
            operand.value + (target === 'global' ? this.globalBias : subroutineBias(subrs.length));
          sites.set(operand.at, { at: operand.at, length: operand.length, target, index });
          state.stack -= 1;
          if (target === 'global') this.usedGlobal.add(index);
          else {
            let used = this.usedLocal.get(fd);
            if (!used) this.usedLocal.set(fd, (used = new Set()));
            used.add(index);
          }
          this.run(
            target === 'global' ? { kind: 'global', index } : { kind: 'local', fd, index },
            fd,
            state,
            depth + 1,
          );
          break;
        }
        case Op.return:
          return;
        case Op.endchar:
          state.ended = true;
          return;
        case Op.escape:
          throw new Unsupported('escaped operator');
        default:
          state.stack = 0;
      }
    }
  }
}

/** Old index → new index, in the original order. */
const renumbering = (used: Set<number>) => new Map([...used].sort((a, b) => a - b).map((old, i) => [old, i]));

function rewrite(
  bytes: Uint8Array,
  sites: Map<number, CallSite>,
  newNumberOf: (site: CallSite) => number,
): Uint8Array {
  if (sites.size === 0) return bytes;
  const out: number[] = [];
  let copied = 0;
  for (const site of [...sites.values()].sort((a, b) => a.at - b.at)) {
    for (let i = copied; i < site.at; i++) out.push(bytes[i]!);
    out.push(...encodeCharstringInteger(newNumberOf(site)));
    copied = site.at + site.length;
  }
  for (let i = copied; i < bytes.length; i++) out.push(bytes[i]!);
  return Uint8Array.from(out);
}

/**
 * Makes `subset` (a fresh fontkit CFF subset) write only the subroutines its glyphs use. Returns false,
 * leaving it untouched, for a font this reader cannot follow.
 */
function compact(subset: CffSubset): boolean {
  const { cff } = subset;
  if (!cff.isCIDFont) return false;
  const tracer = new CallTracer(cff);
  try {
    for (const gid of subset.glyphs) tracer.traceGlyph(gid);
  } catch (error) {
    if (error instanceof Unsupported) return false;
    throw error;
  }
  const globalNumbers = renumbering(tracer.usedGlobal);
  const globalBias = subroutineBias(globalNumbers.size);
  const localNumbers = new Map([...tracer.usedLocal].map(([fd, used]) => [fd, renumbering(used)]));
  const newNumberOf = (fd: number | null) => (site: CallSite) => {
    if (site.target === 'global') return globalNumbers.get(site.index)! - globalBias;
    const numbers = localNumbers.get(fd!)!;
    return numbers.get(site.index)! - subroutineBias(numbers.size);
  };
  const rewritten = (body: Body, fd: number | null) => {
    const traced = tracer.sites.get(bodyKey(body))!;
    return rewrite(traced.bytes, traced.sites, newNumberOf(fd));
  };
  const charstrings = subset.glyphs.map((gid) => rewritten({ kind: 'glyph', gid }, cff.fdForGlyph(gid)));
  const gsubrs = [...globalNumbers.keys()].map((index) => rewritten({ kind: 'global', index }, null));
  // fontkit's font-dictionary step asks for each used dictionary's subroutines by the original list.
  const localSubrsOf = new Map<readonly SubrEntry[], Uint8Array[]>();
  for (const [fd, numbers] of localNumbers) {
    const original = tracer.subrsOf({ kind: 'local', fd });
    localSubrsOf.set(
      original,
      [...numbers.keys()].map((index) => rewritten({ kind: 'local', fd, index }, fd)),
    );
  }
  subset.subsetCharstrings = function () {
    this.charstrings = charstrings;
    this.gsubrs = gsubrs;
  };
  subset.subsetSubrs = (subrs) => localSubrsOf.get(subrs) ?? [];
  return true;
}

/**
 * Makes every subset `font` creates from now on carry only the subroutines it uses (pdfkit creates one
 * per document and encodes it when the document ends). A font that is not CFF is left as it is.
 */
export function compactSubroutinesOfSubsets<T extends SubsettingFont>(font: T): T {
  if (!font['CFF ']) return font;
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as CffSubset;
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      compact(subset);
      return encode();
    };
    return subset;
  };
  return font;
}
