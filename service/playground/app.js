// The playground's logic (index.html): a client of the public API only.
// (Over 600 lines: one vanilla script with no build step, so the page's
// API calls, chance, history and rendering of each panel live in one file,
// sharing one `page` object.)
//
// Every call goes through call(method, request): a Connect unary call with a
// JSON body (the proto3 JSON mapping: camelCase fields, enum names; fields at
// their default value may be absent from answers, so every read has a
// default). The page is the caller of a stateless referee, so it keeps what
// a game site keeps:
//   * the snapshots, as a history (a stack) whose top is the game now; undo
//     pops it;
//   * chance: the drawn tiles (uniformly from the snapshot's bag, a tile at a
//     time), the tile under a hill (HS-03), a circus tile's animal token
//     (BT-04) and the bazaar's tiles (BC-18), from a seeded generator whose
//     state is kept with each snapshot, so the same seed and the same moves
//     replay the same game.
// Everything else is the referee's: the legal moves (ListLegalActions), the
// board's picture (RenderBoard, with the drawn tile's legal cells
// highlighted), the verdicts and the scoring (ApplyAction, ScoreGame).
//
// For tests, the page exposes its state and entry points as
// window.playground, marks <body data-busy="true"> while a call is under way
// and <body data-phase="PHASE_..."> with the phase, and gives its controls
// stable ids and data-* attributes (see index.html and render* below).
'use strict';

