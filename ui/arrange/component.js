// The card-arranging component (ui/arrange/component.py): 13 cards set into three chi in the browser.
// Tap a card, then a chi, to place it (or drag it there); tap a placed card to take it back; swap chi; put
// the last cards in the one chi with room; clear. Each chi shows its category as the cards land, and binh
// lủng is flagged before confirming. Only "Confirm" talks to the server: setTriggerValue("confirm",
// {back, middle, front, version, seconds}) (card ids such as "As", "Td"; seconds since the hand was shown).
// The arrangement in progress is kept in sessionStorage (per component key and version), so leaving the
// page or the tab and coming back finds it as it was. An optional timer counts down in the browser; at zero
// the current chi are sent as they are with expired: true (the server decides what stands). While the page says an
// instant win is declared (data.declare: its hint), Confirm sends at once, cards placed or not, with declare: true.
//
// The hand values follow maubinh/hands.py: one integer key per chi, category << 20 then five 4-bit
// tie-break ranks (missing kickers 0); A-2-3-4-5 tops at 5 ("lowest") or 14 with 10-J-Q-K-A at 15
// ("second"); the order rule of maubinh/arrangement.py: back >= middle >= front (strict: >).

const SIZES = { back: 5, middle: 5, front: 3 };
const REPORT_MS = 800; // a room's placed cards are sent this long after the last move (one round trip per pause)
const ORDER = ["back", "middle", "front"];
const CAT = { MAU_THAU: 0, DOI: 1, THU: 2, SAM_CO: 3, SANH: 4, THUNG: 5, CU_LU: 6, TU_QUY: 7, THUNG_PHA_SANH: 8 };
const SHAPES = { "1,1,1,1,1": 0, "2,1,1,1": 1, "2,2,1": 2, "3,1,1": 3, "3,2": 6, "4,1": 7 };

function keyOf(category, order) {
  let key = category;
  for (let i = 0; i < 5; i++) key = key * 16 + (i < order.length ? order[i] : 0);
  return key;
}

