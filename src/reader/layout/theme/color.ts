/**
 * Just enough colour science to derive a site's palette from the one or two colours its
 * customization names: sRGB hex <-> OKLCH (Björn Ottosson's OKLab), WCAG 2 contrast, and a
 * lightness search that makes a colour readable on given backgrounds while keeping its hue. OKLCH
 * is used because changing L there keeps the colour looking like "the same colour, lighter",
 * which sRGB or HSL mixing does not (blues go purple, yellows go muddy).
 */

export type Rgb = readonly [number, number, number];
export interface Oklch {
  l: number;
  c: number;
  h: number;
}

/** `#rgb` or `#rrggbb` (the schema's Color pattern), else undefined. Channels in 0..1. */
export function parseHex(value: unknown): Rgb | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join("") : match[1]!;
  return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16) / 255) as unknown as Rgb;
}

export function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(Math.min(1, Math.max(0, channel)) * 255).toString(16).padStart(2, "0")).join("")}`;
}

const toLinear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
const fromLinear = (channel: number) => (channel <= 0.0031308 ? channel * 12.92 : 1.055 * channel ** (1 / 2.4) - 0.055);

export function toOklch(rgb: Rgb): Oklch {
  const [r, g, b] = rgb.map(toLinear) as unknown as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const lightness = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const bb = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: lightness, c: Math.hypot(a, bb), h: ((Math.atan2(bb, a) * 180) / Math.PI + 360) % 360 };
}

function oklchToLinear({ l, c, h }: Oklch): Rgb {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

const inGamut = (linear: Rgb) => linear.every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);

/** The sRGB colour of an OKLCH one, chroma reduced (hue and lightness kept) until it fits sRGB. */
export function fromOklch(color: Oklch): Rgb {
  const l = Math.min(1, Math.max(0, color.l));
  let linear = oklchToLinear({ ...color, l });
  if (!inGamut(linear)) {
    let [low, high] = [0, color.c];
    for (let step = 0; step < 20; step++) {
      const middle = (low + high) / 2;
      if (inGamut(oklchToLinear({ l, c: middle, h: color.h }))) low = middle;
      else high = middle;
    }
    linear = oklchToLinear({ l, c: low, h: color.h });
  }
  return linear.map((channel) => fromLinear(Math.min(1, Math.max(0, channel)))) as unknown as Rgb;
}

/** WCAG 2 relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map(toLinear) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(one: Rgb, other: Rgb): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `amount` (0..1) of `top` over `bottom`, mixed in OKLab (what CSS color-mix(in oklab) does). */
export function mix(bottom: Rgb, top: Rgb, amount: number): Rgb {
  const [from, to] = [bottom, top].map(toOklab) as [Rgb, Rgb];
  const mixed = from.map((channel, index) => channel + (to[index]! - channel) * amount) as unknown as Rgb;
  const [l, a, b] = mixed;
  return fromOklch({ l, c: Math.hypot(a, b), h: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360 });
}

function toOklab(rgb: Rgb): Rgb {
  const { l, c, h } = toOklch(rgb);
  return [l, c * Math.cos((h * Math.PI) / 180), c * Math.sin((h * Math.PI) / 180)];
}

/**
 * `color` with its OKLCH lightness moved (darker on light backgrounds, lighter on dark ones) just
 * enough to reach `ratio` against every one of `backgrounds`; unchanged when it already does.
 */
export function readableOn(color: Rgb, backgrounds: readonly Rgb[], ratio: number): Rgb {
  // Measured on the 8-bit colours the page will get (toHex), so rounding cannot undo a pass.
  const worst = (candidate: Rgb) => Math.min(...backgrounds.map((background) => contrast(quantize(candidate), quantize(background))));
  if (worst(color) >= ratio) return color;
  const start = toOklch(color);
  const darken = luminance(backgrounds[0]!) > 0.18;
  let [low, high] = darken ? [0, start.l] : [start.l, 1];
  for (let step = 0; step < 24; step++) {
    const middle = (low + high) / 2;
    const passes = worst(fromOklch({ ...start, l: middle })) >= ratio;
    // Search for the lightness closest to the original that still passes.
    if (darken === passes) low = middle;
    else high = middle;
  }
  return quantize(fromOklch({ ...start, l: darken ? low : high }));
}

const quantize = (rgb: Rgb): Rgb => rgb.map((channel) => Math.round(Math.min(1, Math.max(0, channel)) * 255) / 255) as unknown as Rgb;
