#!/usr/bin/env node
// An example game site's backend in Node.js: plays one whole base game of
// Carcassonne against a running Carcassonne Referee over gRPC, the way a site
// would. The site owns the game and its bag; the referee only judges.
//
//   NewGame                      -> the opening snapshot (start tile, bag, supplies)
//   a malformed request          -> INVALID_ARGUMENT, its google.rpc.BadRequest and
//                                   google.rpc.ErrorInfo (the reason) read
//   then, each turn:
//     draw a tile from the bag (the site's own seeded random draw)
//     ListLegalActions(tile)     -> every legal placement; pick one
//     ApplyAction(placeTile)     -> verdict, score events, next snapshot
//     ListLegalActions           -> the figure choices; pick one (or pass)
//     ApplyAction(placeFigure | pass)
//   once, an illegal move        -> a normal answer: verdict.legal = false and
//                                   its violations (code, rule id, message)
//   the bag is empty             -> the referee ran the end-of-game scoring
//   ScoreGame                    -> the final scores, checked against the snapshot
//
// Usage: node play_game.js [--target=localhost:50051] [--seed=1]
//                          [--players=Ann,Bob] [--max_turns=0 (no limit)]
// Exit status: 0 when the game was played to its end and every check held.
'use strict';

const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

// ---------------------------------------------------------------------------
// Command line

function parseFlags(argv) {
  const flags = {target: 'localhost:50051', seed: 1, players: 'Ann,Bob', max_turns: 0};
  for (const arg of argv) {
    const match = /^--([a-z_]+)=(.*)$/.exec(arg);
    if (!match || !(match[1] in flags)) {
      throw new Error(`unknown argument ${arg}; flags: ${Object.keys(flags).map((f) => '--' + f).join(' ')}`);
    }
    flags[match[1]] = typeof flags[match[1]] === 'number' ? Number(match[2]) : match[2];
  }
  return flags;
}

// ---------------------------------------------------------------------------
// The API: loaded from the .proto at run time (no code generation step):
// referee.proto and the files of the API it imports, from PROTO_ROOT.

const PROTO_ROOT = path.resolve(__dirname, '..', '..', '..', 'proto');

function loadRefereeService() {
  const definition = protoLoader.loadSync('carcassonne/v1/referee.proto', {
    includeDirs: [PROTO_ROOT],
    keepCase: false,  // JSON names: playerNames, tileType, ... as in docs/protocol.md
    enums: String,    // 'PHASE_PLACE_TILE' rather than 1
    longs: String,
    defaults: false,  // keep field presence: an unset `optional` stays unset
    oneofs: true,     // action.action names the chosen member of the oneof
  });
  return grpc.loadPackageDefinition(definition).carcassonne.v1.RefereeService;
}

// A unary call as a promise, with a deadline.
function call(client, method, request) {
  return new Promise((resolve, reject) => {
    const deadline = new Date(Date.now() + 10000);
    client[method](request, {deadline}, (error, response) => (error ? reject(error) : resolve(response)));
  });
}

// ---------------------------------------------------------------------------
// Rich errors: an INVALID_ARGUMENT carries a google.rpc.Status in the trailer
// grpc-status-details-bin, whose details hold a google.rpc.ErrorInfo (the
// reason) and a google.rpc.BadRequest naming every offending field. The four
// messages are small enough to declare here.

const richErrors = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        protobuf: {nested: {Any: {fields: {type_url: {type: 'string', id: 1}, value: {type: 'bytes', id: 2}}}}},
        rpc: {
          nested: {
            Status: {
              fields: {
                code: {type: 'int32', id: 1},
                message: {type: 'string', id: 2},
                details: {rule: 'repeated', type: 'google.protobuf.Any', id: 3},
              },
            },
            ErrorInfo: {
              fields: {
                reason: {type: 'string', id: 1},
                domain: {type: 'string', id: 2},
                metadata: {keyType: 'string', type: 'string', id: 3},
              },
            },
            BadRequest: {
              fields: {field_violations: {rule: 'repeated', type: 'FieldViolation', id: 1}},
              nested: {
                FieldViolation: {
                  fields: {field: {type: 'string', id: 1}, description: {type: 'string', id: 2}},
                },
              },
            },
          },
        },
      },
    },
  },
});
const StatusMessage = richErrors.lookupType('google.rpc.Status');
const BadRequestMessage = richErrors.lookupType('google.rpc.BadRequest');
const ErrorInfoMessage = richErrors.lookupType('google.rpc.ErrorInfo');

