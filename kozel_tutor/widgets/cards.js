// kozel-tutor card art: one source for every widget that draws cards.
// Cards are SVG in a 100 x 140 box, so they stay crisp at any size.
// Tokens are the canonical notation: rank 6 7 8 9 T J Q K A, suit C S H D ("QC", "TH").
// Corner letters come from the caller (Python sends them: J Q K A or В Д К Т).

const SUIT_PATH = {
  // Drawn for this project in a 20 x 20 box.
  C: "M10 1.2a4.3 4.3 0 0 1 3.9 6.1a4.3 4.3 0 1 1 -1.6 7.3l1.7 4.4h-8l1.7-4.4a4.3 4.3 0 1 1 -1.6-7.3A4.3 4.3 0 0 1 10 1.2z",
  S: "M10 1c3.6 4 9 6.6 9 10.8a4.2 4.2 0 0 1 -7.2 3l1.7 4.2h-7l1.7-4.2a4.2 4.2 0 0 1 -7.2-3C1 7.6 6.4 5 10 1z",
  H: "M10 18.6C5.2 14.4 1 11 1 6.6A4.6 4.6 0 0 1 10 4.7a4.6 4.6 0 0 1 9 1.9c0 4.4-4.2 7.8-9 12z",
  D: "M10 1c2.2 3.3 4.6 6.2 7.4 9c-2.8 2.8-5.2 5.7-7.4 9c-2.2-3.3-4.6-6.2-7.4-9C5.4 7.2 7.8 4.3 10 1z",
};

const TWO_COLOUR = { C: "#1d1d22", S: "#1d1d22", H: "#c8102e", D: "#c8102e" };
const FOUR_COLOUR = { C: "#11803a", S: "#1d1d22", H: "#c8102e", D: "#1560bd" };
const DEFAULT_RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

// Pip centres (x, y) for the number cards, in the 100 x 140 box.
const PIPS = {
  "6": [[32, 32], [68, 32], [32, 70], [68, 70], [32, 108], [68, 108]],
  "7": [[32, 32], [68, 32], [50, 51], [32, 70], [68, 70], [32, 108], [68, 108]],
  "8": [[32, 32], [68, 32], [50, 51], [32, 70], [68, 70], [50, 89], [32, 108], [68, 108]],
  "9": [[32, 30], [68, 30], [32, 57], [68, 57], [50, 70], [32, 83], [68, 83], [32, 110], [68, 110]],
  T: [[32, 30], [68, 30], [50, 44], [32, 57], [68, 57], [32, 83], [68, 83], [50, 96], [32, 110], [68, 110]],
};

// Emblems of the court cards, drawn for this project (a crown, a tiara, a feathered cap).
const COURT = {
  K: '<path d="M30 62 L34 40 L42 52 L50 34 L58 52 L66 40 L70 62 Z" fill="#e2b53e" stroke="#7a5a12" stroke-width="1.6" stroke-linejoin="round"/>' +
     '<rect x="30" y="62" width="40" height="7" rx="2" fill="#c8962a" stroke="#7a5a12" stroke-width="1.4"/>' +
     '<circle cx="50" cy="34" r="3" fill="#c8102e"/><circle cx="34" cy="40" r="2.4" fill="#1560bd"/><circle cx="66" cy="40" r="2.4" fill="#1560bd"/>',
  Q: '<path d="M32 64 Q50 30 68 64 Z" fill="#f3d57a" stroke="#7a5a12" stroke-width="1.6"/>' +
     '<path d="M36 64 Q50 44 64 64" fill="none" stroke="#7a5a12" stroke-width="1.2"/>' +
     '<circle cx="50" cy="40" r="4" fill="#c8102e" stroke="#7a5a12" stroke-width="1"/>' +
     '<circle cx="40" cy="52" r="2" fill="#fff"/><circle cx="60" cy="52" r="2" fill="#fff"/>' +
     '<rect x="32" y="64" width="36" height="5" rx="2" fill="#c8962a"/>',
  J: '<path d="M30 66 Q32 48 50 46 Q66 46 70 66 Z" fill="#5b7fbf" stroke="#24406e" stroke-width="1.6"/>' +
     '<path d="M58 47 Q72 30 80 28 Q72 40 62 50 Z" fill="#e2b53e" stroke="#7a5a12" stroke-width="1.2"/>' +
     '<rect x="28" y="64" width="44" height="6" rx="3" fill="#24406e"/>',
};

let uid = 0;

function suitColour(suit, fourColour) {
  return (fourColour ? FOUR_COLOUR : TWO_COLOUR)[suit] || "#1d1d22";
}

function pip(suit, x, y, size, colour, flip) {
  const s = size / 20;
  const rot = flip ? ` rotate(180 ${x} ${y})` : "";
  return `<path d="${SUIT_PATH[suit]}" fill="${colour}" transform="${rot} translate(${x - size / 2} ${y - size / 2}) scale(${s})"/>`;
}

