// CSS colours as numbers, for contrast checks (WCAG 2.x relative luminance and contrast ratio).
// Parses what the theme whitelist accepts: hex, rgb()/rgba(), hsl()/hsla(), hwb(), lab(), lch(),
// oklab(), oklch() and the CSS named colours. Client-safe, no dependencies.

/** sRGB channels 0–1 (gamma-encoded) and alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

// The CSS Color 4 named colours (plus transparent), as 6-digit hex.
const NAMED = Object.fromEntries(
  (
    "aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc bisque:ffe4c4 " +
    "black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a burlywood:deb887 cadetblue:5f9ea0 " +
    "chartreuse:7fff00 chocolate:d2691e coral:ff7f50 cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff " +
    "darkblue:00008b darkcyan:008b8b darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 " +
    "darkkhaki:bdb76b darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000 " +
    "darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f darkslategrey:2f4f4f " +
    "darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff dimgray:696969 dimgrey:696969 " +
    "dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 forestgreen:228b22 fuchsia:ff00ff gainsboro:dcdcdc " +
    "ghostwhite:f8f8ff gold:ffd700 goldenrod:daa520 gray:808080 green:008000 greenyellow:adff2f grey:808080 " +
    "honeydew:f0fff0 hotpink:ff69b4 indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa " +
    "lavenderblush:fff0f5 lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 lightcyan:e0ffff " +
    "lightgoldenrodyellow:fafad2 lightgray:d3d3d3 lightgreen:90ee90 lightgrey:d3d3d3 lightpink:ffb6c1 " +
    "lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa lightslategray:778899 lightslategrey:778899 " +
    "lightsteelblue:b0c4de lightyellow:ffffe0 lime:00ff00 limegreen:32cd32 linen:faf0e6 magenta:ff00ff maroon:800000 " +
    "mediumaquamarine:66cdaa mediumblue:0000cd mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 " +
    "mediumslateblue:7b68ee mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585 " +
    "midnightblue:191970 mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead navy:000080 " +
    "oldlace:fdf5e6 olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 orchid:da70d6 " +
    "palegoldenrod:eee8aa palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 papayawhip:ffefd5 " +
    "peachpuff:ffdab9 peru:cd853f pink:ffc0cb plum:dda0dd powderblue:b0e0e6 purple:800080 rebeccapurple:663399 " +
    "red:ff0000 rosybrown:bc8f8f royalblue:4169e1 saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 " +
    "seagreen:2e8b57 seashell:fff5ee sienna:a0522d silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd slategray:708090 " +
    "slategrey:708090 snow:fffafa springgreen:00ff7f steelblue:4682b4 tan:d2b48c teal:008080 thistle:d8bfd8 " +
    "tomato:ff6347 turquoise:40e0d0 violet:ee82ee wheat:f5deb3 white:ffffff whitesmoke:f5f5f5 yellow:ffff00 " +
    "yellowgreen:9acd32 transparent:00000000"
  )
    .split(" ")
    .map((pair) => pair.split(":") as [string, string]),
);

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function fromHex(hex: string): Rgba | null {
  let h = hex.replace(/^#/, "");
  if (!/^(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(h)) return null;
  if (h.length <= 4) h = [...h].map((c) => c + c).join("");
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16) / 255;
  return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) : 1 };
}

interface Num {
  value: number;
  unit: string;
}

function parseNumber(token: string): Num | null {
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(%|deg|turn|rad)?$/i.exec(token);
  return m ? { value: Number(m[1]), unit: (m[2] ?? "").toLowerCase() } : null;
}

/** A hue in degrees. */
function hue(n: Num): number {
  const deg = n.unit === "turn" ? n.value * 360 : n.unit === "rad" ? (n.value * 180) / Math.PI : n.value;
  return ((deg % 360) + 360) % 360;
}

/** A number or percentage where 100% means `full`. */
const scaled = (n: Num, full: number) => (n.unit === "%" ? (n.value / 100) * full : n.value);

function alphaOf(n: Num | undefined): number {
  return n === undefined ? 1 : clamp01(n.unit === "%" ? n.value / 100 : n.value);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const f = (k: number) => {
    const kk = (k + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return l - a * Math.max(-1, Math.min(kk - 3, 9 - kk, 1));
  };
  return [f(0), f(8), f(4)];
}

const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055);
const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));

function linearToRgba(lr: number, lg: number, lb: number, a: number): Rgba {
  return { r: clamp01(toGamma(lr)), g: clamp01(toGamma(lg)), b: clamp01(toGamma(lb)), a };
}

