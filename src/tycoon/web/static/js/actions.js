// Legal actions: normalising the structured form, labelling and grouping them.
import { money, squareName, seatLabel } from "./model.js";

const RES = { r: "red", p: "purple", g: "green", y: "yellow" };

/** The seat's legal actions as [{text, word, kind, label, params}] (structured form preferred). */
export function actionsOf(view) {
  let list = Array.isArray(view.actions) ? view.actions : null;
  if (!list) list = (view.legal_actions || []).map((t) => ({ text: t }));
  return list.map((a) => {
    const text = String(a.text ?? "");
    return { ...a, text, word: text.split(" ")[0], kind: a.kind ?? text.split(" ")[0], params: a.params || {} };
  });
}

export function chipsText(t) {
  return String(t).split(",").map((p) => {
    const m = /^(\d+)([a-z])$/.exec(p);
    return m ? `${m[1]} ${RES[m[2]] || m[2]}` : p;
  }).join(", ");
}

function items(board, t) {
  if (t === "-") return "nothing";
  return t.split(",").map((p) => {
    if (/^\d+$/.test(p)) return squareName(board, Number(p));
    if (/^\d+[a-z]$/.test(p)) return chipsText(p);
    return `card ${p}`;
  }).join(", ");
}

/** A readable label for an action text (the server's label wins when it gives one). */
export function labelOf(a, board, view) {
  const t = a.text.split(" ");
  const w = t[0];
  const sq = (i) => squareName(board, Number(t[i]));
  switch (w) {
    case "roll": return t.length > 1 ? `Roll ${t.slice(1).join("+")}` : "Roll the dice";
    case "buy": return "Buy";
    case "auction": return "Send to auction";
    case "bid": return `Bid ${money(board, Number(t[1]))}`;
    case "pass": return "Pass";
    case "veto": return "Veto";
    case "end-turn": return "End turn";
    case "build": return `Build on ${sq(1)}`;
    case "build-hotel": return `Hotel on ${sq(1)}`;
    case "sell-building": return `Sell a building on ${sq(1)}`;
    case "mortgage": return `Mortgage ${sq(1)}`;
    case "unmortgage": return `Lift the mortgage on ${sq(1)}`;
    case "keep-mortgaged": return `Keep ${sq(1)} mortgaged`;
    case "claim": return `Claim rent from ${seatLabel(view, Number(t[1]))}`;
    case "call-out": return `Call out ${seatLabel(view, Number(t[1]))}`;
    case "serve": return "Serve the jail turn";
    case "pay-fine": return "Pay the fine";
    case "use-card": return "Use the card";
    case "pay": return "Pay";
    case "draw": return "Draw a card";
    case "accept": return "Accept";
    case "reject": return "Reject";
    case "bankrupt": return "Declare bankruptcy";
    case "mark": return `Mark ${sq(1)}`;
    case "go": return `Go to ${sq(1)}`;
    case "put-up": return `Put up ${sq(1)} for auction`;
    case "cross": return "Cross the bridge";
    case "want": return `Want ${t[1]}`;
    case "block": return `Block on ${t[1]}`;
    case "discard": return `Discard ${chipsText(t[1])}`;
    case "take": return `Take ${RES[t[1]] || t[1]}`;
    case "steal": return `Steal ${RES[t[2]] || t[2]} from ${seatLabel(view, Number(t[1]))}`;
    case "exchange": return `Exchange ${chipsText(t[1])} for ${RES[t[3]] || t[3]}`;
    case "bank-trade": return `Trade 4 ${RES[t[1]] || t[1]} for 1 ${RES[t[3]] || t[3]}`;
    case "floor": return `Floor on cell ${t[1]}, pay ${chipsText(t[3])}`;
    case "force": return `Force ${seatLabel(view, Number(t[1]))}: take ${RES[t[3]] || t[3]}, give ${RES[t[5]] || t[5]}`;
    case "pay-with": return `Pay with ${items(board, t[1])} (${money(board, Number(t[3]))})`;
    case "sell-deed": return `Offer ${items(board, t[1])} to ${seatLabel(view, Number(t[3]))} for ${money(board, Number(t[5]))}`;
    case "sell-card": return `Offer card ${t[1]} to ${seatLabel(view, Number(t[3]))} for ${money(board, Number(t[5]))}`;
    case "trade": {
      const cash = Number(t[7]);
      const c = cash > 0 ? `, you pay ${money(board, cash)}` : cash < 0 ? `, they pay ${money(board, -cash)}` : "";
      return `Offer ${seatLabel(view, Number(t[1]))}: give ${items(board, t[3])}, get ${items(board, t[5])}${c}`;
    }
    default: {
      // a word this client does not know: the server's one-line label
      const l = a.label ? String(a.label) : a.text;
      return l[0].toUpperCase() + l.slice(1);
    }
  }
}

// How the actions panel groups words.
export const PRIMARY = new Set(["roll", "buy", "auction", "pass", "veto", "end-turn", "serve", "pay-fine", "use-card", "pay", "draw", "accept", "reject", "cross", "bankrupt"]);
export const TRADE_WORDS = new Set(["trade", "sell-deed", "sell-card"]);
export const GROUP_TITLES = {
  build: "Build", "build-hotel": "Hotels", "sell-building": "Sell buildings", mortgage: "Mortgage",
  unmortgage: "Lift mortgages", "keep-mortgaged": "Keep mortgaged", claim: "Claim rent",
  "call-out": "Call out", mark: "Mark a wonder", go: "Move to", "put-up": "Forced auction",
  want: "How many do you want", block: "Place a block", discard: "Discard", take: "Take a chip",
  steal: "Steal", exchange: "Exchange", "bank-trade": "Bank trade", floor: "Build a floor",
  force: "Forced trade", "pay-with": "Pay in property", bid: "Bid",
};

/** Order in which the primary buttons appear (the most expected first). */
export const PRIMARY_ORDER = ["roll", "buy", "pay", "accept", "pay-fine", "use-card", "serve", "draw", "cross", "auction", "veto", "pass", "reject", "end-turn", "bankrupt"];