function corner(rankText, suit, colour) {
  const narrow = rankText.length > 1;
  return `<text x="${narrow ? 12 : 11}" y="25" text-anchor="middle" font-family="system-ui, 'DejaVu Sans', sans-serif" ` +
    `font-weight="700" font-size="${narrow ? 19 : 23}" letter-spacing="${narrow ? -1.5 : 0}" fill="${colour}">${rankText}</text>` +
    pip(suit, 11, 37, 13, colour, false);
}

function escapeText(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The accessible name of a card: Python's full name in the UI language ("дама пик"), from the
 *  widget's names.cards map (opts.names); the bare token only until the names arrive. */
export function cardName(token, opts = {}) {
  return (opts.names && opts.names[token]) || token;
}

/** SVG markup of one card face, e.g. cardSVG("QC", {ranks: {Q: "Д"}, fourColour: true,
 *  names: {QC: "дама треф"}}). The names map gives the card its spoken name (its <desc>). */
export function cardSVG(token, opts = {}) {
  const rank = token.slice(0, -1);
  const suit = token.slice(-1);
  const ranks = Object.assign({}, DEFAULT_RANKS, opts.ranks || {});
  const colour = suitColour(suit, opts.fourColour);
  const rankText = ranks[rank] || rank;
  const id = `kzc${uid++}`;
  let body = "";
  if (PIPS[rank]) {
    for (const [x, y] of PIPS[rank]) body += pip(suit, x, y, 19, colour, y > 72);
  } else if (rank === "A") {
    body += `<circle cx="50" cy="70" r="27" fill="none" stroke="${colour}" stroke-opacity="0.25" stroke-width="2"/>`;
    body += pip(suit, 50, 70, 40, colour, false);
  } else if (COURT[rank]) {
    body += `<rect x="22" y="22" width="56" height="96" rx="6" fill="${colour}" fill-opacity="0.07" stroke="${colour}" stroke-opacity="0.55" stroke-width="1.4"/>`;
    body += COURT[rank];
    body += pip(suit, 50, 90, 26, colour, false);
    body += `<text x="50" y="114" text-anchor="middle" font-family="system-ui, 'DejaVu Sans', sans-serif" font-weight="700" font-size="11" fill="${colour}" fill-opacity="0.8">${rankText}</text>`;
  }
  const title = opts.title ? `<title>${opts.title}</title>` : "";
  return `<svg class="kz-card-svg" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${id}">` +
    `<desc id="${id}">${escapeText(cardName(token, opts))}</desc>${title}` +
    `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#b9b2a3" stroke-width="1.5"/>` +
    corner(rankText, suit, colour) +
    `<g transform="rotate(180 50 70)">${corner(rankText, suit, colour)}</g>` +
    body + `</svg>`;
}

/** A small coloured suit symbol (buttons, badges); opts.name (Python's suit name) makes it an
 *  image with that name, else it is hidden from screen readers. */
export function suitSVG(suit, opts = {}) {
  const colour = opts.colour || suitColour(suit, opts.fourColour);
  const a11y = opts.name ? `role="img" aria-label="${escapeText(opts.name).replace(/"/g, "&quot;")}"` : 'aria-hidden="true"';
  return `<svg class="kz-suit-svg" viewBox="0 0 20 20" xmlns="http://www.w3.org/2000/svg" ${a11y}><path d="${SUIT_PATH[suit]}" fill="${colour}"/></svg>`;
}

/** A card element: <div class="kz-card" data-card="QC">. Faces get the SVG; backs a pattern. */
export function cardElement(token, opts = {}) {
  const el = document.createElement("div");
  el.className = "kz-card";
  if (token) {
    el.dataset.card = token;
    el.innerHTML = cardSVG(token, opts);
    if (opts.trump) el.classList.add("kz-trump");
  } else {
    el.classList.add("kz-back");
    el.innerHTML = '<div class="kz-back-inner"></div>';
  }
  return el;
}

/** A short tone through WebAudio ("card", "trick", "illegal", "win", "lose"). */
let audioCtx = null;
export function playSound(name) {
  try {
    audioCtx = audioCtx || new (window.AudioContext || window.webkitAudioContext)();
    const tones = {
      card: [[520, 0.05]], trick: [[660, 0.07], [880, 0.09]], illegal: [[180, 0.14]],
      win: [[523, 0.1], [659, 0.1], [784, 0.18]], lose: [[392, 0.12], [311, 0.2]],
    }[name] || [[440, 0.05]];
    let t = audioCtx.currentTime;
    for (const [freq, dur] of tones) {
      const osc = audioCtx.createOscillator();
      const gain = audioCtx.createGain();
      osc.type = name === "illegal" ? "square" : "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.12, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + dur);
      osc.connect(gain).connect(audioCtx.destination);
      osc.start(t);
      osc.stop(t + dur + 0.02);
      t += dur;
    }
  } catch (e) {
    // No audio device: stay silent.
  }
}