// The google.rpc.ErrorInfo of a gRPC error, null when it carries none. Every
// error of the referee carries one: a stable reason, the domain
// "carcassonne.referee" and metadata; for INVALID_ARGUMENT the first field's
// path in the JSON spelling (jsonField) and each violation's reason (reason0,
// ...). docs/errors-reference.md lists every reason.
function errorInfo(error) {
  for (const bytes of error.metadata ? error.metadata.get('grpc-status-details-bin') : []) {
    for (const detail of StatusMessage.decode(bytes).details) {
      if (detail.type_url === 'type.googleapis.com/google.rpc.ErrorInfo') {
        return ErrorInfoMessage.decode(detail.value);
      }
    }
  }
  return null;
}

// The field violations of a gRPC error, [] when it carries none.
function fieldViolations(error) {
  const violations = [];
  for (const bytes of error.metadata ? error.metadata.get('grpc-status-details-bin') : []) {
    const status = StatusMessage.decode(bytes);
    for (const detail of status.details) {
      if (detail.type_url === 'type.googleapis.com/google.rpc.BadRequest') {
        violations.push(...BadRequestMessage.decode(detail.value).field_violations);
      }
    }
  }
  return violations;
}

// ---------------------------------------------------------------------------
// The site's side of the game: a seeded random source (the same seed plays the
// same game), the draw from the bag, and the choice among legal actions.

function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {  // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function drawTile(state, random) {
  const tiles = (state.bag && state.bag.tiles) || [];
  const total = tiles.reduce((sum, entry) => sum + (entry.count || 0), 0);
  let pick = Math.floor(random() * total);
  for (const entry of tiles) {
    pick -= entry.count || 0;
    if (pick < 0) return entry.tileType;
  }
  throw new Error('the bag is empty but the game is not over');
}

function describeSegment(segment) {
  if (!segment) return '?';
  const where = segment.location ? segment.location.replace('LOCATION_', '') : segment.segmentId;
  return `(${segment.x || 0}, ${segment.y || 0}) ${where}`;
}

function describeAction(action) {
  switch (action.action) {
    case 'placeTile': {
      const tile = action.placeTile;
      return `places ${tile.tileType} at (${tile.x || 0}, ${tile.y || 0}) turned ${tile.rotation || 0}`;
    }
    case 'placeFigure':
      return `puts a ${action.placeFigure.kind.replace('FIGURE_KIND_', '').toLowerCase()} on ${describeSegment(action.placeFigure.segment)}`;
    case 'pass':
      return 'passes';
    case 'discardTile':
      return `discards ${action.discardTile.tileType} (it fits nowhere, BG-03)`;
    default:
      return action.action;
  }
}

function describeEvent(event, names) {
  const kind = (event.featureKind || 'FEATURE_KIND_UNSPECIFIED').replace('FEATURE_KIND_', '').toLowerCase();
  const points = (event.points || []).map((p) => `${names[p.player || 0]} +${p.points || 0}`).join(', ');
  const items = (event.lineItems || []).map((item) => `${item.description} [${item.ruleId}]`).join('; ');
  return `${event.complete ? 'completed' : 'unfinished'} ${kind}: ${points || 'nobody scores'}${items ? ' (' + items + ')' : ''}`;
}

// Chooses one of the legal actions: a figure half of the time when one may be
// placed, else a pass; any placement of the tile.
function chooseAction(actions, random) {
  const figures = actions.filter((a) => a.action === 'placeFigure');
  if (figures.length > 0 && random() < 0.5) return figures[Math.floor(random() * figures.length)];
  const others = actions.filter((a) => a.action !== 'placeFigure');
  const pool = others.length > 0 ? others : actions;
  return pool[Math.floor(random() * pool.length)];
}