(() => {
  const SERVICE = '/carcassonne.v1.RefereeService/';
  const SEAT_COLOURS = ['#d62728', '#1f5fd6', '#f2c500', '#222222', '#e377c2', '#9e9e9e'];
  const SUPPLY_FIELDS = [
    ['followers', 'followers'], ['bigFollowers', 'big followers'], ['builders', 'builders'],
    ['pigs', 'pigs'], ['mayors', 'mayors'], ['wagons', 'wagons'], ['barns', 'barns'],
    ['castles', 'castle tokens'], ['bridges', 'bridges'], ['abbeys', 'abbeys'],
    ['ringmasters', 'ringmasters'], ['towerFloors', 'tower floors'],
    ['shepherds', 'shepherds'], ['abbots', 'abbots'],
  ];
  const ANIMALS = [
    ['flea', 'ANIMAL_TOKEN_FLEA'], ['monkey', 'ANIMAL_TOKEN_MONKEY'], ['seal', 'ANIMAL_TOKEN_SEAL'],
    ['bear', 'ANIMAL_TOKEN_BEAR'], ['tiger', 'ANIMAL_TOKEN_TIGER'],
    ['elephant', 'ANIMAL_TOKEN_ELEPHANT'],
  ];

  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------------------
  // The API.

  class ApiError extends Error {
    constructor(method, code, message, details) {
      super(`${method}: ${code}: ${message}`);
      this.method = method;
      this.code = code;
      this.details = details || [];
    }
  }

  // One Connect unary call with a JSON body; the answer's JSON, or an
  // ApiError with the Connect error's code, message and details.
  async function call(method, request) {
    const response = await fetch(SERVICE + method, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const text = await response.text();
    let body = {};
    if (text) {
      try {
        body = JSON.parse(text);
      } catch (e) {
        body = { message: text };
      }
    }
    if (!response.ok) {
      throw new ApiError(method, body.code || `http ${response.status}`, body.message || text,
                         body.details);
    }
    return body;
  }

  // The field paths of a Connect error's google.rpc.BadRequest, when the
  // server gave its JSON form (debug); else none.
  function badFields(error) {
    const fields = [];
    for (const detail of error.details || []) {
      const violations = detail && detail.debug && detail.debug.fieldViolations;
      for (const violation of violations || []) {
        fields.push(`${violation.field}: ${violation.description}`);
      }
    }
    return fields;
  }

  // ---------------------------------------------------------------------------
  // Chance: a seeded generator (mulberry32) whose whole state is one 32-bit
  // number, kept with each snapshot.

  function seedFrom(text) {
    let hash = 2166136261;  // FNV-1a over the seed's characters
    for (const c of String(text)) {
      hash ^= c.codePointAt(0);
      hash = Math.imul(hash, 16777619) >>> 0;
    }
    return hash >>> 0;
  }

  class Random {
    constructor(state) { this.state = state >>> 0; }
    // A number in [0, 1).
    next() {
      this.state = (this.state + 0x6d2b79f5) >>> 0;
      let t = this.state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    }
    // One of `counts` ([[item, count], ...]) with probability count / total;
    // null when the total is 0.
    pick(counts) {
      const total = counts.reduce((sum, [, count]) => sum + count, 0);
      if (total <= 0) return null;
      let r = Math.floor(this.next() * total);
      for (const [item, count] of counts) {
        if (r < count) return item;
        r -= count;
      }
      return null;
    }
  }

  // ---------------------------------------------------------------------------
  // What the page holds.

  const page = {
    catalog: null,
    tileTypes: new Map(),   // id -> TileTypeInfo
    // Each entry: { state, rng (the generator's state before this entry's
    // draws), drawn ({tileType, hiddenTileType, animalToken} or null),
    // events (of the action that led here), finalScoringBegin }.
    history: [],
    legal: null,            // ListLegalActionsResponse of the top entry
    selectedCell: null,     // [x, y] chosen on the board
    labels: true,
  };

  const top = () => page.history[page.history.length - 1] || null;
  const num = (value) => Number(value || 0);
  const bagCounts = (state, without = null) => {
    const counts = [];
    for (const entry of (state.bag && state.bag.tiles) || []) {
      let count = num(entry.count);
      if (entry.tileType === without) count -= 1;
      if (count > 0) counts.push([entry.tileType, count]);
    }
    return counts;
  };
  const bagSize = (state) => bagCounts(state).reduce((sum, [, count]) => sum + count, 0);
  const isCircus = (info) => (info && info.segments || []).some(
    (segment) => segment.kind === 'SEGMENT_KIND_CIRCUS_SPACE');

  // Draws what the top entry's decision needs from chance, once: in the
  // tile phase the tile (and what goes with it), unless a bazaar tile is
  // held.
  function drawFor(entry) {
    if (entry.state.phase !== 'PHASE_PLACE_TILE' || entry.drawn) return;
    // The generator goes on from any draw already made for this entry.
    const random = new Random(entry.rngAfter !== undefined ? entry.rngAfter : entry.rng);
    // BC-21: a player who obtained a tile in a bazaar places it on their
    // next turn instead of drawing (a builder's second part draws again).
    const state = entry.state;
    const held = (state.bazaarLots || []).find((lot) => lot.owner !== undefined &&
      num(lot.owner) === num(state.activePlayer));
    if (held && !state.secondPart) {
      entry.drawn = drawnWith(held.tileType, state, random);
      entry.rngAfter = random.state;
      return;
    }
    const excluded = entry.excluded || [];
    const tileType = random.pick(bagCounts(state).filter(([type]) => !excluded.includes(type)));
    if (tileType === null) return;  // an untracked or empty bag: the player names the tile
    entry.drawn = drawnWith(tileType, state, random);
    entry.drawnByChance = true;
    entry.rngAfter = random.state;
  }

  // The tile in hand with what goes with it: the tile laid under a hill
  // (HS-03, from the bag without the drawn copy) and a circus tile's animal
  // token (BT-04, from the big top's supply).
  function drawnWith(tileType, state, random) {
    const drawn = { tileType };
    const info = page.tileTypes.get(tileType);
    if (info && info.hill) {
      const hidden = random.pick(bagCounts(state, tileType));
      if (hidden !== null) drawn.hiddenTileType = hidden;
    }
    if (isCircus(info)) {
      const supply = (state.bigTop && state.bigTop.supply) || {};
      const token = random.pick(ANIMALS.map(([field, name]) => [name, num(supply[field])]));
      if (token !== null) drawn.animalToken = token;
    }
    return drawn;
  }

  // ---------------------------------------------------------------------------
  // Busy marking and messages.

  let busyCount = 0;
  async function busy(work) {
    busyCount += 1;
    document.body.dataset.busy = 'true';
    try {
      return await work();
    } catch (error) {
      showError(error);
      return undefined;
    } finally {
      busyCount -= 1;
      if (busyCount === 0) document.body.dataset.busy = 'false';
    }
  }

  function showError(error) {
    const box = $('error');
    const fields = error instanceof ApiError ? badFields(error) : [];
    box.textContent = [String(error.message || error), ...fields].join('\n');
    box.hidden = false;
  }
  function clearError() {
    $('error').hidden = true;
    $('error').textContent = '';
  }
  function say(text) { $('status').textContent = text; }

  // ---------------------------------------------------------------------------
  // Set-up from the catalogue.

  // "EXPANSION_INNS_AND_CATHEDRALS" -> "Inns and cathedrals".
  function enumWords(name, prefix) {
    const words = name.replace(prefix, '').toLowerCase().replace(/_/g, ' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  // The RuleSet field (JSON name) of a rule option: its name with '.' as
  // '_', the base game's without its module ("tb.goods" -> tbGoods,
  // "base.tiny_city_points" -> tinyCityPoints). (The descriptions' own
  // mentions of RuleSet fields are not relied on: one names a field that
  // does not exist.)
  function optionField(option) {
    const snake = option.name.replace('.', '_').replace(/^base_/, '');
    return snake.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
  }

  // The JSON value of an option's value: booleans as such; a count (every
  // value a whole number: base.followers, ic.big_followers, am.barns) as
  // that number; an enum value as its number (the values are listed in the
  // enum's order from 1, after a "not_chosen" that stands for the unset 0).
  // Null: leave the field unset.
  function optionValue(option, value) {
    const values = option.values || [];
    if (values.length === 2 && values.includes('true') && values.includes('false')) {
      return value === 'true';
    }
    if (values.length && values.every((v) => /^-?[0-9]+$/.test(v))) return Number(value);
    if (value === 'not_chosen') return null;
    const listed = values.filter((v) => v !== 'not_chosen');
    const index = listed.indexOf(value);
    return index < 0 ? null : index + 1;
  }

  // The RuleSet the set-up form asks for: the expansions ticked and the
  // options changed from their defaults.
  function rulesFromForm() {
    const rules = {};
    const expansions = [...document.querySelectorAll('#expansions input[data-expansion]:checked')]
      .map((box) => box.dataset.expansion);
    if (expansions.length) rules.expansions = expansions;
    for (const select of document.querySelectorAll('#options select[data-option]')) {
      const option = page.catalog.ruleOptions.find((o) => o.name === select.dataset.option);
      if (!option || select.value === option.defaultValue) continue;
      const value = optionValue(option, select.value);
      if (value !== null) rules[optionField(option)] = value;
    }
    return rules;
  }

  function renderPlayerNames() {
    const count = Number($('player-count').value);
    const box = $('player-names');
    const names = [...box.querySelectorAll('input')].map((input) => input.value);
    box.textContent = '';
    const defaults = ['Ann', 'Bob', 'Cyd', 'Dee', 'Eve', 'Fay'];
    for (let seat = 0; seat < count; seat++) {
      const label = document.createElement('label');
      label.htmlFor = `player-name-${seat}`;
      label.textContent = `Seat ${seat}`;
      const input = document.createElement('input');
      input.type = 'text';
      input.id = `player-name-${seat}`;
      input.value = names[seat] || defaults[seat];
      box.append(label, input);
    }
  }

  function renderSetup() {
    const expansions = $('expansions');
    for (const name of page.catalog.supportedExpansions || []) {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = `expansion-${name}`;
      box.dataset.expansion = name;
      label.append(box, ` ${enumWords(name, 'EXPANSION_')}`);
      expansions.append(label);
    }
    const options = $('options');
    for (const option of page.catalog.ruleOptions || []) {
      const label = document.createElement('label');
      const select = document.createElement('select');
      select.id = `option-${option.name}`;
      select.dataset.option = option.name;
      for (const value of option.values || []) {
        const item = document.createElement('option');
        item.value = value;
        item.textContent = value === option.defaultValue ? `${value} (default)` : value;
        item.selected = value === option.defaultValue;
        select.append(item);
      }
      label.title = option.description || '';
      label.append(`${option.name} (${(option.ruleIds || []).join(', ')}) `, select);
      options.append(label);
    }
    const list = $('tile-type-ids');
    for (const id of page.tileTypes.keys()) {
      const item = document.createElement('option');
      item.value = id;
      list.append(item);
    }
  }

  // ---------------------------------------------------------------------------
  // The game.

  async function newGame() {
    clearError();
    const playerNames = [...document.querySelectorAll('#player-names input')]
      .map((input) => input.value);
    const seedText = $('seed').value.trim() || String(Date.now());
    $('seed').value = seedText;
    const response = await call('NewGame', { playerNames, rules: rulesFromForm() });
    page.history = [{ state: response.state, rng: seedFrom(seedText), drawn: null, events: [] }];
    page.selectedCell = null;
    await refresh();
  }

  // Applies `action` to the top snapshot: the verdict, and if legal the next
  // snapshot on the history with the action's events.
  async function apply(action) {
    clearError();
    const entry = top();
    const response = await call('ApplyAction', { state: entry.state, action });
    const verdict = response.verdict || {};
    if (!verdict.legal) {
      const reasons = (verdict.violations || [])
        .map((v) => `${v.message || v.code} (${v.ruleId || 'no rule id'})`);
      throw new Error(`illegal: ${reasons.join('; ')}`);
    }
    // The tile in hand stays in hand until it is placed or discarded.
    const tileUsed = 'placeTile' in action || 'discardTile' in action;
    page.history.push({
      state: response.state,
      rng: entry.rngAfter !== undefined ? entry.rngAfter : entry.rng,
      drawn: tileUsed ? null : entry.drawn,
      events: response.events || [],
      finalScoringBegin: response.finalScoringBegin,
    });
    page.selectedCell = null;
    await refresh();
  }

  // The bazaar's tiles (BC-18): one per player, drawn from the bag; the
  // caller's chance, so the page names them in Action.draw_bazaar_tiles.
  function bazaarDraw(entry) {
    const random = new Random(entry.rng);
    const counts = bagCounts(entry.state);
    const tiles = [];
    for (let i = 0; i < (entry.state.players || []).length; i++) {
      const tile = random.pick(counts);
      if (tile === null) break;
      tiles.push(tile);
      counts.find(([type]) => type === tile)[1] -= 1;
    }
    entry.rngAfter = random.state;
    return { drawBazaarTiles: { tileTypes: tiles } };
  }

  // Asks the referee what may be done now and draws the board.
  async function refresh() {
    const entry = top();
    if (!entry) return;
    const state = entry.state;
    page.legal = { actions: [], placements: [] };
    if (state.phase === 'PHASE_PLACE_TILE') {
      // A drawn tile that gets no action at all (not even DiscardTile) could
      // not be drawn now (the River's tiles come first, RV-01; a hill needs a
      // tile to go under it, HS-04): it goes back and another is drawn, as
      // a player at the table would.
      for (;;) {
        drawFor(entry);
        if (!entry.drawn) break;
        page.legal = await call('ListLegalActions', { state, ...entry.drawn });
        if ((page.legal.actions || []).length > 0 || !entry.drawnByChance) break;
        entry.excluded = [...(entry.excluded || []), entry.drawn.tileType];
        entry.drawn = null;
      }
    } else if (state.phase !== 'PHASE_GAME_OVER') {
      page.legal = await call('ListLegalActions', { state });
    }
    if (state.phase !== 'PHASE_GAME_OVER') {
      page.legal.actions = page.legal.actions || [];
      page.legal.placements = page.legal.placements || [];
      if (state.phase === 'PHASE_BAZAAR_DRAW' && page.legal.actions.length === 0 &&
          state.bag) {
        page.legal.actions.push(bazaarDraw(entry));
      }
    }
    await renderBoard();
    renderTurn();
    renderDecision();
    renderScores();
    renderEvents();
    $('snapshot').value = JSON.stringify(state, null, 2);
  }

  // The distinct cells of the listed tile placements, in listed order.
  function legalCells() {
    const cells = [];
    const seen = new Set();
    for (const action of page.legal.actions) {
      if (!action.placeTile) continue;
      const x = num(action.placeTile.x);
      const y = num(action.placeTile.y);
      if (seen.has(`${x},${y}`)) continue;
      seen.add(`${x},${y}`);
      cells.push([x, y]);
    }
    return cells;
  }

  async function renderBoard() {
    const highlights = legalCells().map(([x, y]) => ({ x, y, style: 'HIGHLIGHT_STYLE_PLACEMENT' }));
    if (page.selectedCell) {
      const [x, y] = page.selectedCell;
      highlights.push({ x, y, style: 'HIGHLIGHT_STYLE_SELECTED' });
    }
    const response = await call('RenderBoard', {
      state: top().state,
      options: { highlights, labels: page.labels },
    });
    // The referee's own SVG document (a trusted same-origin answer), inline
    // so that its highlighted cells can be clicked.
    const board = $('board');
    board.innerHTML = response.svg || '';
    board.dataset.highlights = String(highlights.length);
  }

  function renderTurn() {
    const entry = top();
    const state = entry.state;
    document.body.dataset.phase = state.phase || '';
    $('phase').textContent = state.phase === 'PHASE_GAME_OVER'
      ? 'Game over' : enumWords(state.phase || 'PHASE_UNSPECIFIED', 'PHASE_');
    const deciding = num(state.decidingPlayer);
    const players = state.players || [];
    $('deciding').textContent = state.phase === 'PHASE_GAME_OVER'
      ? '-' : `${(players[deciding] || {}).name || ''} (seat ${deciding})`;
    const drawn = entry.drawn;
    $('drawn-tile').textContent = drawn && state.phase === 'PHASE_PLACE_TILE'
      ? [drawn.tileType, drawn.hiddenTileType && `over ${drawn.hiddenTileType}`,
         drawn.animalToken].filter(Boolean).join(', ')
      : '-';
    $('drawn-tile').dataset.tileType = drawn ? drawn.tileType : '';
    $('bag-count').textContent = state.bag ? String(bagSize(state)) : 'not tracked';
    say(state.phase === 'PHASE_GAME_OVER' ? 'The game is over.' : '');
    $('undo').disabled = page.history.length <= 1;
  }

  // A short text of an action for its button: its kind and its fields.
  function describeAction(action) {
    const kind = Object.keys(action)[0] || 'action';
    const body = action[kind] || {};
    if (kind === 'placeFigure') {
      const segment = body.segment || {};
      const where = segment.location ? segment.location.replace('LOCATION_', '')
        : segment.segmentId || '?';
      return `${(body.kind || 'FIGURE_KIND_FOLLOWER').replace('FIGURE_KIND_', '').toLowerCase()}` +
        ` on ${where} at (${num(segment.x)}, ${num(segment.y)})`;
    }
    const fields = JSON.stringify(body);
    return fields === '{}' ? kind : `${kind} ${fields}`;
  }

  function button(text, attributes, onClick) {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = text;
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    element.addEventListener('click', onClick);
    return element;
  }

  function renderDecision() {
    const cells = $('cells');
    const rotations = $('rotations');
    const actions = $('actions');
    cells.textContent = '';
    rotations.textContent = '';
    actions.textContent = '';
    for (const [x, y] of legalCells()) {
      cells.append(button(`(${x}, ${y})`, { 'data-x': x, 'data-y': y },
                          () => busy(() => selectCell(x, y))));
    }
    // The rotations (and bridges, and the abbey) legal at the chosen cell.
    if (page.selectedCell) {
      const [x, y] = page.selectedCell;
      $('rotations-title').textContent = `Rotations at (${x}, ${y})`;
      page.legal.actions.forEach((action, index) => {
        const place = action.placeTile;
        if (!place || num(place.x) !== x || num(place.y) !== y) return;
        const parts = [`${num(place.rotation)}°`];
        if (place.tileType && top().drawn && place.tileType !== top().drawn.tileType) {
          parts.push(place.tileType);
        }
        if (place.bridge) parts.push(`bridge ${String(place.bridge.axis || '').replace('BRIDGE_AXIS_', '')} at (${num(place.bridge.x)}, ${num(place.bridge.y)})`);
        rotations.append(button(parts.join(', '), {
          'data-action-index': index, 'data-rotation': num(place.rotation),
        }, () => busy(() => apply(action))));
      });
    } else {
      $('rotations-title').textContent = 'Rotations (choose a cell first)';
    }
    // Every other decision listed, one button each.
    page.legal.actions.forEach((action, index) => {
      if (action.placeTile) return;
      const kind = Object.keys(action)[0] || 'action';
      actions.append(button(describeAction(action), {
        'data-action-index': index, 'data-action-kind': kind,
      }, () => busy(() => apply(action))));
    });
  }

  async function selectCell(x, y) {
    page.selectedCell = [x, y];
    await renderBoard();
    renderDecision();
  }

  function renderScores() {
    const state = top().state;
    const body = $('scores').querySelector('tbody');
    body.textContent = '';
    (state.players || []).forEach((player, seat) => {
      const row = document.createElement('tr');
      row.dataset.seat = String(seat);
      if (seat === num(state.decidingPlayer) && state.phase !== 'PHASE_GAME_OVER') {
        row.classList.add('deciding');
      }
      const seatCell = document.createElement('td');
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = SEAT_COLOURS[seat] || '#999';
      seatCell.append(swatch, String(seat));
      const name = document.createElement('td');
      name.textContent = player.name || '';
      const score = document.createElement('td');
      score.className = 'score';
      score.dataset.score = String(num(player.score));
      score.textContent = String(num(player.score));
      const supply = document.createElement('td');
      const parts = SUPPLY_FIELDS.filter(([field]) => num(player[field]) > 0)
        .map(([field, words]) => `${num(player[field])} ${words}`);
      const goods = player.goods || {};
      if (num(goods.wine) + num(goods.grain) + num(goods.cloth) > 0) {
        parts.push(`goods: ${num(goods.wine)} wine, ${num(goods.grain)} grain, ` +
                   `${num(goods.cloth)} cloth`);
      }
      supply.textContent = parts.join(', ') || 'none';
      row.append(seatCell, name, score, supply);
      body.append(row);
    });
  }

  // The events of the last action, each with its line items and rule ids.
  function renderEvents(events = top().events, finalBegin = top().finalScoringBegin) {
    const list = $('events');
    list.textContent = '';
    const players = top().state.players || [];
    events.forEach((event, index) => {
      const item = document.createElement('li');
      const rules = (event.lineItems || []).map((line) => line.ruleId).filter(Boolean);
      item.dataset.ruleIds = rules.join(' ');
      const final = finalBegin !== undefined && index >= num(finalBegin) ? ' (final scoring)' : '';
      const points = (event.points || [])
        .map((p) => `${(players[num(p.player)] || {}).name || `seat ${num(p.player)}`} +${num(p.points)}`)
        .join(', ') || 'nobody scores';
      item.append(`${enumWords(event.featureKind || 'FEATURE_KIND_UNSPECIFIED', 'FEATURE_KIND_')}` +
                  `${event.complete ? ' (complete)' : ''}${final}: ${points}`);
      const lines = document.createElement('ul');
      for (const line of event.lineItems || []) {
        const li = document.createElement('li');
        const rule = document.createElement('span');
        rule.className = 'rule';
        rule.textContent = line.ruleId || '';
        li.append(`${line.description || ''} = ${num(line.points)} `, rule);
        lines.append(li);
      }
      item.append(lines);
      list.append(item);
    });
  }

  // ---------------------------------------------------------------------------
  // Wiring.

  function wire() {
    $('player-count').addEventListener('change', renderPlayerNames);
    $('setup-form').addEventListener('submit', (event) => {
      event.preventDefault();
      busy(newGame);
    });
    $('board').addEventListener('click', (event) => {
      const cell = event.target.closest && event.target.closest('rect.highlight');
      if (!cell) return;
      const x = Number(cell.dataset.x);
      const y = Number(cell.dataset.y);
      if (legalCells().some(([cx, cy]) => cx === x && cy === y)) {
        busy(() => selectCell(x, y));
      }
    });
    $('undo').addEventListener('click', () => busy(async () => {
      if (page.history.length <= 1) return;
      page.history.pop();
      page.selectedCell = null;
      clearError();
      await refresh();
    }));
    $('labels').addEventListener('change', () => busy(async () => {
      page.labels = $('labels').checked;
      if (top()) await renderBoard();
    }));
    $('use-drawn-tile').addEventListener('click', () => busy(async () => {
      const entry = top();
      const id = $('drawn-tile-input').value.trim();
      if (!entry || entry.state.phase !== 'PHASE_PLACE_TILE' || !id) return;
      const random = new Random(entry.rng);
      entry.drawn = drawnWith(id, entry.state, random);
      entry.drawnByChance = false;  // the player's choice: kept even if it cannot be drawn
      entry.rngAfter = random.state;
      page.selectedCell = null;
      await refresh();
    }));
    $('apply-custom-action').addEventListener('click', () => busy(async () => {
      await apply(JSON.parse($('custom-action').value));
    }));
    $('copy-snapshot').addEventListener('click', () => {
      const entry = top();
      if (!entry) return;
      const text = JSON.stringify(entry.state, null, 2);
      $('snapshot').value = text;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).catch(() => {});
      }
      say('The snapshot is in the box (and on the clipboard where the browser allows).');
    });
    $('load-snapshot').addEventListener('click', () => busy(async () => {
      clearError();
      const parsed = JSON.parse($('snapshot').value);
      const state = parsed && parsed.state && !parsed.players ? parsed.state : parsed;
      const rng = top() ? top().rng : seedFrom($('seed').value || '0');
      page.history.push({ state, rng, drawn: null, events: [] });
      page.selectedCell = null;
      await refresh();
    }));
    $('score-now').addEventListener('click', () => busy(async () => {
      const response = await call('ScoreGame', { state: top().state });
      renderEvents(response.events || [], 0);
      say(`If the game ended now: ${(response.finalScores || []).map(num).join(', ')}.`);
    }));
  }

  async function start() {
    wire();
    renderPlayerNames();
    $('seed').value = String(Math.floor(Math.random() * 1e9));
    await busy(async () => {
      page.catalog = await call('GetCatalog', {});
      for (const set of page.catalog.tileSets || []) {
        for (const type of set.tileTypes || []) page.tileTypes.set(type.id, type);
      }
      renderSetup();
      say('Choose the players, expansions and options, then start a new game.');
    });
    document.body.dataset.busy = 'false';
  }

  window.playground = {
    call, page, top, apply, newGame, refresh, rulesFromForm, optionField, optionValue,
    seedFrom, Random,
  };
  start();
})();