export function evaluate(cards, wheel) {
  const counts = new Map();
  for (const c of cards) counts.set(c.rank, (counts.get(c.rank) || 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => (b[1] - a[1]) || (b[0] - a[0]));
  const order = groups.map((g) => g[0]);
  const shape = groups.map((g) => g[1]).join(",");
  if (cards.length === 3) {
    const category = shape === "3" ? CAT.SAM_CO : shape === "2,1" ? CAT.DOI : CAT.MAU_THAU;
    return { key: keyOf(category, order), category, ranks: order };
  }
  const flush = new Set(cards.map((c) => c.suit)).size === 1;
  const distinct = [...counts.keys()].sort((a, b) => b - a);
  let top = 0;
  let isWheel = false;
  if (distinct.length === 5) {
    if (distinct[0] - distinct[4] === 4) {
      top = distinct[0];
      if (top === 14) top = wheel === "second" ? 15 : 14;
    } else if (distinct.join(",") === "14,5,4,3,2") {
      top = wheel === "second" ? 14 : 5;
      isWheel = true;
    }
  }
  if (top) {
    const category = flush ? CAT.THUNG_PHA_SANH : CAT.SANH;
    return { key: keyOf(category, [top]), category, ranks: [isWheel ? 5 : Math.min(top, 14)], isWheel };
  }
  const category = flush ? CAT.THUNG : SHAPES[shape];
  return { key: keyOf(category, order), category, ranks: order };
}

function inOrder(strong, weak, strict) {
  return strict ? strong.key > weak.key : strong.key >= weak.key;
}

// The first pair of complete chi out of order (back/middle, middle/front, then back/front), or null.
export function foulOf(values, strict) {
  for (const [a, b] of [["back", "middle"], ["middle", "front"], ["back", "front"]]) {
    if (values[a] && values[b] && !inOrder(values[a], values[b], strict)) return [a, b];
  }
  return null;
}

function rankLabel(rank) {
  return rank === 10 ? "10" : rank === 11 ? "J" : rank === 12 ? "Q" : rank === 13 ? "K" : rank === 14 ? "A" : String(rank);
}

const MADE = { 1: 1, 2: 2, 3: 1, 6: 2, 7: 1 };

function describe(value, names) {
  const name = names[value.category];
  if (value.category === CAT.SANH || value.category === CAT.THUNG_PHA_SANH) {
    const top = value.ranks[0];
    return `${name}: ${value.isWheel ? "A" : rankLabel(top - 4)}-${rankLabel(top)}`;
  }
  const made = MADE[value.category] || 0;
  const main = value.ranks.slice(0, made).map(rankLabel).join(" ");
  const rest = value.ranks.slice(made).map(rankLabel).join(" ");
  return `${name}: ${[main, rest].filter(Boolean).join(" · ")}`;
}

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardButton(card, extraClass) {
  const button = el("button", `mb-card ${card.red ? "mb-red" : "mb-black"} ${extraClass || ""}`);
  button.type = "button";
  button.dataset.card = card.id;
  button.setAttribute("aria-label", card.label + card.glyph);
  button.appendChild(el("span", "mb-rank", card.label));
  button.appendChild(el("span", "mb-suit", card.glyph));
  return button;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
}

const STORE = "mb-arrange:";

function loadDraft(name, byId) {
  try {
    const draft = JSON.parse(window.sessionStorage.getItem(STORE + name) || "null");
    if (!draft || !draft.chi) return null;
    const seen = new Set();
    for (const p of ORDER) {
      const ids = draft.chi[p];
      if (!Array.isArray(ids) || ids.length > SIZES[p]) return null;
      for (const id of ids) {
        if (!byId.has(id) || seen.has(id)) return null;
        seen.add(id);
      }
    }
    return draft;
  } catch (error) {
    return null;
  }
}

function saveDraft(name, state) {
  try {
    window.sessionStorage.setItem(STORE + name, JSON.stringify({ chi: state.chi, startedAt: state.startedAt }));
  } catch (error) {
    // storage full or forbidden: the arrangement is simply not kept
  }
}

function dropDraft(name) {
  try {
    window.sessionStorage.removeItem(STORE + name);
  } catch (error) {
    // nothing kept
  }
}

function clock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

// What "Confirm" does and says: usable once every card is placed, or at once while an instant win is declared (its
// split is not played: issue 36, the learner no longer places 13 cards to declare), never while disabled or sent;
// the status line's words (a key of labels, or "declare": the page's hint) and class, the button's words.
export function confirmState(inHand, foul, declaring, disabled) {
  if (declaring) return { enabled: !disabled, status: "declare", css: "mb-ok", label: "confirm" };
  if (foul) return { enabled: !disabled && inHand === 0, status: "foul", css: "mb-foul", label: "confirm_foul" };
  if (inHand === 0) return { enabled: !disabled, status: "ready", css: "mb-ok", label: "confirm" };
  return { enabled: false, status: null, css: "", label: "confirm" };
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (!data || !Array.isArray(data.cards)) return undefined;
  let root = parentElement.querySelector(".mb-arrange");
  if (!root) {
    const box = el("div", "mb-arrange-box");  // the container whose width decides the layout (component.css)
    root = el("div", "mb-arrange");
    box.appendChild(root);
    parentElement.appendChild(box);
  }
  const byId = new Map(data.cards.map((c) => [c.id, c]));
  const draftName = data.storage || data.version;
  if (root.dataset.version !== data.version) {
    root.dataset.version = data.version;
    const initial = data.initial || {};
    const draft = loadDraft(draftName, byId);
    const chi = draft ? draft.chi : initial;
    root._state = {
      chi: { back: [...(chi.back || [])], middle: [...(chi.middle || [])], front: [...(chi.front || [])] },
      selected: null,
      sent: false,
      startedAt: draft && draft.startedAt ? draft.startedAt : Date.now(),
    };
  }
  const state = root._state;
  // The server's count is the one that stands (it starts when the timer is first shown for this deal): set the
  // end on every drawing, so a timer switched on in the middle of a deal runs from its full limit, not from null.
  state.endAt = data.timer ? Date.now() + Math.max(0, data.timer.remaining_ms) : null;
  if (root.dataset.attempt !== String(data.attempt)) {
    root.dataset.attempt = String(data.attempt);
    state.sent = false; // the page ran after a Confirm and still shows the cards: they can be sent again
  }
  const labels = data.labels;
  if (root._tick) window.clearInterval(root._tick);
  root._tick = null;

  function placed() {
    return new Set([...state.chi.back, ...state.chi.middle, ...state.chi.front]);
  }

  function values() {
    const found = {};
    for (const p of ORDER) {
      if (state.chi[p].length === SIZES[p]) found[p] = evaluate(state.chi[p].map((id) => byId.get(id)), data.wheel);
    }
    return found;
  }

  function changed() {
    saveDraft(draftName, state);
    if (data.report_placed) reportLater();
    render();
  }

  // With report_placed (a room, issue 34): the chi as they stand go to the server a moment after the last move
  // (setTriggerValue("placed", {back, middle, front, version})), so another device or server finds them.
  function reportLater() {
    if (root._report) window.clearTimeout(root._report);
    root._report = window.setTimeout(() => {
      root._report = null;
      if (!state.sent) {
        setTriggerValue("placed", { back: [...state.chi.back], middle: [...state.chi.middle],
          front: [...state.chi.front], version: data.version });
      }
    }, REPORT_MS);
  }

  function moveTo(id, position) {
    if (!byId.has(id)) return;
    const from = ORDER.find((p) => state.chi[p].includes(id));
    if (from === position) return;
    if (position !== null && state.chi[position].length >= SIZES[position]) return;
    if (from) state.chi[from] = state.chi[from].filter((x) => x !== id);
    if (position !== null) state.chi[position].push(id);
    state.selected = null;
    changed();
  }

  function place(position) {
    if (state.selected !== null) moveTo(state.selected, position);
  }

  function send(extra) {
    if (state.sent) return;
    state.sent = true;
    if (root._report) window.clearTimeout(root._report);
    dropDraft(draftName);
    if (root._tick) window.clearInterval(root._tick);
    render();
    setTriggerValue("confirm", { back: [...state.chi.back], middle: [...state.chi.middle], front: [...state.chi.front],
      version: data.version, seconds: Math.round((Date.now() - state.startedAt) / 100) / 10, ...extra });
  }

  function dropTarget(node, position) {
    node.addEventListener("dragover", (event) => {
      if (!state.sent && !data.disabled) event.preventDefault();
    });
    node.addEventListener("drop", (event) => {
      event.preventDefault();
      moveTo(event.dataTransfer.getData("text/plain"), position);
    });
  }

  function draggable(button, id) {
    button.draggable = !(data.disabled || state.sent);
    button.addEventListener("dragstart", (event) => {
      event.dataTransfer.setData("text/plain", id);
      event.dataTransfer.effectAllowed = "move";
    });
  }

  function render() {
    root.replaceChildren();
    const complete = values();
    const foul = foulOf(complete, data.strict);
    const inHand = data.cards.filter((c) => !placed().has(c.id));
    const disabled = Boolean(data.disabled) || state.sent;

    if (data.timer) {
      const timer = el("div", "mb-timer");
      timer.appendChild(el("span", "mb-clock", `${labels.time_left} ${clock(state.endAt - Date.now())}`));
      timer.appendChild(el("span", "mb-timer-rule", labels.timer_rule));
      root.appendChild(timer);
    }

    for (const position of ORDER) {
      const row = el("div", `mb-chi mb-chi-${position}`);
      row.dataset.chi = position;
      dropTarget(row, position);
      if (foul && foul.includes(position)) row.classList.add("mb-bad");
      if (state.selected !== null && state.chi[position].length < SIZES[position]) row.classList.add("mb-target");
      const head = el("button", "mb-chi-head");
      head.type = "button";
      head.dataset.place = position;
      head.disabled = disabled;
      const count = state.chi[position].length;
      head.appendChild(el("span", "mb-chi-name", labels.positions[position]));
      const note = count === SIZES[position] ? describe(complete[position], labels.categories)
        : fill(labels.count, { n: count, size: SIZES[position] });
      head.appendChild(el("span", "mb-chi-note", note));
      head.addEventListener("click", () => place(position));
      row.appendChild(head);
      const slots = el("div", "mb-slots");
      for (let i = 0; i < SIZES[position]; i++) {
        const id = state.chi[position][i];
        if (id === undefined) {
          const empty = el("button", "mb-slot");
          empty.type = "button";
          empty.disabled = disabled;
          empty.setAttribute("aria-label", labels.positions[position]);
          empty.addEventListener("click", () => place(position));
          slots.appendChild(empty);
        } else {
          const button = cardButton(byId.get(id), "mb-placed");
          button.disabled = disabled;
          button.title = labels.take_back;
          draggable(button, id);
          button.addEventListener("click", () => moveTo(id, null));
          slots.appendChild(button);
        }
      }
      row.appendChild(slots);
      root.appendChild(row);
    }

    const hand = el("div", "mb-hand");
    hand.setAttribute("aria-label", labels.hand);
    dropTarget(hand, null);
    if (inHand.length === 0) hand.appendChild(el("span", "mb-hint", labels.all_placed));
    for (const card of inHand) {
      const button = cardButton(card, state.selected === card.id ? "mb-selected" : "");
      button.disabled = disabled;
      button.setAttribute("aria-pressed", state.selected === card.id ? "true" : "false");
      draggable(button, card.id);
      button.addEventListener("click", () => {
        state.selected = state.selected === card.id ? null : card.id;
        render();
      });
      hand.appendChild(button);
    }
    root.appendChild(hand);

    const declaring = Boolean(data.declare);
    const can = confirmState(inHand.length, Boolean(foul), declaring, disabled);
    const status = el("div", "mb-status");
    status.setAttribute("role", "status");
    if (declaring) {
      status.classList.add("mb-ok", "mb-declaring");
      status.textContent = data.declare;
    } else if (foul) {
      status.classList.add("mb-foul");
      status.textContent = fill(labels.foul, { strong: labels.positions[foul[0]], weak: labels.positions[foul[1]] });
    } else if (inHand.length === 0) {
      status.classList.add("mb-ok");
      status.textContent = labels.ready;
    } else {
      status.textContent = state.selected === null ? labels.pick : labels.choose_chi;
    }
    root.appendChild(status);

    const tools = el("div", "mb-tools");
    const open = ORDER.filter((p) => state.chi[p].length < SIZES[p]);
    if (open.length === 1 && inHand.length === SIZES[open[0]] - state.chi[open[0]].length) {
      const target = open[0];
      const rest = el("button", "mb-tool", fill(labels.rest[String(inHand.length)] || labels.rest["5"],
        { count: inHand.length, position: labels.positions[target] }));
      rest.type = "button";
      rest.dataset.rest = target;
      rest.disabled = disabled;
      rest.addEventListener("click", () => {
        state.chi[target].push(...inHand.map((c) => c.id));
        state.selected = null;
        changed();
      });
      tools.appendChild(rest);
    }
    for (const [a, b] of [["back", "middle"], ["middle", "front"]]) {
      const button = el("button", "mb-tool", fill(labels.swap, { a: labels.positions[a], b: labels.positions[b] }));
      button.type = "button";
      button.dataset.swap = `${a}-${b}`;
      button.disabled = disabled || state.chi[a].length > SIZES[b] || state.chi[b].length > SIZES[a];
      button.addEventListener("click", () => {
        [state.chi[a], state.chi[b]] = [state.chi[b], state.chi[a]];
        changed();
      });
      tools.appendChild(button);
    }
    const clear = el("button", "mb-tool", labels.clear);
    clear.type = "button";
    clear.dataset.clear = "1";
    clear.disabled = disabled || placed().size === 0;
    clear.addEventListener("click", () => {
      state.chi = { back: [], middle: [], front: [] };
      state.selected = null;
      changed();
    });
    tools.appendChild(clear);
    root.appendChild(tools);

    const foulLabel = can.label === "confirm_foul";
    const confirm = el("button", `mb-confirm${foulLabel ? " mb-confirm-foul" : ""}`,
      state.sent ? labels.sent : labels[can.label]);
    confirm.type = "button";
    confirm.dataset.confirm = "1";
    confirm.disabled = !can.enabled;
    confirm.addEventListener("click", () => {
      if (can.enabled) send(declaring ? { declare: true } : {});
    });
    root.appendChild(confirm);
    if (declaring) {  // the hint and "Confirm" above the chi: on a phone's first screen, right under the switch
      const first = root.querySelector(".mb-chi");
      root.insertBefore(status, first);
      root.insertBefore(confirm, first);
    }
  }

  function tick() {
    if (state.sent || !data.timer) return;
    const left = state.endAt - Date.now();
    const shown = root.querySelector(".mb-clock");
    if (shown) shown.textContent = `${labels.time_left} ${clock(left)}`;
    if (left <= 10_000) root.classList.add("mb-hurry");
    if (left <= 0) send({ expired: true });
  }

  render();
  if (data.timer && !state.sent && !data.disabled) {
    root._tick = window.setInterval(tick, 250);
    tick();
  }
  return () => {
    if (root._tick) window.clearInterval(root._tick);
    root._tick = null;
  };
}
