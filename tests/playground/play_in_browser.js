#!/usr/bin/env node
// End-to-end test of the playground (service/playground/) in headless
// Chromium (Debian's chromium, driven by playwright-core):
//   1. the page's rule options map onto RuleSet fields: for every option of
//      GetCatalog and every value, the RuleSet the page would send gives a
//      NewGame snapshot whose rules hold that value;
//   2. a two-player base game with a fixed seed is played to the end by
//      clicking, as a player would: each drawn tile on the first highlighted
//      cell of the board with the first legal rotation listed; on every other
//      turn a figure on the first spot offered, else a pass; any other
//      decision (none in the base game) by its first button;
//      once, undo after a placement gives the tile phase back with the same
//      tile in hand;
//   3. the page's final scores equal those of a ScoreGame call this script
//      makes itself on the page's final snapshot (copied out of the page),
//      and those the snapshot holds; pasted back in, the snapshot shows the
//      same;
//   4. a screenshot of the final page is saved;
//   5. with --every-expansion: every expansion this build supports (in as few
//      groups as NewGame takes together, with Abbey & Mayor's and Bridges,
//      Castles & Bazaars' modules on) is played to the end by three players,
//      every decision by clicking (a tile on the first highlighted cell with
//      the first rotation; any other decision by one of its buttons, in
//      turn), and the final scores are checked as in 3.
// Exit status 0 when every check holds; 1 with a message otherwise.
//
//   node play_in_browser.js --url http://127.0.0.1:PORT/ --screenshot OUT.png
//        [--seed 2026] [--chromium /usr/bin/chromium] [--every-expansion]
// The URL is the referee's HTTP listener (its --http_port; run_in_browser.sh).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const SERVICE = 'carcassonne.v1.RefereeService/';
const MAX_STEPS = 1000;     // a base game is 71 turns of 2 or 3 clicks
const IDLE_TIMEOUT_MS = 60000;  // generous: no verdict depends on speed

