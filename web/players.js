// c4's page: who plays each side: the mode, the computer menus built from /api/players
// (levels and a custom algorithm, evaluator, depth and time) and the spec each one gives.
import { $, state } from "./state.js";
import { isStandard } from "./size.js";

export const mode = () => $("mode").value;
export const humanSide = () => document.querySelector('input[name="human-side"]:checked').value;
export const sideName = (side) => (side === "red" ? "Red" : "Yellow");
export const sideToMove = (moves) => (moves.length % 2 === 0 ? "red" : "yellow");

/** "human", or the player spec of the computer playing `side`. */
export function controllerOf(side) {
  const m = mode();
  if (m === "human-human" || (m === "human-ai" && side === humanSide())) {
    return "human";
  }
  return specOf(side);
}

export function describeSide(side) {
  const controller = controllerOf(side);
  if (controller === "human") {
    return mode() === "human-ai" ? "You" : sideName(side);
  }
  return `${sideName(side)} (${shortSpec(controller)})`;
}

export const shortSpec = (spec) => (spec.length > 28 ? `${spec.slice(0, 27)}…` : spec);

export function buildPlayerMenu(side) {
  const registry = state.registry;
  const box = $(`player-${side}`);
  box.replaceChildren();
  const id = (name) => `${side}-${name}`;

  const label = document.createElement("label");
  label.htmlFor = id("level");
  label.textContent = `${sideName(side)} computer`;
  const select = document.createElement("select");
  select.id = id("level");
  for (const level of registry.levels) {
    const above = level.measured_above;
    // Short enough for the menu's width; the description below says the rest.
    const tie = above && above.inside_intervals ? ` ≈ ${above.level}` : "";
    const elo = level.measured ? ` (Elo ${signed(level.measured.elo)}${tie})` : "";
    select.append(new Option(`${level.name}${elo}`, level.name));
  }
  select.append(new Option("custom…", "custom"));
  select.value = registry.default_level;

  const description = document.createElement("p");
  description.className = "description";
  description.id = id("description");
  select.setAttribute("aria-describedby", description.id);

  const custom = document.createElement("div");
  custom.className = "custom";
  custom.hidden = true;
  const algorithm = labelled(custom, id("algorithm"), "Algorithm", document.createElement("select"));
  for (const entry of registry.algorithms) {
    algorithm.append(new Option(entry.name, entry.name));
  }
  algorithm.value = "alphabeta";
  const evaluator = labelled(custom, id("eval"), "Evaluator", document.createElement("select"));
  for (const entry of registry.evaluators) {
    evaluator.append(new Option(entry.name, entry.name));
  }
  evaluator.value = "threats";
  const depth = labelled(custom, id("depth"), "Depth (plies)", numberInput(1, 42, 6));
  const time = labelled(custom, id("time"), "Time (ms)", numberInput(1, 600000, ""));
  time.placeholder = "none";

  const update = () => {
    custom.hidden = select.value !== "custom";
    const entry = registry.algorithms.find((a) => a.name === algorithm.value);
    const keys = new Set(entry.options.map((o) => o.key));
    evaluator.parentElement.hidden = !entry.uses_evaluator;
    depth.parentElement.hidden = !keys.has("depth");
    time.parentElement.hidden = !keys.has("time");
    if (select.value === "custom") {
      description.textContent = `${entry.summary}. Spec: ${specOf(side)}`;
    } else {
      const level = registry.levels.find((l) => l.name === select.value);
      // What it does on the board in use: without the built-in book off 7x6.
      const does = isStandard(state.size) ? level.description : level.description_elsewhere;
      description.textContent = `${does}. ${measuredText(level.measured)}${strengthNote(level)}Spec: ${level.spec}`;
    }
  };
  for (const input of [select, algorithm, evaluator, depth, time]) {
    input.addEventListener("change", update);
  }
  box.append(label, select, description, custom);
  update();
}

// A level's measured figures in words (the ladder experiment's), or nothing if not measured.
function measuredText(measured) {
  if (!measured) return "";
  const elo = `${signed(measured.elo)} ± ${Math.round(measured.elo_95)}`;
  return `Measured: Elo ${elo}, ${measured.mistakes_pct.toFixed(1)}% mistakes on the reference sets. `;
}

// Why a level reads weaker than one listed before it, or nothing.
const strengthNote = (level) => (level.strength_note ? `${level.strength_note}. ` : "");

function signed(x) {
  const rounded = Math.round(x);
  return rounded > 0 ? `+${rounded}` : `${rounded}`;
}

export function labelled(parent, id, text, input) {
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = text;
  input.id = id;
  label.append(input);
  parent.append(label);
  return input;
}

export function numberInput(min, max, value) {
  const input = document.createElement("input");
  input.type = "number";
  input.min = String(min);
  input.max = String(max);
  input.value = String(value);
  return input;
}

/** The spec of the computer playing `side`, from its menu. */
export function specOf(side) {
  const level = $(`${side}-level`).value;
  if (level !== "custom") {
    return level;
  }
  const name = $(`${side}-algorithm`).value;
  const entry = state.registry.algorithms.find((a) => a.name === name);
  const keys = new Set(entry.options.map((o) => o.key));
  const options = [];
  const depth = $(`${side}-depth`).value.trim();
  const time = $(`${side}-time`).value.trim();
  if (keys.has("depth") && depth) options.push(`depth=${depth}`);
  if (keys.has("time") && time) options.push(`time=${time}`);
  if (entry.uses_evaluator) options.push(`eval=${$(`${side}-eval`).value}`);
  return options.length ? `${name}:${options.join(",")}` : name;
}

export function updateSetupVisibility() {
  const m = mode();
  $("first-field").hidden = m !== "human-ai";
  $("speed-field").hidden = m !== "ai-ai";
  for (const side of ["red", "yellow"]) {
    $(`player-${side}`).hidden = controllerOf(side) === "human";
  }
}