// ---------------------------------------------------------------------------

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const RefereeService = loadRefereeService();
  const client = new RefereeService(flags.target, grpc.credentials.createInsecure());
  await new Promise((resolve, reject) =>
    client.waitForReady(Date.now() + 10000, (error) => (error ? reject(error) : resolve())));
  const random = seededRandom(flags.seed);
  const names = flags.players.split(',');

  // 1. A new game.
  let state = (await call(client, 'newGame', {playerNames: names})).state;
  const bagSize = state.bag.tiles.reduce((sum, entry) => sum + entry.count, 0);
  console.log(`NewGame: ${names.join(' and ')}, start tile ${state.tiles[0].tileType} at (0, 0), ${bagSize} tiles in the bag`);

  // 2. A malformed request is an RPC error with the offending field paths.
  try {
    await call(client, 'validateAction', {
      state,
      action: {placeTile: {tileType: 'base:E', x: 0, y: -1, rotation: 45}},
    });
    throw new Error('a rotation of 45 degrees was accepted');
  } catch (error) {
    if (error.code !== grpc.status.INVALID_ARGUMENT) throw error;
    const violations = fieldViolations(error);
    if (violations.length === 0) throw new Error('INVALID_ARGUMENT without a google.rpc.BadRequest');
    for (const violation of violations) {
      console.log(`malformed request: INVALID_ARGUMENT, field ${violation.field}: ${violation.description}`);
    }
    const info = errorInfo(error);
    if (info === null || info.domain !== 'carcassonne.referee') {
      throw new Error("INVALID_ARGUMENT without the referee's google.rpc.ErrorInfo");
    }
    console.log(`malformed request: reason ${info.reason}, JSON field ${info.metadata.jsonField}`);
  }

  // 3. The turns, until the referee says the game is over.
  let turn = 0;
  let illegalMoveShown = false;
  while (state.phase !== 'PHASE_GAME_OVER') {
    if (flags.max_turns > 0 && turn >= flags.max_turns) break;
    turn += 1;
    const player = names[state.activePlayer || 0];
    const tileType = drawTile(state, random);

    // The illegal-move case, once: the drawn tile on the start tile's cell.
    // An illegal move is an answer (verdict), not an RPC error.
    if (!illegalMoveShown) {
      const illegal = await call(client, 'applyAction', {state, action: {placeTile: {tileType, x: 0, y: 0, rotation: 0}}});
      if (illegal.verdict.legal || illegal.state) throw new Error('a tile on an occupied cell was accepted');
      for (const violation of illegal.verdict.violations) {
        console.log(`illegal move: ${player} ${tileType} at (0, 0): ${violation.code} [${violation.ruleId}] ${violation.message}`);
      }
      illegalMoveShown = true;
    }

    // The tile, then the figure (or a pass): each step is one legal action
    // chosen from ListLegalActions and applied with ApplyAction.
    const steps = [];
    let listRequest = {state, tileType};
    do {
      const legal = await call(client, 'listLegalActions', listRequest);
      if (!legal.actions || legal.actions.length === 0) throw new Error(`no legal action in ${state.phase}`);
      const action = chooseAction(legal.actions, random);
      const applied = await call(client, 'applyAction', {state, action});
      if (!applied.verdict.legal) {
        throw new Error(`a listed action was judged illegal: ${JSON.stringify(applied.verdict)}`);
      }
      steps.push(describeAction(action));
      for (const event of applied.events || []) steps.push(describeEvent(event, names));
      state = applied.state;
      listRequest = {state};
      // A tile that fits nowhere is discarded and the same player draws again.
    } while (state.phase !== 'PHASE_PLACE_TILE' && state.phase !== 'PHASE_GAME_OVER');
    console.log(`turn ${turn}: ${player} ${steps.join('; ')}`);
  }

  // 4. The final scores. After the last tile the referee has already run the
  // end-of-game scoring (its events were printed with the last turn), so
  // ScoreGame adds nothing and must agree with the snapshot's scores.
  const scored = await call(client, 'scoreGame', {state});
  const finalScores = scored.finalScores || [];
  for (const event of scored.events || []) console.log(`ScoreGame: ${describeEvent(event, names)}`);
  const snapshotScores = state.players.map((p) => p.score || 0);
  if (state.phase === 'PHASE_GAME_OVER' && finalScores.join() !== snapshotScores.join()) {
    throw new Error(`ScoreGame ${finalScores} differs from the snapshot's scores ${snapshotScores}`);
  }
  const table = names.map((name, i) => `${name} ${finalScores[i] || 0}`).join(', ');
  console.log(`${state.phase === 'PHASE_GAME_OVER' ? 'game over' : 'stopped'} after ${turn} turns: ${table}`);
  client.close();
}

main().catch((error) => {
  console.error(`play_game: ${error.stack || error}`);
  process.exit(1);
});