/** CIE Lab (D50) → linear sRGB, through XYZ and the Bradford D50→D65 adaptation. */
function labToLinear(L: number, A: number, B: number): [number, number, number] {
  const fy = (L + 16) / 116;
  const fx = fy + A / 500;
  const fz = fy - B / 200;
  const e = 216 / 24389;
  const k = 24389 / 27;
  const xr = fx ** 3 > e ? fx ** 3 : (116 * fx - 16) / k;
  const yr = L > k * e ? fy ** 3 : L / k;
  const zr = fz ** 3 > e ? fz ** 3 : (116 * fz - 16) / k;
  const [X, Y, Z] = [xr * 0.3457 / 0.3585, yr, zr * (1 - 0.3457 - 0.3585) / 0.3585];
  const x65 = 0.9554734527042182 * X - 0.023098536874261423 * Y + 0.0632593086610217 * Z;
  const y65 = -0.028369706963208136 * X + 1.0099954580058226 * Y + 0.021041398966943008 * Z;
  const z65 = 0.012314001688319899 * X - 0.020507696433477912 * Y + 1.3303659366080753 * Z;
  return [
    3.2409699419045226 * x65 - 1.537383177570094 * y65 - 0.4986107602930034 * z65,
    -0.9692436362808796 * x65 + 1.8759675015077202 * y65 + 0.04155505740717559 * z65,
    0.05563007969699366 * x65 - 0.20397695888897652 * y65 + 1.0569715142428786 * z65,
  ];
}

/** OKLab → linear sRGB. */
function oklabToLinear(L: number, A: number, B: number): [number, number, number] {
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

function fromFunction(name: string, args: Num[], alpha: Num | undefined): Rgba | null {
  const a = alphaOf(alpha);
  const [x, y, z] = args as [Num, Num, Num];
  switch (name) {
    case "rgb":
    case "rgba": {
      const c = (n: Num) => clamp01(n.unit === "%" ? n.value / 100 : n.value / 255);
      return { r: c(x), g: c(y), b: c(z), a };
    }
    case "hsl":
    case "hsla": {
      const [r, g, b] = hslToRgb(hue(x), clamp01(y.value / 100), clamp01(z.value / 100));
      return { r: clamp01(r), g: clamp01(g), b: clamp01(b), a };
    }
    case "hwb": {
      const w = clamp01(y.value / 100);
      const bl = clamp01(z.value / 100);
      if (w + bl >= 1) {
        const grey = w / (w + bl);
        return { r: grey, g: grey, b: grey, a };
      }
      const [r, g, b] = hslToRgb(hue(x), 1, 0.5);
      const f = (c: number) => c * (1 - w - bl) + w;
      return { r: f(r), g: f(g), b: f(b), a };
    }
    case "lab":
      return linearToRgba(...labToLinear(scaled(x, 100), scaled(y, 125), scaled(z, 125)), a);
    case "lch": {
      const C = scaled(y, 150);
      const h = (hue(z) * Math.PI) / 180;
      return linearToRgba(...labToLinear(scaled(x, 100), C * Math.cos(h), C * Math.sin(h)), a);
    }
    case "oklab":
      return linearToRgba(...oklabToLinear(scaled(x, 1), scaled(y, 0.4), scaled(z, 0.4)), a);
    case "oklch": {
      const C = scaled(y, 0.4);
      const h = (hue(z) * Math.PI) / 180;
      return linearToRgba(...oklabToLinear(scaled(x, 1), C * Math.cos(h), C * Math.sin(h)), a);
    }
    default:
      return null;
  }
}

/** The colour a CSS value means, or null when it is not a colour this module knows. */
export function parseCssColor(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (v.startsWith("#")) return fromHex(v);
  const named = NAMED[v];
  if (named) return fromHex(named);
  const m = /^([a-z]+)\(\s*(.*?)\s*\)$/.exec(v);
  if (!m) return null;
  const [, name = "", body = ""] = m;
  // Legacy comma syntax (rgb(1, 2, 3, 0.5)) or modern space syntax with an optional "/ alpha".
  let parts: string[];
  let alphaToken: string | undefined;
  if (body.includes(",")) {
    parts = body.split(/\s*,\s*/);
    if (parts.length === 4) alphaToken = parts.pop();
  } else {
    const [main = "", alpha, ...rest] = body.split(/\s*\/\s*/);
    if (rest.length > 0) return null;
    parts = main.split(/\s+/);
    alphaToken = alpha;
  }
  if (parts.length !== 3) return null;
  const nums = parts.map(parseNumber);
  if (nums.some((n) => n === null)) return null;
  const alpha = alphaToken === undefined ? undefined : parseNumber(alphaToken);
  if (alpha === null) return null;
  return fromFunction(name, nums as Num[], alpha);
}

/** `top` painted over the opaque `bottom`. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a;
  return {
    r: top.r * a + bottom.r * (1 - a),
    g: top.g * a + bottom.g * (1 - a),
    b: top.b * a + bottom.b * (1 - a),
    a: 1,
  };
}

/** WCAG 2.x relative luminance of an opaque colour. */
export function relativeLuminance(c: Rgba): number {
  return 0.2126 * toLinear(c.r) + 0.7152 * toLinear(c.g) + 0.0722 * toLinear(c.b);
}

/** WCAG 2.x contrast ratio (1–21) of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** #rrggbb of an opaque colour, for messages. */
export function toHex(c: Rgba): string {
  const h = (v: number) => Math.round(clamp01(v) * 255).toString(16).padStart(2, "0");
  return `#${h(c.r)}${h(c.g)}${h(c.b)}`;
}