function flag(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

function fail(message) {
  throw new Error(message);
}

// A Connect unary JSON call made by the script itself.
async function call(base, method, request) {
  const response = await fetch(new URL(SERVICE + method, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) fail(`${method}: HTTP ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function waitIdle(page) {
  await page.waitForSelector('body[data-busy="false"]', { timeout: IDLE_TIMEOUT_MS });
  const error = await page.$eval('#error', (box) => (box.hidden ? '' : box.textContent));
  if (error) fail(`the page shows an error: ${error}`);
}

// The rules NewGame's snapshot holds for `rules`: with no expansion, or else
// with the first expansion or pair of expansions (and Abbey & Mayor's
// modules, or the options that must be decided, `decided`) for which NewGame takes them and its snapshot holds
// `field` (an option of an expansion is dropped or refused without it);
// null when none will do.
async function rulesHeld(base, rules, field, expansions, decided) {
  const tries = [[]];
  for (const one of expansions) tries.push([one]);
  for (let i = 0; i < expansions.length; i++) {
    for (let j = i + 1; j < expansions.length; j++) tries.push([expansions[i], expansions[j]]);
  }
  // Some options also need Abbey & Mayor's modules (the Count's mayor and
  // wagon, its barn rounds), or an option decided.
  // The current edition of Inns & Cathedrals has options of its own.
  const companions = [{}, { amMayor: true, amWagon: true, amBarn: true }, decided,
                      { ...decided, icEdition: 2 }];
  for (const [chosen, companion] of tries.flatMap((t) => companions.map((c) => [t, c]))) {
    let answer;
    try {
      answer = await call(base, 'NewGame', {
        playerNames: ['A', 'B'], rules: { ...companion, ...rules, expansions: chosen },
      });
    } catch (error) {
      if (!String(error.message).includes('invalid_argument')) throw error;
      continue;
    }
    const held = (answer.state || {}).rules || {};
    if (field in held) return held;
  }
  return null;
}

// Whether the enum value name `got` (e.g. "RIVER_PARTS_RIVER_I") is the
// option's `value` ("river_i"): it ends with it, or, where the names differ
// ("4_points" is TINY_CITY_POINTS_FOUR), the option's description names it
// between `value` and the next value it mentions.
function namesValue(option, value, got) {
  if (got.toLowerCase().endsWith(`_${value.toLowerCase()}`)) return true;
  const description = option.description || '';
  const start = description.indexOf(value);
  if (start < 0) return false;
  let end = description.length;
  for (const other of option.values || []) {
    const at = other === value ? -1 : description.indexOf(other, start + value.length);
    if (at >= 0 && at < end) end = at;
  }
  return description.slice(start, end).includes(got);
}

// 1. Every option value through the page's mapping and NewGame.
async function checkOptionMapping(page, base) {
  const catalog = await call(base, 'GetCatalog', {});
  // The options whose default is "not_chosen" (one must decide them when
  // their edition is on), each at its first other value.
  const decided = {};
  for (const option of catalog.ruleOptions || []) {
    if (option.defaultValue !== 'not_chosen') continue;
    const value = (option.values || []).find((v) => v !== 'not_chosen');
    const mapped = await page.evaluate(([o, v]) => [window.playground.optionField(o),
      window.playground.optionValue(o, v)], [option, value]);
    decided[mapped[0]] = mapped[1];
  }
  let checked = 0;
  for (const option of catalog.ruleOptions || []) {
    for (const value of option.values || []) {
      const mapped = await page.evaluate(([o, v]) => ({
        field: window.playground.optionField(o),
        value: window.playground.optionValue(o, v),
      }), [option, value]);
      if (mapped.value === null) continue;  // left unset: the default
      const rules = { [mapped.field]: mapped.value };
      const held = await rulesHeld(base, rules, mapped.field, catalog.supportedExpansions || [],
                                   decided);
      // A default may stay unset in every answer (false, for a boolean).
      const got = held ? held[mapped.field] : undefined;
      const holds = got === undefined
        ? value === option.defaultValue
        : typeof mapped.value === 'boolean' || typeof got === 'number'  // a count is a number
          ? got === mapped.value && String(got) === value
          : typeof got === 'string' && namesValue(option, value, got);
      if (!holds) {
        fail(`option ${option.name}=${value}: the page sends ${mapped.field}=` +
             `${JSON.stringify(mapped.value)}, NewGame holds ${JSON.stringify(got)}`);
      }
      checked += 1;
    }
  }
  if (checked === 0) fail('no rule option was checked');
  console.log(`play_in_browser: ${checked} option values map onto their RuleSet fields`);
}

// 2. The game, by clicking.
async function playByClicking(page, seed) {
  await page.selectOption('#player-count', '2');
  await page.fill('#seed', seed);
  await page.click('#new-game');
  await waitIdle(page);
  let turns = 0;
  let figures = 0;
  let undoChecked = false;
  for (let step = 0; step < MAX_STEPS; step++) {
    await waitIdle(page);
    const phase = await page.getAttribute('body', 'data-phase');
    if (phase === 'PHASE_GAME_OVER') return { turns, figures };
    const cell = await page.$('#board rect.highlight[data-kind="placement"]');
    if (cell) {
      const drawn = await page.getAttribute('#drawn-tile', 'data-tile-type');
      await cell.click();
      await waitIdle(page);
      const rotation = await page.$('#rotations button');
      if (!rotation) fail(`turn ${turns}: no rotation offered at the chosen cell`);
      await rotation.click();
      if (turns === 4 && !undoChecked) {
        // Undo once: the tile phase again, with the same tile in hand (the
        // page's history keeps each snapshot with its draw).
        undoChecked = true;
        await waitIdle(page);
        await page.click('#undo');
        await waitIdle(page);
        const phaseAgain = await page.getAttribute('body', 'data-phase');
        const drawnAgain = await page.getAttribute('#drawn-tile', 'data-tile-type');
        if (phaseAgain !== 'PHASE_PLACE_TILE' || drawnAgain !== drawn) {
          fail(`undo: ${phaseAgain} with ${drawnAgain} in hand, not PHASE_PLACE_TILE with ${drawn}`);
        }
        continue;
      }
      turns += 1;
      continue;
    }
    const figure = await page.$('#actions button[data-action-kind="placeFigure"]');
    const pass = await page.$('#actions button[data-action-kind="pass"]');
    // Each player places a figure on every other turn of theirs (turns t = 0,
    // 1, 4, 5, 8, 9, ...: seats 0 and 1 alternate) and passes on the others.
    if (figure && (Math.floor((turns - 1) / 2) % 2 === 0 || !pass)) {
      await figure.click();
      figures += 1;
      continue;
    }
    const other = pass || await page.$('#actions button');
    if (!other) fail(`step ${step} (${phase}): nothing to click`);
    await other.click();
  }
  fail(`no game over after ${MAX_STEPS} steps`);
  return null;
}

// The page's final scores, its final snapshot's, and ScoreGame's on that
// snapshot (called by the script itself): all equal, or a failure.
async function checkFinalScores(page, base, what) {
  const pageScores = await page.$$eval('#scores tbody td.score',
    (cells) => cells.map((cell) => Number(cell.dataset.score)));
  await page.click('#copy-snapshot');
  const snapshot = JSON.parse(await page.inputValue('#snapshot'));
  if (snapshot.phase !== 'PHASE_GAME_OVER') fail(`${what}: the copied snapshot is in ${snapshot.phase}`);
  const bagLeft = ((snapshot.bag || {}).tiles || []).length;
  if (bagLeft !== 0) fail(`${what}: the bag still holds ${bagLeft} tile types`);
  const scored = await call(base, 'ScoreGame', { state: snapshot });
  const finalScores = (scored.finalScores || []).map(Number);
  const snapshotScores = (snapshot.players || []).map((player) => Number(player.score || 0));
  console.log(`play_in_browser: ${what}: page scores ${JSON.stringify(pageScores)}, ScoreGame ` +
              `${JSON.stringify(finalScores)}, snapshot ${JSON.stringify(snapshotScores)}`);
  if (JSON.stringify(pageScores) !== JSON.stringify(finalScores)) {
    fail(`${what}: the page's final scores differ from ScoreGame's`);
  }
  if (JSON.stringify(pageScores) !== JSON.stringify(snapshotScores)) {
    fail(`${what}: the page's final scores differ from its snapshot's`);
  }
  return pageScores;
}

// The modules of Abbey & Mayor and of Bridges, Castles & Bazaars (options
// off by default, on in these games so that their decisions come up), by
// the expansion they belong to.
const MODULES = { am: 'EXPANSION_ABBEY_AND_MAYOR', bc: 'EXPANSION_BRIDGES_CASTLES_AND_BAZAARS' };
function modulesOf(expansions, moduleOptions) {
  return moduleOptions.filter((m) => expansions.includes(MODULES[m.option.name.split('.')[0]]));
}
function modulesRules(expansions, moduleOptions) {
  return Object.fromEntries(modulesOf(expansions, moduleOptions).map((m) => [m.field, true]));
}

// The supported expansions in groups that NewGame takes together (greedily,
// in catalogue order), each with its modules on.
async function expansionGroups(base, catalog, moduleOptions) {
  const groups = [];
  const accepted = async (expansions) => {
    try {
      await call(base, 'NewGame', {
        playerNames: ['A', 'B', 'C'],
        rules: { ...modulesRules(expansions, moduleOptions), expansions },
      });
      return true;
    } catch (error) {
      if (!String(error.message).includes('invalid_argument')) throw error;
      return false;
    }
  };
  for (const expansion of catalog.supportedExpansions || []) {
    let placed = false;
    for (const group of groups) {
      if (await accepted([...group, expansion])) {
        group.push(expansion);
        placed = true;
        break;
      }
    }
    if (placed) continue;
    if (!(await accepted([expansion]))) fail(`NewGame refuses ${expansion} alone`);
    groups.push([expansion]);
  }
  return groups;
}

// 5. Every expansion, by clicking every kind of decision.
async function playEveryExpansion(page, base, seed) {
  const catalog = await call(base, 'GetCatalog', {});
  const moduleOptions = [];
  for (const option of catalog.ruleOptions || []) {
    if (!MODULES[option.name.split('.')[0]] || option.defaultValue !== 'false') continue;
    const field = await page.evaluate((o) => window.playground.optionField(o), option);
    moduleOptions.push({ option, field });
  }
  const groups = await expansionGroups(base, catalog, moduleOptions);
  for (const group of groups) {
    const what = group.map((name) => name.replace('EXPANSION_', '').toLowerCase()).join('+');
    await page.goto(base);
    await waitIdle(page);
    for (const expansion of group) await page.check(`#expansion-${expansion}`);
    await page.click('#options-box summary');
    for (const { option } of modulesOf(group, moduleOptions)) {
      await page.selectOption(`select[data-option="${option.name}"]`, 'true');
    }
    await page.selectOption('#player-count', '3');
    await page.fill('#seed', seed);
    await page.click('#new-game');
    const phases = new Set();
    let finished = false;
    for (let step = 0; step < 4 * MAX_STEPS && !finished; step++) {
      await waitIdle(page);
      const phase = await page.getAttribute('body', 'data-phase');
      phases.add(phase);
      if (phase === 'PHASE_GAME_OVER') {
        finished = true;
        break;
      }
      const cell = await page.$('#board rect.highlight[data-kind="placement"]');
      if (cell) {
        await cell.click();
        await waitIdle(page);
        const rotation = await page.$('#rotations button');
        if (!rotation) fail(`${what}: no rotation offered at the chosen cell`);
        await rotation.click();
        continue;
      }
      const buttons = await page.$$('#actions button');
      if (buttons.length === 0) fail(`${what}: step ${step} (${phase}): nothing to click`);
      await buttons[step % buttons.length].click();
    }
    if (!finished) fail(`${what}: no game over after ${4 * MAX_STEPS} steps`);
    await checkFinalScores(page, base, what);
    console.log(`play_in_browser: ${what}: phases ${[...phases].join(' ')}`);
  }
}

async function main() {
  const base = flag('url', '');
  const screenshot = flag('screenshot', '');
  const seed = flag('seed', '2026');
  if (!base || !screenshot) {
    fail('usage: play_in_browser.js --url http://127.0.0.1:PORT/ --screenshot OUT.png ' +
         '[--seed S] [--chromium PATH]');
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carcassonne-playground-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: flag('chromium', '/usr/bin/chromium'),
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1600, height: 1000 },
  });
  try {
    const page = context.pages()[0] || await context.newPage();
    page.on('pageerror', (error) => console.error(`play_in_browser: page error: ${error}`));
    await page.goto(base);
    await waitIdle(page);
    if (!(await page.$('#expansions input[data-expansion]'))) {
      fail('the set-up form lists no expansion (GetCatalog not read)');
    }

    await checkOptionMapping(page, base);
    const played = await playByClicking(page, seed);

    // 3. The page's final scores against ScoreGame on its own final snapshot.
    const pageScores = await checkFinalScores(page, base, 'base game');
    console.log(`play_in_browser: base game: ${played.turns} tiles placed by clicking, ` +
                `${played.figures} figures`);
    if (pageScores.length !== 2) fail(`the page shows ${pageScores.length} scores, not 2`);
    if (played.turns < 60) fail(`only ${played.turns} tiles placed in a whole base game`);

    // The copied snapshot pasted back in: the same game over, the same scores.
    await page.click('#load-snapshot');
    await waitIdle(page);
    if ((await page.getAttribute('body', 'data-phase')) !== 'PHASE_GAME_OVER') {
      fail('the pasted snapshot is not the game over it was copied from');
    }
    const reloaded = await page.$$eval('#scores tbody td.score',
      (cells) => cells.map((cell) => Number(cell.dataset.score)));
    if (JSON.stringify(reloaded) !== JSON.stringify(pageScores)) {
      fail(`the pasted snapshot shows ${JSON.stringify(reloaded)}`);
    }

    // 4. The picture of the final page.
    fs.mkdirSync(path.dirname(path.resolve(screenshot)), { recursive: true });
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`play_in_browser: screenshot ${screenshot}`);

    if (process.argv.includes('--every-expansion')) await playEveryExpansion(page, base, seed);
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

main().then(() => {
  console.log('play_in_browser: PASS');
}, (error) => {
  console.error(`play_in_browser: FAIL: ${error.message}`);
  process.exit(1);
});
